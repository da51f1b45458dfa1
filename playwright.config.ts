import { defineConfig, devices } from '@playwright/test';

import { TEST_BROWSER_PATH } from './scripts/browser-path.js';

// The system Chromium (apt-get install -y chromium-headless-shell, or chromium); never a
// downloaded browser.
const executablePath = TEST_BROWSER_PATH;

// The specs that store and read data run again with every server on PostgreSQL, as a second
// project of the same run, so both share the workers. Crash tests that rely on SQLite's single
// process are tagged @sqlite-only and stay out.
const POSTGRES_SPECS = [
  'guest-registrations',
  'inquiry',
  'booking',
  'review-lifecycle',
  'admin-states',
  'availability',
  'guest-data',
  'security',
  'content-editor',
];
const postgresProject = {
  name: 'postgres',
  testMatch: new RegExp(`(${POSTGRES_SPECS.join('|')})[^/]*\\.spec\\.ts$`),
  grepInvert: /@sqlite-only/,
  use: { database: 'postgres' as const },
};

export default defineConfig<object, { database: 'sqlite' | 'postgres' }>({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Four workers on two cores: a browser test spends much of its time waiting on its server, a
  // mail's retry or a timer, and with three the run left a sixth of the machine's CPU unused.
  workers: 4,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
