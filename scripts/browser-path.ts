import { accessSync, constants } from 'node:fs';

/** The system Chromium that Lighthouse and the screenshot drive (never a downloaded one). */
export const BROWSER_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser tests' Chromium: Debian's headless shell when it is installed (the same Blink
 * without the desktop browser around it, a quarter less CPU per test), else `BROWSER_PATH`.
 * CHROME_PATH still chooses for both.
 */
export const TEST_BROWSER_PATH =
  process.env.CHROME_PATH ?? (browserIsThere(HEADLESS_SHELL) ? HEADLESS_SHELL : BROWSER_PATH);

/** What to do about a browser that is not there. */
export const BROWSER_FIX =
  'install it with "apt-get install -y chromium", or set CHROME_PATH to a Chromium or Chrome binary';

export function browserIsThere(path = BROWSER_PATH): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
