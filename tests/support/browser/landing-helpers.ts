import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { localizeProperty, PropertySchema } from '../../../src/shared/content.js';

/** The demo content in English, as `/` shows it. */
export const property = localizeProperty(
  PropertySchema.parse(JSON.parse(readFileSync(new URL('../../../content/property.json', import.meta.url), 'utf8'))),
  'en',
);

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/**
 * Each language once and each screen once, not every pair of them: Portuguese, whose words run
 * longer, on the narrow phone, and English on the desktop (docs/testing.md). A test whose words
 * or layout differ only by language, or only by screen, runs these two.
 */
export const LANGUAGE_SCREENS = [
  { locale: 'en', width: 'desktop' },
  { locale: 'pt-PT', width: 'mobile' },
] as const;

/**
 * Where a section's top edge is, relative to the top of the window, once scrolling has settled:
 * the same for half a second. A busy machine can hold a smooth scroll still for a frame or two,
 * so one unchanged sample is not enough.
 */
export async function settledTop(page: Page, id: string): Promise<number> {
  const STABLE_SAMPLES = 5;
  let last = Number.NaN;
  let same = 0;
  for (let i = 0; i < 150; i++) {
    // + 0 turns Math.round's -0 into 0.
    const top =
      (await page.evaluate(
        (sectionId) => Math.round(document.getElementById(sectionId)!.getBoundingClientRect().top),
        id,
      )) + 0;
    same = top === last ? same + 1 : 0;
    if (same >= STABLE_SAMPLES) return top;
    last = top;
    await page.waitForTimeout(100);
  }
  throw new Error(`#${id} did not settle: its top was still moving after 15 s (last ${last} px)`);
}

export async function scrollToBottomOfPage(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
}

/**
 * Under a stopped clock the landing page hydrates only once a frame is let through, since it
 * waits for its first paint (src/client/lib/after-next-paint.ts); the headline's caret shows
 * once it runs.
 */
export async function hydrateUnderStoppedClock(page: Page): Promise<void> {
  await page.clock.runFor(16);
  await expect(page.getByTestId('caret')).toBeVisible();
}

/**
 * Waits until the landing page has glided to its top after its first paint (`glideHome`, run from
 * a frame and then a message, src/client/lib/after-next-paint.ts): a test that scrolls before it
 * would be sent back to the top. A frame and a message of the test's own come after the page's.
 */
export async function afterGlideHome(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
      ),
  );
}

/** Waits until one of the page's islands runs (src/client/app/hydrate-islands.tsx): each hydrates as it comes near or is reached for. */
export async function islandHydrated(page: Page, name: string): Promise<void> {
  await expect(page.locator(`[data-island="${name}"]`)).toHaveAttribute('data-hydrated', '');
}
