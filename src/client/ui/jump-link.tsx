import type { ReactNode } from 'react';
import { onAnchorClick } from '../lib/scroll';

/**
 * A link to a part of the same admin screen that takes the view and the focus there, so the
 * keyboard goes on from the part it names. The jump is made here, not left to the browser's own:
 * Chromium drops a smooth jump begun while the view still glides to the focused link.
 */
export function JumpLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const focus = () => document.getElementById(to)?.focus({ preventScroll: true });
  return (
    <a href={`#${to}`} className={className} onClick={onAnchorClick(to, 0, focus)}>
      {children}
    </a>
  );
}
