import { type RefObject, useEffect, useState } from 'react';

/** True once the element has come within `rootMargin` of the viewport (then stays true). */
export function useInView(ref: RefObject<Element | null>, { threshold = 0, rootMargin = '0px' } = {}): boolean {
  // A browser without IntersectionObserver simply gets the content at once.
  const [seen, setSeen] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, threshold, rootMargin]);
  return seen;
}
