import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { runExclusive } from './lease.js';
import { startTicker } from './ticker.js';

const SWEEP_EVERY_MS = 10 * 60_000;

/** Deletes one table's rows whose time is over as of `now`; resolves to how many. */
export type CleanUp = (db: Db, now: Date) => Promise<number>;

/** What the sweep runs: each feature's clean-ups, by the name its count is logged under, then the checks. */
export interface SweepTasks {
  readonly cleanUps: Readonly<Record<string, CleanUp>>;
  /** Run after the deletions under the same lease (the calendar's night holders). */
  readonly checks: ReadonlyArray<() => Promise<unknown>>;
}

/** The sweep's registry: each feature hands it its clean-ups from its plugin, so this folder imports none. */
export interface Sweep extends SweepTasks {
  add(cleanUps: Record<string, CleanUp>): void;
  check(fn: () => Promise<unknown>): void;
}

export function createSweep(): Sweep {
  const cleanUps: Record<string, CleanUp> = {};
  const checks: Array<() => Promise<unknown>> = [];
  return {
    cleanUps,
    checks,
    add: (more) => void Object.assign(cleanUps, more),
    check: (fn) => void checks.push(fn),
  };
}

export type SweepCounts = Record<string, number>;

/** Deletes everything whose time is over, as of `now`; each table's own module knows what that means. */
export async function sweepExpired(
  db: Db,
  tasks: Pick<SweepTasks, 'cleanUps'>,
  now = new Date(),
): Promise<SweepCounts> {
  const counts: SweepCounts = {};
  for (const [name, cleanUp] of Object.entries(tasks.cleanUps)) counts[name] = await cleanUp(db, now);
  return counts;
}

/**
 * One sweep under the `sweep` lease, which is kept for the whole period: with several servers the
 * sweep runs once per period, on whichever server asks first. Resolves to the counts, or undefined
 * when another server holds the lease.
 */
export async function sweepOnce(
  db: Db,
  tasks: SweepTasks,
  holder: string,
  periodMs = SWEEP_EVERY_MS,
): Promise<SweepCounts | undefined> {
  let counts: SweepCounts | undefined;
  await runExclusive(
    db,
    'sweep',
    periodMs,
    async () => {
      counts = await sweepExpired(db, tasks);
      for (const check of tasks.checks) await check();
    },
    { holder, keep: true },
  );
  return counts;
}

/**
 * Sweeps once now, and resolves when that sweep is over (a start waits for it, so nothing the
 * server does afterwards races it), then every period; `stop` clears the timer and waits for a
 * sweep in progress.
 */
export async function startSweeper(
  db: Db,
  tasks: SweepTasks,
  holder: string,
  log: FastifyBaseLogger,
): Promise<{ stop: () => Promise<void> }> {
  const run = async () => {
    const counts = await sweepOnce(db, tasks, holder);
    if (counts && Object.values(counts).some((n) => n > 0)) log.info({ deleted: counts }, 'swept expired rows');
  };
  const ticker = startTicker(run, SWEEP_EVERY_MS, (error) => log.warn({ err: error }, 'sweep failed'));
  await ticker.track(run()).catch(() => undefined);
  return ticker;
}
