import type { RouteOptions } from 'fastify';

/** Calls `tick` every `periodMs` until the returned function is called; the tests pass one they fire by hand. */
export type Repeat = (tick: () => Promise<void>, periodMs: number) => () => void;

/** What buildApp takes besides the configuration; every feature's plugin is given it. */
export interface AppOptions {
  /** The built client to serve; API-only when absent (as in the API tests). */
  clientDir?: string;
  /**
   * The built SSR entry (dist/ssr/entry-server.js): with it, the published content's pages are
   * rendered at start and at each publish; without it, the build's pages are served as built.
   */
  ssrEntry?: string;
  /** How long a public page of reviews or availability is kept (tests shorten it); see lib/public-cache.ts. */
  publicCacheTtlMs?: number;
  /** Told of every route as it is added (the test that every route is fuzzed). */
  onRoute?: (route: RouteOptions) => void;
  /** A clock the tests move; the system clock otherwise. */
  now?: () => number;
  /**
   * The clock of the admin's logins and their 5-minute proofs; the system clock otherwise. Apart
   * from `now`, so a test that moves the bookings' clock by days keeps its fresh login.
   */
  authNow?: () => number;
  /** Where the log goes (the tests read it); standard output otherwise. */
  logStream?: NodeJS.WritableStream;
  /** How long a call to the invoicing program may take (the tests shorten it). */
  invoicingTimeoutMs?: number;
  /** Runs the poll for other servers' publishes (content/content-poll.ts); the tests fire theirs by hand. */
  contentPoll?: Repeat;
}
