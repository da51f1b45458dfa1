import { test as base, expect } from '@playwright/test';
import { type RunningServer, startServer } from './server.js';

/** Each worker gets its own real server and database; `consoleErrors` collects the page's console errors for a test to assert on. */
export const test = base.extend<{ consoleErrors: string[] }, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
