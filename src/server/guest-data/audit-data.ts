import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Cursor } from '../lib/cursor.js';
import type { Insertable } from 'kysely';
import type { GuestDataAuditTable } from '../db/schema.js';

// Every query on the guest_data_audit table: when the owner exported or erased a guest's data,
// and how many rows, never whose.

export async function recordGuestDataAction(
  db: Db,
  entry: Omit<Insertable<GuestDataAuditTable>, 'id' | 'at'>,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('guestDataAudit')
    .values({ id: randomUUID(), at: now.toISOString(), ...entry })
    .execute();
}

/** The latest entries first, after `after`: one more than `limit`, to tell whether a next page exists. */
export async function listGuestDataActions(db: Db, limit: number, after: Cursor | undefined) {
  let query = db
    .selectFrom('guestDataAudit')
    .select(['id', 'at', 'action', 'inquiries', 'reviews', 'blocks'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (after) query = query.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  return query.execute();
}
