// Limits both sides enforce, defined once. The page's own timings live in src/client/lib/constants.ts.

export const GUESTS_MIN = 1;
export const REVIEWS_PAGE_SIZE = 6;
export const REVIEW_NAME_MAX = 80;
export const REVIEW_COMMENT_MAX = 2000;
export const REVIEWS_LIMIT_MAX = 50;
export const INQUIRY_NAME_MAX = 100;
export const INQUIRY_MESSAGE_MAX = 5000;
export const INQUIRY_EMAIL_MAX = 254;
/** The longest window GET /api/availability answers for. */
export const AVAILABILITY_WINDOW_MONTHS = 18;
export const BLOCK_NOTE_MAX = 200;
export const FEED_NAME_MAX = 60;
export const FEED_URL_MAX = 2000;
/** How long failed sign-ins from one address are counted (and that address kept); the privacy page states it. */
export const LOGIN_WINDOW_MINUTES = 15;
/** A review the owner has neither approved nor deleted in this many days is deleted; the privacy page states it. */
export const PENDING_REVIEW_DAYS = 90;
