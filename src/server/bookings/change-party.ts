import type { QuoteParty } from '../../shared/quote.js';
import { formatAmount } from '../../shared/quote-text.js';
import { isOutsidePayment } from '../../shared/stays.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { pendingPaymentsOf } from '../payments/payments-data.js';
import { planRefunds, sendRefunds } from '../payments/refunds.js';
import { recordEvent } from '../stay-record/booking-events-data.js';
import { queueGuestMail } from '../stay-record/booking-mails.js';
import { changeParty as writeParty, moveBalanceDay } from '../stay-record/bookings-data.js';
import { type BookingContext, isoNow, today } from '../stay-record/context.js';
import { newGuestLink } from '../stay-record/guest-link.js';
import { partyOfBooking } from '../stay-record/stay-tax.js';
import { reread, transition } from '../stay-record/transition.js';
import { CHANGEABLE_STATUSES } from './change-dates.js';
import { agreedExtraGuest, repricedFor, sameParty } from './party-price.js';
import { partyTexts, partyWords } from './party-words.js';
import { transferOwed } from './refund-account.js';
import { refundWords } from './refund-words.js';

// The owner changes who stays in a booking, at the guest's request
// (docs/decisions/0069-changing-a-bookings-party.md): the price is computed again from the stored
// quote and the stay's own rules, and the party, the price, the history, any refund of a surplus
// and the guest's mail change in one transaction.

/**
 * Gives the booking a new party and resolves to the refund it planned (0 for none); 400 for the
 * party it already has, 409 when it is over or changed meanwhile.
 */
export async function changeParty(ctx: BookingContext, booking: BookingRow, party: QuoteParty): Promise<number> {
  if (!CHANGEABLE_STATUSES.includes(booking.status))
    throw new HttpError(409, `A booking that is ${booking.status} keeps its party`, undefined, 'conflict');
  if (sameParty(booking, party))
    throw new HttpError(400, 'This is the party of the booking already', 'adults', 'same_party');
  const price = repricedFor(ctx, booking, party, await agreedExtraGuest(ctx, booking));
  const at = isoNow(ctx);
  const guests = party.adults + party.childrenAges.length;
  let refunded = 0;
  await ctx.db.transaction().execute(async (trx) => {
    const written = await writeParty(
      trx,
      booking,
      {
        guests,
        childrenAges: JSON.stringify(party.childrenAges),
        quote: JSON.stringify(price.quote),
        totalCents: price.totalCents,
      },
      at,
    );
    if (!written) throw new HttpError(409, 'The booking changed meanwhile', undefined, 'conflict');
    const before = partyOfBooking(booking);
    await recordEvent(
      trx,
      booking.id,
      booking.status,
      booking.status,
      'owner',
      at,
      `Party changed from ${partyWords(before, 'en')} to ${partyWords(party, 'en')}; total ${booking.totalCents} → ${price.totalCents} cents`,
    );
    let after = await reread(trx, booking.id);
    const kept = after.paidCents - after.refundedCents - (await pendingBack(trx, booking.id));
    const surplus = kept - after.totalCents;
    const transferBefore = await transferOwed(trx, booking.id);
    // A stay paid on its platform or to the owner outside the site is refunded there, never here (as a cancel).
    if (surplus > 0 && !isOutsidePayment(after.paymentMethod)) {
      refunded = surplus;
      // The tax that fell goes back first and as tax: its credit note credits the tax line (decision 0059).
      const tax = Math.min(surplus, Math.max(0, price.taxBefore - price.taxAfter));
      await planRefunds(trx, booking.id, surplus, tax, `party:${after.partyVersion}`, at);
    }
    after = await settleStatus(trx, ctx, after, kept, at);
    const transferCents = (await transferOwed(trx, booking.id)) - transferBefore;
    await queueGuestMail(trx, ctx, after, 'partyChanged', `party-changed:${after.partyVersion}`, {
      url: await newGuestLink(trx, ctx, after),
      fields: {
        party: partyWords(party, after.locale),
        oldParty: partyWords(before, after.locale),
        money: await moneyWords(trx, ctx, booking, after, refunded, transferCents),
      },
    });
  });
  if (refunded > 0) await sendRefunds(ctx, ctx.stripe, booking.id);
  ctx.wakeMail();
  return refunded;
}

/** Refunds planned and not yet settled: already owed back, so never counted as paid twice. */
async function pendingBack(trx: Db, bookingId: string): Promise<number> {
  return (await pendingPaymentsOf(trx, bookingId, ['refund'])).reduce((sum, p) => sum + p.amountCents, 0);
}

/**
 * A paid stay that now costs more owes the difference: back to `balance_due`, due today, for the
 * guest to pay from their page (the saved card is never charged for it: booking-jobs.ts). A stay
 * whose balance was still to come and is now covered by what was paid is paid.
 */
async function settleStatus(
  trx: Db,
  ctx: BookingContext,
  booking: BookingRow,
  kept: number,
  at: string,
): Promise<BookingRow> {
  if (booking.status === 'paid' && kept < booking.totalCents) {
    await moveBalanceDay(trx, booking.id, today(ctx), at);
    await transition(trx, booking, 'balance_due', 'owner', at, 'The larger party owes the difference');
  } else if ((booking.status === 'confirmed' || booking.status === 'balance_due') && kept >= booking.totalCents) {
    await transition(trx, booking, 'paid', 'owner', at, 'The smaller party is paid in full', { overdueAt: null });
  } else return booking;
  return reread(trx, booking.id);
}

/** What the guest now owes, or gets back and how, in their language. */
async function moneyWords(
  trx: Db,
  ctx: BookingContext,
  before: BookingRow,
  after: BookingRow,
  refund: number,
  transferCents: number,
): Promise<string> {
  const texts = partyTexts(after.locale);
  const currency = (JSON.parse(after.quote) as { currency: string }).currency;
  const money = (cents: number) => formatAmount(cents, currency, after.locale);
  if (refund > 0) return (await refundWords(trx, ctx, after, refund - transferCents, transferCents, undefined)).text;
  const due = after.totalCents - after.paidCents + after.refundedCents;
  if (before.status === 'paid' && after.status === 'balance_due') return texts.owedNow.replace('{amount}', money(due));
  return due > 0 ? texts.remaining.replace('{amount}', money(due)) : '';
}
