import type { Db } from '../db/database.js';

// Every query on the job_leases table (docs/decisions/0008-job-leases-and-sweep.md).

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Takes the lease on `name` for `holder` until `now + leaseMs`, unless a lease (anyone's) is still
 * running. One statement (an upsert whose update only applies to an expired or own lease),
 * atomic on SQLite and PostgreSQL alike, so of several servers asking at once exactly one gets it.
 */
export async function takeLease(db: Db, name: string, holder: string, leaseMs: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto('jobLeases')
    .values({ name, holder, leaseUntil: iso(now + leaseMs) })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, leaseUntil: iso(now + leaseMs) })
        .where('jobLeases.leaseUntil', '<=', iso(now)),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Extends the lease to `now + leaseMs` only while `holder` still holds it (run out or not, as long
 * as nobody took it since): false when another server has it (docs/decisions/0058).
 */
export async function renewLease(db: Db, name: string, holder: string, leaseMs: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('jobLeases')
    .set({ leaseUntil: iso(now + leaseMs) })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the lease back early, so the next run need not wait for it to run out. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('jobLeases').where('name', '=', name).where('holder', '=', holder).execute();
}

/** Drops the lease whoever holds it: for a sole server starting, whose predecessor died holding it. */
export async function forgetLease(db: Db, name: string): Promise<void> {
  await db.deleteFrom('jobLeases').where('name', '=', name).execute();
}
