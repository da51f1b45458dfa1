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
    // A visitor who takes the gallery in hand meanwhile (a dot, an arrow, a swipe, a key) keeps the
    // photo they chose: the nudge does not pull the strip back under them.
    let taken = false;
    const area = element.closest('section') ?? element;
    const take = () => (taken = true);
    const INPUTS = ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const;
    for (const type of INPUTS) area.addEventListener(type, take, { passive: true });
    const goBack = () => {
      if (!taken) element.scrollTo({ left: start, behavior: 'smooth' });
    };
    // Back after 600 ms, or once the glide out has ended if a busy device drew it more slowly, so
    // the strip always shows the whole 60 px. A browser without scrollend goes back on time.
    let glideEnded = !('onscrollend' in element);
    let due = false;
    const onEnd = () => {
      glideEnded = true;
      if (due) goBack();
    };
    element.addEventListener('scrollend', onEnd, { once: true });
    element.scrollTo({ left: start + GALLERY_NUDGE_PX, behavior: 'smooth' });
    const back = setTimeout(() => {
      due = true;
      if (glideEnded) goBack();
    }, GALLERY_NUDGE_BACK_MS);
    return () => {
      clearTimeout(back);
      element.removeEventListener('scrollend', onEnd);
      for (const type of INPUTS) area.removeEventListener(type, take);
    };
  }, [strip, visible, reducedMotion]);
}
