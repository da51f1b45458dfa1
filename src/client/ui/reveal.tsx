import { type ReactNode, useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../lib/use-media-query';

interface Props {
  children: ReactNode;
  /** How much must be visible before it shows: roughly 10-20 %, late enough to be seen moving. */
  threshold?: number;
  rootMargin?: string;
  className?: string;
}

type Phase = 'static' | 'waiting' | 'shown';

/**
 * Fades a section in when it scrolls into view. It starts visible ('static') and is only hidden
 * by JavaScript, and only while below the fold, so without JavaScript nothing is ever hidden.
 */
export function Reveal({ children, threshold = 0.15, rootMargin = '0px', className = '' }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [phase, setPhase] = useState<Phase>('static');

  useEffect(() => {
    const element = ref.current;
    if (!element || reducedMotion || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setPhase('shown');
          observer.disconnect();
        } else {
          setPhase((p) => (p === 'static' ? 'waiting' : p));
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [reducedMotion, threshold, rootMargin]);

  const motion = phase === 'waiting' ? 'translate-y-6 opacity-0' : phase === 'shown' ? 'translate-y-0 opacity-100' : '';
  return (
    <div ref={ref} data-reveal={phase} className={`transition-[opacity,translate] duration-700 ease-out motion-reduce:transition-none ${motion} ${className}`}>
      {children}
    </div>
  );
}
