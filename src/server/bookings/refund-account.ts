import type { BookingRow, PaymentRow } from '../db/schema.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../lib/http-error.js';
import { pendingPaymentsOf } from '../payments/payments-data.js';
import { maskIban, normalIban, type OwedBack, spacedIban } from '../../shared/refunds.js';
import { queueOwnerMail } from '../stay-record/booking-mails.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import type { DataCipher } from '../lib/data-encryption.js';
import { findBookingByCode } from '../stay-record/bookings-data.js';
import { deleteRefundAccountsOf, refundAccountsOf, saveRefundAccount } from '../stay-record/refund-accounts-data.js';

// The IBAN a guest who paid by transfer gives for their refund (docs/decisions/0054-refunds-by-transfer.md):
// sealed under DATA_ENCRYPTION_KEY like the guests' documents, bound to its booking, shown masked,
// and opened whole only when the owner asks for it to send the refund (audited by the route).

const contextOf = (bookingId: string) => `refund_accounts:${bookingId}:iban`;

function cipherOf(ctx: BookingContext) {
  if (!ctx.dataCipher)
    // Only an inquiry-only site runs without the key (settings/data-key.ts); it takes no transfers.
    throw new HttpError(
      409,
      'The site cannot store an account number without DATA_ENCRYPTION_KEY',
      undefined,
      'conflict',
    );
  return ctx.dataCipher;
}

/** What is owed back and not yet refunded: the pending refund rows, by how they go back. */
export function owedBackOf(
  ctx: BookingContext,
  booking: Pick<BookingRow, 'id'>,
  payments: readonly PaymentRow[],
  ibanSealed: string | undefined,
): OwedBack {
  const pending = payments.filter((p) => p.kind === 'refund' && p.status === 'pending');
  const sum = (method: string) =>
    pending.filter((p) => p.method === method).reduce((total, p) => total + p.amountCents, 0);
  const cardCents = sum('stripe');
  const transferCents = sum('bank_transfer');
  if (cardCents + transferCents === 0) return null;
  const iban = ibanSealed && ctx.dataCipher ? ctx.dataCipher.open(ibanSealed, contextOf(booking.id)) : undefined;
  return { cardCents, transferCents, ibanMasked: iban && transferCents > 0 ? maskIban(iban) : null };
}

/** The booking's sealed IBAN, if the guest gave one. */
export async function refundAccountOf(db: Db, bookingId: string): Promise<string | undefined> {
  return (await refundAccountsOf(db, [bookingId])).get(bookingId);
}

/** Stores the IBAN sealed, in the caller's transaction (the cancellation's, or the guest's later form). */
export async function storeRefundIban(trx: Db, ctx: BookingContext, bookingId: string, iban: string): Promise<void> {
  await saveRefundAccount(trx, bookingId, cipherOf(ctx).seal(normalIban(iban), contextOf(bookingId)), isoNow(ctx));
}

/** What the booking owes back by transfer now, in cents. */
export async function transferOwed(db: Db, bookingId: string): Promise<number> {
  return (await pendingPaymentsOf(db, bookingId, ['refund']))
    .filter((p) => p.method === 'bank_transfer')
    .reduce((total, p) => total + p.amountCents, 0);
}

/**
 * The guest gives (or corrects) the IBAN after cancelling, from their booking page: only while a
 * refund by transfer is owed. The owner is told, without the number.
 */
export async function giveRefundAccount(ctx: BookingContext, booking: BookingRow, iban: string): Promise<void> {
  cipherOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    if ((await transferOwed(trx, booking.id)) === 0)
      throw new HttpError(409, 'Nothing is owed back to this booking by transfer', undefined, 'conflict');
    await storeRefundIban(trx, ctx, booking.id, iban);
    await queueOwnerMail(trx, ctx, booking, `refund-account:${isoNow(ctx)}`, {
      kind: 'refundAccountGiven',
      fields: () => ({ iban: maskIban(iban) }),
    });
  });
  ctx.wakeMail();
}

/** The whole IBAN, grouped in fours, for the owner to send the refund; 404 when none was given. */
export async function revealRefundAccount(ctx: BookingContext, booking: BookingRow): Promise<string> {
  const sealed = await refundAccountOf(ctx.db, booking.id);
  if (!sealed) throw new HttpError(404, 'The guest has not given an account for the refund');
  return spacedIban(cipherOf(ctx).open(sealed, contextOf(booking.id)));
}

/** The bookings of these codes, by id: what a guest-data search found, or the owner chose to erase. */
async function idsOf(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const code of codes) {
    const booking = await findBookingByCode(db, code);
    if (booking) ids.set(booking.id, code);
  }
  return ids;
}

/**
 * The IBANs guests gave for these bookings' refunds, opened, for the owner's export of a guest's
 * data (the right of access); none without the key, which no account was sealed without.
 */
export async function refundAccountsForExport(
  db: Db,
  cipher: DataCipher | undefined,
  codes: readonly string[],
): Promise<Array<{ bookingCode: string; iban: string }>> {
  if (!cipher || codes.length === 0) return [];
  const ids = await idsOf(db, codes);
  const sealed = await refundAccountsOf(db, [...ids.keys()]);
  return [...sealed].map(([bookingId, iban]) => ({
    bookingCode: ids.get(bookingId) ?? '',
    iban: spacedIban(cipher.open(iban, contextOf(bookingId))),
  }));
}

/** Erases the IBANs given for these bookings' refunds (a guest's erasure); how many went. */
export async function eraseRefundAccounts(db: Db, codes: readonly string[]): Promise<number> {
  return deleteRefundAccountsOf(db, [...(await idsOf(db, codes)).keys()]);
}
