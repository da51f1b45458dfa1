import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates prerendered HTML (as the prerender drew it), true from the render
 * after, and at once in a page React draws itself: what a control that needs the script waits for.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
