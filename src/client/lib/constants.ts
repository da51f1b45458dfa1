// The page's timings, distances and limits: used by the client only, so they live here.

/**
 * The date field's forms (date-fns patterns): the spec's `MMM d, yyyy` in English, and in
 * Portuguese the day first with the abbreviation's full stop, "13 jan. 2027"; typed without the
 * stop it is read too. Any other language takes the English form.
 */
export const DATE_DISPLAY_FORMATS: Readonly<Record<string, readonly [shown: string, ...alsoRead: string[]]>> = {
  en: ['MMM d, yyyy'],
  'pt-PT': ["d MMM'.' yyyy", 'd MMM yyyy'],
};
export const HEADER_SCROLL_THRESHOLD_PX = 50;
export const TYPEWRITER_MS_PER_CHAR = 28;
export const SWIPE_THRESHOLD_PX = 50;
/** Photos below the first screen start loading this close to the viewport, not at the browser's
 * own lazy distance of up to 2,500 px (docs/decisions/0015-real-photos-and-first-view.md). */
export const PHOTO_LOAD_DISTANCE_PX = 400;
export const GALLERY_MAX_DOTS = 7;
export const GALLERY_NAV_LOCK_MS = 400;
export const GALLERY_NUDGE_PX = 60;
export const GALLERY_NUDGE_BACK_MS = 600;
export const GALLERY_NUDGE_FLAG = 'galleryNudged';
export const GALLERY_LINK_OFFSET_PX = 100;
export const BOOK_NOW_OFFSET_PX = 60;
export const ATTRACTIONS_AUTO_ADVANCE_MS = 6000;
export const COMMENT_PREVIEW_CHARS = 200;
export const CAROUSEL_TICK_MS = 3000;
/** How long a touch, a wheel turn or an arrow press holds a carousel still. */
export const CAROUSEL_PAUSE_MS = 3000;
export const CAROUSEL_RESUME_DELAY_MS = 1000;
export const CAROUSEL_STEP_MOBILE_PX = 280;
export const CAROUSEL_STEP_DESKTOP_PX = 320;
export const MOBILE_BREAKPOINT_PX = 768;
export const SCROLL_BUTTON_THRESHOLD_PX = 10;
/** "About 200 to 300 px from the end": the middle of that range. */
export const LOAD_MORE_DISTANCE_PX = 250;
/** After a failed "load more", the next try waits this long, doubling up to the maximum. */
export const LOAD_MORE_BACKOFF_MS = 2000;
export const LOAD_MORE_BACKOFF_MAX_MS = 30_000;
export const TOAST_DURATION_MS = 3000;
export const RATINGS = [5, 4, 3, 2, 1] as const;
export const ADMIN_FLAG_KEY = 'isAdmin';
