import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Insertable } from 'kysely';
import type { GuestDataAuditTable } from '../db/schema.js';

// Every query on the guest_data_audit table: when the owner exported or erased a guest's data,
// and how many rows, never whose.

export async function recordGuestDataAction(db: Db, entry: Omit<Insertable<GuestDataAuditTable>, 'id' | 'at'>, now = new Date()): Promise<void> {
  await db.insertInto('guestDataAudit').values({ id: randomUUID(), at: now.toISOString(), ...entry }).execute();
}

/** The latest entries first. */
export async function listGuestDataActions(db: Db, limit = 100) {
  return db.selectFrom('guestDataAudit').select(['at', 'action', 'inquiries', 'reviews', 'blocks']).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
