import { accessSync, constants } from 'node:fs';

/** The system Chromium the browser tests and Lighthouse drive (never a downloaded one). */
export const BROWSER_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
