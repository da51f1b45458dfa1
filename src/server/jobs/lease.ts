import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { releaseLease, renewLease, takeLease } from './job-leases-data.js';

export interface LeaseOptions {
  /** Who takes the lease: one id per app (see buildApp), so two apps in one process are two holders. */
  holder?: string;
  /**
   * Keep the lease until it runs out instead of giving it back when `fn` ends: a periodic job then
   * runs once per `leaseMs` across all servers, not once per server.
   */
  keep?: boolean;
  /** The injectable clock the lease's times are read from (Date.now when left out). */
  now?: () => number;
  /** How often the lease is renewed while `fn` runs; a third of `leaseMs` when left out. */
  renewEveryMs?: number;
}

/** What a job's run is given: a way to learn, between two pieces of work, that it must stop. */
export interface JobRun {
  /** Aborted once another holder took the lease: the run stops before its next piece of work. */
  readonly signal: AbortSignal;
  /** Extends the lease now if this run still holds it; false (and `signal` aborted) when another does. */
  renew(): Promise<boolean>;
}

/** The jobs running now in this process, by holder and name: a run still going skips the next. */
const running = new Set<string>();

/**
 * Runs `fn` only if this holder takes the job's lease; with several servers on one database,
 * exactly one runs each run of a job (docs/decisions/0008-job-leases-and-sweep.md). A job never
 * overlaps itself (docs/decisions/0058-jobs-never-overlap-themselves.md): while a run goes on,
 * this server skips the next one, and the lease is renewed, by a timer and whenever `fn` calls
 * `renew`, only while this holder still holds it; when another took it, `signal` aborts and `fn`
 * stops at its next check. Resolves to whether `fn` ran.
 */
export async function runExclusive(
  db: Db,
  name: string,
  leaseMs: number,
  fn: (run: JobRun) => Promise<void>,
  options: LeaseOptions = {},
): Promise<boolean> {
  const holder = options.holder ?? randomUUID();
  const now = options.now ?? Date.now;
  const key = `${holder}\n${name}`;
  if (running.has(key)) return false;
  running.add(key);
  try {
    if (!(await takeLease(db, name, holder, leaseMs, now()))) return false;
    const controller = new AbortController();
    const renewEveryMs = options.renewEveryMs ?? Math.max(1, Math.floor(leaseMs / 3));
    let renewedAt = now();
    const renew = async () => {
      if (controller.signal.aborted) return false;
      // Renewed within the interval: nobody else can have taken it since, so no write is needed.
      const at = now();
      if (at - renewedAt < renewEveryMs) return true;
      const held = await renewLease(db, name, holder, leaseMs, at);
      if (held) renewedAt = at;
      else controller.abort(new Error(`Another server holds the ${name} lease`));
      return held;
    };
    const timer = setInterval(() => void renew().catch(() => undefined), renewEveryMs);
    timer.unref();
    try {
      await fn({ signal: controller.signal, renew });
    } finally {
      clearInterval(timer);
      if (!options.keep && !controller.signal.aborted) await releaseLease(db, name, holder);
    }
    return true;
  } finally {
    running.delete(key);
  }
}
