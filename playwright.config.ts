import { defineConfig, devices } from '@playwright/test';

import { TEST_BROWSER_PATH } from './scripts/browser-path.js';

// The system Chromium (apt-get install -y chromium-headless-shell, or chromium); never a
// downloaded browser.
const executablePath = TEST_BROWSER_PATH;

// Only the specs whose behaviour differs between the databases run again with every server on
// PostgreSQL: a crash and a shutdown under load, the outbox's claim-and-lease that SQLite's single
// process skips, and one booking paid end to end. Every server test runs on both databases
// (vitest.config.ts); docs/testing.md says which of them covers each spec's server side.
// Crash tests that rely on SQLite's single process are tagged @sqlite-only and stay out.
const POSTGRES_SPECS = ['crash.security', 'smtp-outage.security', 'booking'];
const postgresProject = {
  name: 'postgres',
  testMatch: new RegExp(`(^|/)(${POSTGRES_SPECS.join('|')})\\.spec\\.ts$`),
  grepInvert: /@sqlite-only/,
  use: { database: 'postgres' as const },
};

export default defineConfig<object, { database: 'sqlite' | 'postgres' }>({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Three workers on two cores: a browser test spends much of its time waiting on its server. Four
  // were slower (652 s against 623 s on 27 November).
  workers: 3,
  // Upper bounds, not waits: the same suite has run on this kind of machine at half the speed of
  // another day (Lighthouse's benchmark index 1,600 against 3,700), where a page's islands took
  // 10 s to arrive under three workers.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  retries: 0,
  outputDir: 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  projects: [{ name: 'sqlite' }, ...(process.env.TEST_DATABASE_URL ? [postgresProject] : [])],
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
