/**
 * The prerendered page is built before the site's address is known (SITE_URL is read when the
 * server starts), so absolute URLs in it carry this token, which the server replaces at start.
 */
export const SITE_URL_PLACEHOLDER = '__ESTADIA_SITE_URL__';
