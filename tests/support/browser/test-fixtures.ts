import { test as base, expect } from '@playwright/test';
import { type BuiltServer, type ServerOptions, startServer } from './built-server.js';
import { SmtpSink } from '../server/smtp-sink.js';

/** Where a server wired to a mail sink sends the owner's mail. */
export const MAIL_OWNER = 'owner@casa.example';

/** The settings that send a server's mail to this sink, for the owner. */
export const mailEnv = (sink: SmtpSink) => ({ SMTP_URL: sink.url, MAIL_TO: MAIL_OWNER });

interface TestFixtures {
  consoleErrors: string[];
  /** Starts a server of this test's own (see startServer); each is stopped when the test ends. */
  startServer: (options?: ServerOptions) => Promise<BuiltServer>;
  /** A new server on an earlier one's folder and settings (a restart); stopped when the test ends. */
  restartServer: (server: BuiltServer, env?: Record<string, string>) => Promise<BuiltServer>;
  /** A real SMTP server on 127.0.0.1 for this test alone. */
  mailSink: SmtpSink;
  /** A server of this test's own, with its own database, that mails MAIL_OWNER through mailSink. */
  mailServer: BuiltServer;
}

interface WorkerFixtures {
  /** The database of every server this worker starts: the Playwright project sets it. */
  database: 'sqlite' | 'postgres';
  databaseEnv: void;
  server: BuiltServer;
}

/**
 * Each worker gets its own real server and database (`server`, the default baseURL). A test that
 * needs more asks for them here, and they are stopped for it, last started first, even on failure.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  database: ['sqlite', { scope: 'worker', option: true }],
  // Before any server of the worker starts: every server a test starts, through a fixture or
  // startServer itself, reads the database kind from here (built-server.ts).
  databaseEnv: [
    async ({ database }, use) => {
      process.env.ESTADIA_TEST_DB = database;
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  server: [
    async ({ databaseEnv }, use) => {
      void databaseEnv;
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
  // eslint-disable-next-line no-empty-pattern
  startServer: async ({}, use) => {
    const started: BuiltServer[] = [];
    await use(async (options) => {
      const server = await startServer(options);
      started.push(server);
      return server;
    });
    // A restarted server goes before the one whose folder it shares, which removes the folder.
    for (const server of started.reverse()) await server.stop();
  },
  restartServer: async ({ startServer: start }, use) => {
    await use((server, env = {}) =>
      start({ ...server.options, env: { ...server.options.env, ...env }, dir: server.dir }),
    );
  },
  // eslint-disable-next-line no-empty-pattern
  mailSink: async ({}, use) => {
    const sink = await SmtpSink.start();
    await use(sink);
    await sink.stop();
  },
  mailServer: async ({ mailSink, startServer: start }, use) => {
    await use(await start({ env: mailEnv(mailSink) }));
  },
});

export { expect };
