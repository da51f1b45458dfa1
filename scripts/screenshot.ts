import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from '../tests/support/browser/built-server.js';
import { BROWSER_PATH } from './browser-path.js';

// `npm run docs:screenshot`: the README's picture of the landing page on a phone, taken from the
// built site (`npm run build` first) with the demo photos, which the project may redistribute.
const OUT = join(import.meta.dirname, '..', 'docs', 'images', 'landing.png');

const server = await startServer({ database: 'sqlite' });
const browser = await chromium.launch({ executablePath: BROWSER_PATH, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    locale: 'en-US',
  });
  await page.goto(server.url);
  await page.locator('[data-island="header"][data-hydrated]').waitFor();
  await page.waitForFunction('document.fonts.status === "loaded"');
  mkdirSync(join(OUT, '..'), { recursive: true });
  await page.screenshot({ path: OUT });
  console.log(`wrote ${OUT}`);
} finally {
  await browser.close();
  await server.stop();
}
