import { type Browser, chromium, devices } from '@playwright/test';
import { TEST_BROWSER_PATH } from './browser-path.js';

/** A script the page fetched, with its size as it crossed the wire. */
export interface FetchedScript {
  url: string;
  /** The body as sent (gzip or brotli when the server compressed it). */
  bodyBytes: number;
  headerBytes: number;
  /** Milliseconds after the navigation started. */
  at: number;
}

/** How long after the load event the count goes on: the idle and timed loads come within it. */
export const AFTER_LOAD_MS = 10_000;

/**
 * Every script a 412 px phone asks for when it opens each of `paths` on `origin` and does nothing
 * else (no scroll, no input) until AFTER_LOAD_MS after the load event: the first view's JavaScript
 * as a phone fetches it, the one count the size budget and `npm run lighthouse` share
 * (docs/decisions/0045-first-view-javascript-as-fetched.md). It asks for gzip only, as the
 * budgets have always been counted. The pages are opened side by side, each in its own context.
 */
export async function fetchedScripts(origin: string, paths: readonly string[]): Promise<Map<string, FetchedScript[]>> {
  const browser = await chromium.launch({ executablePath: TEST_BROWSER_PATH });
  try {
    const results = await Promise.all(
      paths.map(async (path) => [path, await scriptsOf(browser, origin + path)] as const),
    );
    return new Map(results);
  } finally {
    await browser.close();
  }
}

async function scriptsOf(browser: Browser, url: string): Promise<FetchedScript[]> {
  const context = await browser.newContext({
    ...devices['Moto G4'],
    viewport: { width: 412, height: 823 },
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
  });
  try {
    const page = await context.newPage();
    const started = Date.now();
    const pending: Array<Promise<FetchedScript>> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      const at = Date.now() - started;
      pending.push(
        request.sizes().then((sizes) => ({
          url: new URL(request.url()).pathname,
          bodyBytes: sizes.responseBodySize,
          headerBytes: sizes.responseHeadersSize,
          at,
        })),
      );
    });
    const failed: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.resourceType() === 'script') failed.push(request.url());
    });
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
    // Waiting is what is measured here: what a page left alone goes on fetching.
    await page.waitForTimeout(AFTER_LOAD_MS);
    // A script that did not arrive would make the count too small: no figure rather than a wrong one.
    if (failed.length > 0) throw new Error(`${url}: ${failed.join(', ')} failed to load`);
    return (await Promise.all(pending)).sort((a, b) => a.at - b.at);
  } finally {
    await context.close();
  }
}
