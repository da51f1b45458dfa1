import type { Page } from '@playwright/test';

/** Requests held back by `holdRequests`: `asked` turns true once the page asks; `release()` lets them through. */
export interface HeldRequests {
  readonly asked: boolean;
  release: () => void;
}

/**
 * Holds back every request of `page` to `url` (a glob or a pattern, as `page.route` takes) until
 * `release()`, so that a test can see what the page shows while it waits.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<HeldRequests> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const requests = { asked: false, release: () => release() };
  await page.route(url, async (route) => {
    requests.asked = true;
    await held;
    await route.continue();
  });
  return requests;
}
