import type { Db } from '../db/database.js';

// Every query on the refund_accounts table: the IBAN, sealed, a guest who paid by transfer gave
// for their refund (docs/decisions/0054-refunds-by-transfer.md). One row per booking.

/** Stores the booking's account, replacing one given before (the guest corrected it). */
export async function saveRefundAccount(db: Db, bookingId: string, ibanSealed: string, at: string): Promise<void> {
  await db
    .insertInto('refundAccounts')
    .values({ bookingId, ibanSealed, createdAt: at, updatedAt: at })
    .onConflict((oc) => oc.column('bookingId').doUpdateSet({ ibanSealed, updatedAt: at }))
    .execute();
}

/** The sealed IBANs of these bookings, by booking id. */
export async function refundAccountsOf(db: Db, bookingIds: readonly string[]): Promise<Map<string, string>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('refundAccounts')
    .select(['bookingId', 'ibanSealed'])
    .where('bookingId', 'in', bookingIds)
    .execute();
  return new Map(rows.map((r) => [r.bookingId, r.ibanSealed]));
}

/**
 * Deletes the accounts of bookings whose stay ended (or would have) by `lastDay`, with the guests'
 * documents (registrations/guest-data.ts): a refund is long sent by then.
 */
export async function deleteRefundAccountsEndedBy(db: Db, lastDay: string): Promise<number> {
  const result = await db
    .deleteFrom('refundAccounts')
    .where('bookingId', 'in', (eb) => eb.selectFrom('bookings').select('id').where('checkOut', '<=', lastDay))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes these bookings' accounts (a guest's erasure); how many went. */
export async function deleteRefundAccountsOf(db: Db, bookingIds: readonly string[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const result = await db.deleteFrom('refundAccounts').where('bookingId', 'in', bookingIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}
