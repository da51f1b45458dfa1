import { useCallback, useRef } from 'react';

/** Returns `tryMove()`: true at most once per `ms`, so rapid repeats move one step, not several. */
export function useNavigationLock(ms: number): () => boolean {
  const lockedUntil = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now < lockedUntil.current) return false;
    lockedUntil.current = now + ms;
    return true;
  }, [ms]);
}
