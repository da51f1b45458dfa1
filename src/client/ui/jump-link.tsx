import type { MouseEvent, ReactNode } from 'react';

/**
 * A link to a part of the same admin screen that takes the view and the focus there, so the
 * keyboard goes on from the part it names. The jump is made here, at once rather than gliding:
 * Chromium drops a smooth jump begun while the view still glides to the focused link, and a glide
 * ends where the part was when it began, though panels above it may still be loading; after an
 * instant jump the browser's scroll anchoring keeps the part in view as they grow.
 */
export function JumpLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const jump = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(to);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'start', behavior: 'instant' });
    target.focus({ preventScroll: true });
    history.replaceState(history.state, '', `#${to}`);
  };
  return (
    <a href={`#${to}`} className={className} onClick={jump}>
      {children}
    </a>
  );
}
