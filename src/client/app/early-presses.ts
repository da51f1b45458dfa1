interface Held {
  stop: () => void;
  button?: HTMLButtonElement;
}

const held = new WeakMap<HTMLElement, Held>();

/**
 * Until its island runs, a prerendered button has no handler: a press on it would be lost, and a
 * submit button would send its form natively. So a press on a button of `box` is held, the island
 * is started at once, and the island presses that button again once it runs. A pointer coming
 * down or the focus coming in starts the island too, before the press itself
 * (docs/decisions/0030-presses-before-an-island-runs.md).
 */
export function holdEarlyPresses(box: HTMLElement, start: () => void): void {
  const entry: Held = { stop: () => {} };
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || !box.contains(button)) return;
    event.preventDefault();
    // The press is handed on when it is pressed again, not now, to another island's listener say.
    event.stopPropagation();
    entry.button = button;
    start();
  };
  box.addEventListener('click', onClick, true);
  box.addEventListener('pointerdown', start, { passive: true });
  box.addEventListener('focusin', start);
  entry.stop = () => {
    box.removeEventListener('click', onClick, true);
    box.removeEventListener('pointerdown', start);
    box.removeEventListener('focusin', start);
  };
  held.set(box, entry);
}

/**
 * Stops holding the presses on `box`, as its root is made: React answers those that come while it
 * hydrates. Returns what to run once the island runs: pressing again the button pressed before.
 */
export function releaseEarlyPresses(box: HTMLElement): () => void {
  const entry = held.get(box);
  held.delete(box);
  entry?.stop();
  return () => {
    const button = entry?.button;
    if (!entry || !button) return;
    entry.button = undefined;
    if (button.isConnected && !button.disabled) button.click();
  };
}
