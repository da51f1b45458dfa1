import type { ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** How much must be visible before it shows: roughly 10-20 %, late enough to be seen moving. */
  threshold?: number;
  rootMargin?: string;
  className?: string;
}

/**
 * A box that fades in when it scrolls into view. It is rendered visible ("static"); the page's
 * script (lib/reveal-on-scroll.ts) hides it while it is below the fold and shows it when it comes
 * in, so without JavaScript nothing is ever hidden. The phases' styles are in styles.css.
 */
export function Reveal({ children, threshold = 0.15, rootMargin = '0px', className = '' }: Props) {
  return (
    <div
      data-reveal="static"
      data-threshold={threshold}
      data-root-margin={rootMargin}
      className={`transition-[opacity,translate] duration-700 ease-out motion-reduce:transition-none ${className}`}
    >
      {children}
    </div>
  );
}
