import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { OWNER_AUDIT_RETENTION_DAYS, type OwnerAction } from '../../shared/owner-audit.js';
import type { Db } from '../db/database.js';
import type { Cursor } from '../lib/cursor.js';

// Every query on the guest_data_audit table, which began as the list of guest-data exports and
// erasures and now holds every sensitive action of the owner (docs/decisions/0036-second-factor.md):
// when, from which client (a pseudonym of the day), what, and how many rows; never whose data.

export interface OwnerActionEntry {
  action: OwnerAction;
  client?: string | null;
  detail?: string | null;
  inquiries?: number;
  reviews?: number;
  blocks?: number;
}

export async function recordOwnerAction(db: Db, entry: OwnerActionEntry, now = new Date()): Promise<void> {
  await db
    .insertInto('guestDataAudit')
    .values({
      id: randomUUID(),
      at: now.toISOString(),
      action: entry.action,
      client: entry.client ?? null,
      detail: entry.detail ?? null,
      inquiries: entry.inquiries ?? 0,
      reviews: entry.reviews ?? 0,
      blocks: entry.blocks ?? 0,
    })
    .execute();
}

/** Records an action of the request's owner, with the client's pseudonym, at the time of its proofs. */
export async function auditRequest(
  request: FastifyRequest,
  entry: Omit<OwnerActionEntry, 'client'>,
  db: Db = request.server.db,
): Promise<void> {
  const app = request.server;
  await recordOwnerAction(db, { ...entry, client: app.addressPseudonym(request.ip) }, new Date(app.authNow()));
}

/**
 * The latest entries first, after `after`, of the given actions (all when none are given): one
 * more than `limit`, to tell whether a next page exists.
 */
export async function listOwnerActions(
  db: Db,
  limit: number,
  after: Cursor | undefined,
  only?: readonly OwnerAction[],
) {
  let query = db
    .selectFrom('guestDataAudit')
    .select(['id', 'at', 'action', 'client', 'detail', 'inquiries', 'reviews', 'blocks'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (only) query = query.where('action', 'in', only);
  if (after) query = query.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  return query.execute();
}

/** Entries older than a year, deleted by the sweep; returns how many. */
export async function deleteOwnerActionsPastRetention(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - OWNER_AUDIT_RETENTION_DAYS * 86_400_000).toISOString();
  const result = await db.deleteFrom('guestDataAudit').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
