import { whenIdle } from '../lib/idle';
import { oneTaskEach } from '../lib/one-task-each';
import type { IslandName } from '../ui/island';
import { holdEarlyPresses, releaseEarlyPresses } from './early-presses';
import { ISLANDS } from './islands';

/** How near the viewport a below-the-fold island starts to load. */
const NEAR = '600px';

// The entry module holds no React: it and React's client would otherwise load before the first
// paint, which is all the first view needs (docs/decisions/0021-react-islands.md).
async function hydrate(box: HTMLElement, name: IslandName) {
  const [{ hydrateIsland }, Component] = await Promise.all([import('./island-root'), ISLANDS[name].load()]);
  hydrateIsland(box, name, Component, releaseEarlyPresses(box));
}

/**
 * Hydrates the prerendered page's islands, each once: those above the fold at once (the caller
 * waits for the first contentful paint), the others when they come within NEAR of the viewport or
 * when the browser is idle, whichever comes first, or as soon as the visitor reaches for one. The
 * rest of the page stays the prerendered HTML.
 */
export function hydrateIslands(page: ParentNode): void {
  const started = new WeakSet<Element>();
  // Asking for an island's chunks is some milliseconds of work each, and the idle callback asks
  // for six islands at once (decision 0028; since 0029 they preload nothing).
  const inItsOwnTask = oneTaskEach();
  const start = (box: HTMLElement) => {
    if (started.has(box)) return;
    started.add(box);
    const name = box.dataset.island as IslandName;
    if (ISLANDS[name]) inItsOwnTask(() => void hydrate(box, name));
  };
  const boxes = [...page.querySelectorAll<HTMLElement>('[data-island]')];
  for (const box of boxes) if (ISLANDS[box.dataset.island as IslandName]) holdEarlyPresses(box, () => start(box));
  const later = boxes.filter((box) => !ISLANDS[box.dataset.island as IslandName]?.eager);
  boxes.filter((box) => !later.includes(box)).forEach(start);
  // A box is `display: contents`, so the observer watches its first child.
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const box = entry.target.closest<HTMLElement>('[data-island]');
        if (box) start(box);
      }
    },
    { rootMargin: NEAR },
  );
  for (const box of later) {
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    else start(box);
  }
  whenIdle(() => {
    observer.disconnect();
    later.forEach(start);
  });
}
