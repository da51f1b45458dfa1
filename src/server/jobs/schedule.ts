import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { type JobRun, runExclusive } from './lease.js';
import { startTicker } from './ticker.js';

export interface Schedule<T> {
  /** One run now under the lease, given back when done; undefined when another server holds it, or this one is still running it. */
  runOnce(): Promise<T | undefined>;
  stop(): Promise<void>;
}

export interface ScheduleOptions<T> {
  db: Db;
  /** The job's lease name. */
  name: string;
  everyMs: number;
  holder: string;
  /** The injectable clock the lease reads. */
  now: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  run: (job: JobRun) => Promise<T>;
}

/**
 * A job every `everyMs` on one server at a time (docs/decisions/0008): the lease is kept for the
 * period, so with several servers it runs once per period in all, and a run never overlaps itself
 * (docs/decisions/0058-jobs-never-overlap-themselves.md).
 */
export function startSchedule<T>(options: ScheduleOptions<T>): Schedule<T> {
  const run = (keep: boolean) => {
    let result: T | undefined;
    return runExclusive(
      options.db,
      options.name,
      options.everyMs,
      async (job) => void (result = await options.run(job)),
      { holder: options.holder, keep, now: options.now },
    ).then(() => result);
  };
  const ticker = startTicker(
    () => run(true),
    options.everyMs,
    (error) => options.log.warn({ err: error }, `${options.name} jobs failed`),
  );
  return { runOnce: () => ticker.track(run(false)), stop: ticker.stop };
}
