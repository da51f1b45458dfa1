import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { Repeat } from '../lib/app-options.js';
import type { LiveContent } from './live-content.js';
import { refreshFromDatabase } from './stored-content.js';

/** Another server's publish shows here within this long (well inside the 10 s promised). */
export const CONTENT_POLL_MS = 5_000;

export type { Repeat } from '../lib/app-options.js';

export const repeatEvery: Repeat = (tick, periodMs) => {
  const timer = setInterval(() => void tick(), periodMs);
  timer.unref();
  return () => clearInterval(timer);
};

export interface ContentPoll {
  stop(): Promise<void>;
}

/**
 * Asks the database for its newest version's number every CONTENT_POLL_MS and takes a newer one.
 * Every server must do this for itself, so it runs under no lease (unlike docs/decisions/0008's
 * jobs). A tick while the last one still runs is skipped; a failed one is logged and retried.
 */
export function startContentPoll(
  deps: { db: Db; live: LiveContent; log: FastifyBaseLogger },
  repeat: Repeat = repeatEvery,
): ContentPoll {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= refreshFromDatabase(deps.db, deps.live, deps.log)
      .then(() => undefined)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'reading the newest content version failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const cancel = repeat(tick, CONTENT_POLL_MS);
  return {
    async stop() {
      cancel();
      await running;
    },
  };
}
