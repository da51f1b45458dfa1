import type { Db } from '../db/database.js';

// Every query on the stripe_events table: the ids of the webhook events already handled.

/** Records the event; false when it was recorded before (Stripe delivered it again, or to another server). */
export async function recordStripeEvent(db: Db, id: string, type: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('stripeEvents')
    .values({ id, type, receivedAt: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets an event whose handling failed, so Stripe's retry is handled rather than skipped. */
export async function forgetStripeEvent(db: Db, id: string): Promise<void> {
  await db.deleteFrom('stripeEvents').where('id', '=', id).execute();
}
