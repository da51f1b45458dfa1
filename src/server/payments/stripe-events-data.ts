import type { Db } from '../db/database.js';

// Every query on the stripe_events table: the ids of the webhook events handled to their end.

/** Whether the event was handled to its end before (Stripe delivered it again, or to another server). */
export async function stripeEventSeen(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('stripeEvents').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Records the event as handled; false when it was recorded before (handled meanwhile by another delivery). */
export async function recordStripeEvent(db: Db, id: string, type: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('stripeEvents')
    .values({ id, type, receivedAt: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
