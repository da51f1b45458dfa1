import type { Channel } from '../../shared/channels.js';
import { addDays } from '../../shared/date-ranges.js';
import { houseToday } from '../../shared/dates.js';
import { bookingsByIds, STAYING_STATUSES, staysWithNightsIn } from '../bookings/bookings-data.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { documentsOfPayments, type InvoiceDocumentRow } from '../invoicing/invoice-documents-data.js';
import { paymentsSettledBetween } from '../payments/payments-data.js';

// Every money movement of the days from `from` to `to` (both included, Europe/Lisbon), the one
// source of the reports' money and of the accountant's export, so the two always agree
// (docs/reports.md): each settled payment and refund on its day, Stripe's fee of a payment on the
// same day, and for a stay paid on a platform or to the owner, its price and the platform's
// commission on its check-in day (no payment passes through the site for it).

export const MOVEMENT_KINDS = ['payment', 'refund', 'stripe_fee', 'paid_elsewhere', 'commission'] as const;
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
    ).map((d) => [d.paymentId, d]),
  );
  for (const { payment, day } of settled) {
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
  for (const stay of await staysWithNightsIn(db, from, addDays(to, 1))) {
    if (!ENTERED.includes(stay.paymentMethod) || stay.checkIn < from || stay.checkIn > to) continue;
    if (!STAYING_STATUSES.includes(stay.status)) continue;
    const base = { day: stay.checkIn, booking: stay, channel: stay.channel };
    if (stay.totalCents) moves.push({ ...base, kind: 'paid_elsewhere', amountCents: stay.totalCents });
    if (stay.commissionCents) moves.push({ ...base, kind: 'commission', amountCents: -stay.commissionCents });
  }
  const order = (m: Movement) => `${m.day} ${m.booking.code} ${MOVEMENT_KINDS.indexOf(m.kind)}`;
  return moves.sort((a, b) => order(a).localeCompare(order(b)));
}
