import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { releaseLease, takeLease } from './job-leases-data.js';

export interface LeaseOptions {
  /** Who takes the lease: one id per app (see buildApp), so two apps in one process are two holders. */
  holder?: string;
  /**
   * Keep the lease until it runs out instead of giving it back when `fn` ends: a periodic job then
   * runs once per `leaseMs` across all servers, not once per server.
   */
  keep?: boolean;
}

/**
 * Runs `fn` only if this holder takes the job's lease; with several servers on one database,
 * exactly one runs each run of a job (docs/decisions/0008-job-leases-and-sweep.md). `leaseMs`
 * must outlast `fn`: a server that dies holding the lease loses it when it runs out.
 * Resolves to whether `fn` ran.
 */
export async function runExclusive(
  db: Db,
  name: string,
  leaseMs: number,
  fn: () => Promise<void>,
  options: LeaseOptions = {},
): Promise<boolean> {
  const holder = options.holder ?? randomUUID();
  if (!(await takeLease(db, name, holder, leaseMs, Date.now()))) return false;
  try {
    await fn();
  } finally {
    if (!options.keep) await releaseLease(db, name, holder);
  }
  return true;
}
