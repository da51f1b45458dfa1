import type { RefObject } from 'react';
import { PHOTO_LOAD_DISTANCE_PX } from './constants';
import { useInView } from './use-in-view';

/** True once the element is within the photo load distance of the viewport (then stays true). */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  return useInView(ref, { rootMargin: `${PHOTO_LOAD_DISTANCE_PX}px 0px` });
}
