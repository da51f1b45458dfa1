// The page paths the app's router draws (src/client/app/app.tsx), besides the landing and privacy
// pages of each language: the server answers these with the app shell and redirects any other
// page path to a home page (the spec: "any other: redirected to /").

/** Exact paths, or `:param` for one path segment. */
export const APP_PAGES = ['/login', '/booking/:code'] as const;

/** Everything under it is the admin's app, whose router sends an unknown screen back to `/`. */
export const ADMIN_APP_PREFIX = '/admin';

const patterns = APP_PAGES.map((page) => new RegExp(`^${page.replace(/:\w+/g, '[^/]+')}/?$`));

/** Whether the app's router draws this path (no query string). */
export function isAppPath(path: string): boolean {
  if (path === ADMIN_APP_PREFIX || path.startsWith(`${ADMIN_APP_PREFIX}/`)) return true;
  return patterns.some((pattern) => pattern.test(path));
}
