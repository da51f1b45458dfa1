import type { Channel } from '../../shared/channels.js';
import { addDays } from '../../shared/date-ranges.js';
import { houseToday } from '../../shared/dates.js';
import { bookingsByIds, STAYING_STATUSES, staysWithNightsIn } from '../stay-record/bookings-data.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { documentsOfPayments, type InvoiceDocumentRow } from '../invoicing/invoice-documents-data.js';
import { disputesLostBetween } from '../payments/disputes-data.js';
import { paymentsOf, paymentsSettledBetween } from '../payments/payments-data.js';

// Every money movement of the days from `from` to `to` (both included, Europe/Lisbon), the one
// source of the reports' money and of the accountant's export, so the two always agree
// (docs/reports.md): each settled payment and refund on its day, Stripe's fee of a payment on the
// same day, and for a stay paid on a platform or to the owner, its price and the platform's
// commission on its check-in day (no payment passes through the site for it; a stay paid to the
// owner has a payment row for its invoice only, whose document its movement carries, and counts
// what that row says was paid: a phone guest's deposit, whose balance is a payment of its own).
// A dispute the owner lost is money the guest's bank took back, on the day Stripe closed it
// (docs/decisions/0061-refunds-that-finish.md).

export const MOVEMENT_KINDS = [
  'payment',
  'refund',
  'stripe_fee',
  'paid_elsewhere',
  'commission',
  'dispute_lost',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export interface Movement {
  day: string;
  kind: MovementKind;
  /** Positive money in, negative money out (refunds, fees, commissions). */
  amountCents: number;
  booking: BookingRow;
  channel: Channel;
  document?: InvoiceDocumentRow;
}

const ENTERED = ['platform', 'owner'];

export async function moneyMovements(db: Db, from: string, to: string): Promise<Movement[]> {
  const moves: Movement[] = [];
  // A day in Lisbon starts at most an hour or two from UTC midnight: a day's margin each side, then exact.
  const settled = (
    await paymentsSettledBetween(db, `${addDays(from, -1)}T00:00:00.000Z`, `${addDays(to, 2)}T00:00:00.000Z`)
  )
    .map((p) => ({ payment: p, day: houseToday(Date.parse(p.settledAt as string)) }))
    .filter(({ day }) => day >= from && day <= to);
  const bookings = new Map(
    (await bookingsByIds(db, [...new Set(settled.map((s) => s.payment.bookingId))])).map((b) => [b.id, b]),
  );
  const documents = new Map(
    (
      await documentsOfPayments(
        db,
        settled.map((s) => s.payment.id),
      )
    ).map((d) => [d.forPaymentId, d]),
  );
  for (const { payment, day } of settled) {
    // A stay paid to the owner directly is counted on its check-in day, as every stay paid
    // elsewhere is (below); its payment row is there for its invoice.
    if (payment.method === 'owner') continue;
    const booking = bookings.get(payment.bookingId);
    if (!booking) continue;
    const base = { day, booking, channel: booking.channel, document: documents.get(payment.id) };
    if (payment.kind === 'refund') moves.push({ ...base, kind: 'refund', amountCents: -payment.amountCents });
    else {
      moves.push({ ...base, kind: 'payment', amountCents: payment.amountCents });
      if (payment.stripeFeeCents)
        moves.push({
          day,
          booking,
          channel: booking.channel,
          kind: 'stripe_fee',
          amountCents: -payment.stripeFeeCents,
        });
    }
  }
  const lost = (await disputesLostBetween(db, `${addDays(from, -1)}T00:00:00.000Z`, `${addDays(to, 2)}T00:00:00.000Z`))
    .map((d) => ({ dispute: d, day: houseToday(Date.parse(d.closedAt as string)) }))
    .filter(({ day }) => day >= from && day <= to);
  const disputed = new Map(
    (await bookingsByIds(db, [...new Set(lost.map((l) => l.dispute.bookingId))])).map((b) => [b.id, b]),
  );
  for (const { dispute, day } of lost) {
    const booking = disputed.get(dispute.bookingId);
    if (booking)
      moves.push({ day, booking, channel: booking.channel, kind: 'dispute_lost', amountCents: -dispute.amountCents });
  }
  const entered = (await staysWithNightsIn(db, from, addDays(to, 1))).filter(
    (stay) =>
      ENTERED.includes(stay.paymentMethod) &&
      stay.checkIn >= from &&
      stay.checkIn <= to &&
      STAYING_STATUSES.includes(stay.status),
  );
  const ownerPayments = (
    await paymentsOf(
      db,
      entered.filter((s) => s.paymentMethod === 'owner').map((s) => s.id),
    )
  ).filter((p) => p.method === 'owner' && p.kind !== 'refund');
  const ownerDocuments = new Map(
    (
      await documentsOfPayments(
        db,
        ownerPayments.map((p) => p.id),
      )
    ).map((d) => [d.bookingId, d]),
  );
  const paidToOwner = new Map<string, number>();
  for (const p of ownerPayments) paidToOwner.set(p.bookingId, (paidToOwner.get(p.bookingId) ?? 0) + p.amountCents);
  for (const stay of entered) {
    const base = { day: stay.checkIn, booking: stay, channel: stay.channel };
    const amountCents = stay.paymentMethod === 'owner' ? (paidToOwner.get(stay.id) ?? 0) : stay.totalCents;
    if (amountCents)
      moves.push({
        ...base,
        kind: 'paid_elsewhere',
        amountCents,
        document: ownerDocuments.get(stay.id),
      });
    if (stay.commissionCents) moves.push({ ...base, kind: 'commission', amountCents: -stay.commissionCents });
  }
  const order = (m: Movement) => `${m.day} ${m.booking.code} ${MOVEMENT_KINDS.indexOf(m.kind)}`;
  return moves.sort((a, b) => order(a).localeCompare(order(b)));
}
