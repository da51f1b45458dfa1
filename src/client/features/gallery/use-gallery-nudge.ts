import { type RefObject, useEffect } from 'react';
import { GALLERY_NUDGE_BACK_MS, GALLERY_NUDGE_FLAG, GALLERY_NUDGE_PX } from '../../lib/constants';

/** Once per browser session, when the strip first shows, it moves 60 px and back: "there is more". */
export function useGalleryNudge(strip: RefObject<HTMLElement | null>, visible: boolean, reducedMotion: boolean) {
  useEffect(() => {
    const element = strip.current;
    if (!element || !visible || reducedMotion) return;
    try {
      if (sessionStorage.getItem(GALLERY_NUDGE_FLAG)) return;
      sessionStorage.setItem(GALLERY_NUDGE_FLAG, 'true');
    } catch {
      return;
    }
    const start = element.scrollLeft;
    element.scrollTo({ left: start + GALLERY_NUDGE_PX, behavior: 'smooth' });
    const back = setTimeout(() => element.scrollTo({ left: start, behavior: 'smooth' }), GALLERY_NUDGE_BACK_MS);
    return () => clearTimeout(back);
  }, [strip, visible, reducedMotion]);
}
