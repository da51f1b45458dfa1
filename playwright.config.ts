import { defineConfig, devices } from '@playwright/test';

import { BROWSER_PATH } from './scripts/browser-path.js';

// The system Chromium (apt-get install -y chromium); never a downloaded browser.
const executablePath = BROWSER_PATH;
const postgres = process.env.ESTADIA_TEST_DB === 'postgres';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The PostgreSQL run (scripts/test.ts) keeps its own report and artifacts.
  outputDir: postgres ? 'test-results/e2e-postgres' : 'test-results/e2e',
  reporter: [
    ['list'],
    ['json', { outputFile: postgres ? 'test-results/playwright-postgres.json' : 'test-results/playwright.json' }],
  ],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    timezoneId: 'UTC',
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
});
