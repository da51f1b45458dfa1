import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { JobRun } from './lease.js';
import { type Schedule, startSchedule } from './schedule.js';
import { createSweep, startSweeper, type Sweep } from './sweep.js';
import { startTicker, type Ticker } from './ticker.js';

/**
 * The one scheduler every feature registers its timed work with, from its plugin
 * (docs/decisions/0066-features-as-plugins.md): leased jobs, timers of this server alone, the
 * sweep's clean-ups, and what starts once every feature is in place.
 */
export interface Scheduler {
  /** This app's name as a job lease holder (jobs/lease.ts): two apps in one process are two holders. */
  readonly holder: string;
  /** A job every `everyMs` on one server at a time, under the lease `name` (docs/decisions/0008, 0058). */
  every<T>(job: { name: string; everyMs: number; run: (job: JobRun) => Promise<T> }): Schedule<T>;
  /** A timer of this server's own; `failure` is the log line of a failed run. */
  repeat(tick: () => Promise<unknown>, everyMs: number, failure: string): Ticker;
  /** The sweep's registry (jobs/sweep.ts). */
  readonly sweep: Sweep;
  /** Runs `fn` at `start`, once every feature has registered (the mail's first pass sees every outbox). */
  atStart(fn: () => void): void;
  /** buildApp's last step: the first sweep, awaited, then the work waiting for `start`. */
  start(): Promise<void>;
  /** Stops every timer, last started first, each after its run in progress. */
  stop(): Promise<void>;
}

export function createScheduler(db: Db, now: () => number, log: FastifyBaseLogger): Scheduler {
  const holder = randomUUID();
  const running: Array<{ stop(): Promise<void> }> = [];
  const starts: Array<() => void> = [];
  const sweep = createSweep();
  const keep = <T extends { stop(): Promise<void> }>(timer: T) => (running.push(timer), timer);
  return {
    holder,
    sweep,
    every: (job) => keep(startSchedule({ ...job, db, holder, now, log })),
    repeat: (tick, everyMs, failure) => keep(startTicker(tick, everyMs, (err) => log.warn({ err }, failure))),
    atStart: (fn) => void starts.push(fn),
    async start() {
      keep(await startSweeper(db, sweep, holder, log));
      for (const fn of starts) fn();
    },
    async stop() {
      for (const timer of running.reverse()) await timer.stop();
    },
  };
}
