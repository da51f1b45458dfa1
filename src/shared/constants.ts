// The business constants of spec section 9, defined once for client and server.

export const GUESTS_MIN = 1;
export const DATE_DISPLAY_FORMAT = 'MMM d, yyyy';
export const HEADER_SCROLL_THRESHOLD_PX = 50;
export const TYPEWRITER_MS_PER_CHAR = 28;
export const SWIPE_THRESHOLD_PX = 50;
export const GALLERY_MAX_DOTS = 7;
export const GALLERY_NAV_LOCK_MS = 400;
export const GALLERY_NUDGE_PX = 60;
export const GALLERY_NUDGE_BACK_MS = 600;
export const GALLERY_NUDGE_FLAG = 'galleryNudged';
export const ATTRACTIONS_AUTO_ADVANCE_MS = 6000;
export const GALLERY_LINK_OFFSET_PX = 100;
export const BOOK_NOW_OFFSET_PX = 60;
export const REVIEWS_PAGE_SIZE = 6;
export const COMMENT_PREVIEW_CHARS = 200;
export const CAROUSEL_TICK_MS = 3000;
export const CAROUSEL_PAUSE_MS = 3000;
export const CAROUSEL_RESUME_DELAY_MS = 1000;
export const CAROUSEL_STEP_MOBILE_PX = 280;
export const CAROUSEL_STEP_DESKTOP_PX = 320;
export const MOBILE_BREAKPOINT_PX = 768;
export const SCROLL_BUTTON_THRESHOLD_PX = 10;
/** The spec says "about 200 to 300 px from the end"; the middle of that range. */
export const LOAD_MORE_DISTANCE_PX = 250;
export const TOAST_DURATION_MS = 3000;
export const PAGE_FADE_IN_MS = 1000;
export const DATE_PICKER_TIME_INTERVAL_MIN = 30;
export const DATE_PICKER_YEARS_PER_PAGE = 12;

/** Limits the server enforces (the spec leaves them open; the issues set them). */
export const REVIEW_NAME_MAX = 80;
export const REVIEW_COMMENT_MAX = 2000;
export const REVIEWS_LIMIT_MAX = 50;
export const RATINGS = [5, 4, 3, 2, 1] as const;
export const INQUIRY_NAME_MAX = 100;
export const INQUIRY_MESSAGE_MAX = 5000;
export const INQUIRY_EMAIL_MAX = 254;
export const ADMIN_FLAG_KEY = 'isAdmin';
