import { Fragment } from 'react';
import type { GuestBooking } from '../../../shared/bookings';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatLongDay } from '../../lib/format-date';
import { ArrivalDetails } from './arrival-details';
import { BankDetails } from './bank-details';
import { BookingTerms } from './booking-terms';

/** The booking as the guest sees it: the stay, the price, what was paid and what is due, the accepted terms. */
export function BookingDetails({ booking }: { booking: GuestBooking }) {
  const money = (cents: number) => formatAmount(cents, booking.quote.currency, pageLocale);
  const holdUntil = booking.holdUntil
    ? new Date(booking.holdUntil).toLocaleString(pageLocale, { dateStyle: 'long', timeStyle: 'short' })
    : null;
  return (
    <div className="mt-6 space-y-6">
      <dl
        className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl bg-white p-6 shadow-sm"
        data-testid="booking-details"
      >
        <dt className="font-medium text-slate-700">{m.booking_dates()}</dt>
        <dd>
          {formatLongDay(booking.checkIn)} – {formatLongDay(booking.checkOut)}
        </dd>
        <dt className="font-medium text-slate-700">{m.booking_guests()}</dt>
        <dd>{m.booking_guestsCount({ count: booking.guests })}</dd>
        {booking.quote.lines.map((line) => (
          <Fragment key={`${line.kind}-${line.unitAmount}`}>
            <dt className="text-slate-700">{line.label}</dt>
            <dd className="tabular-nums">{money(line.amount)}</dd>
          </Fragment>
        ))}
        <dt className="font-semibold">{m.booking_total()}</dt>
        <dd className="font-semibold tabular-nums">{money(booking.totalCents)}</dd>
        <dt className="font-medium text-slate-700">{m.booking_paid()}</dt>
        <dd data-testid="booking-paid" className="tabular-nums">
          {money(booking.paidCents)}
        </dd>
        {booking.refundedCents > 0 && (
          <>
            <dt className="font-medium text-slate-700">{m.booking_refunded()}</dt>
            <dd className="tabular-nums">{money(booking.refundedCents)}</dd>
          </>
        )}
        <dt className="font-medium text-slate-700">{m.booking_due()}</dt>
        <dd data-testid="booking-due" className="tabular-nums">
          {money(booking.dueCents)}
        </dd>
        {booking.balanceDueOn && booking.dueCents > 0 && (
          <>
            <dt className="font-medium text-slate-700">{m.booking_balanceDueOn()}</dt>
            <dd>{formatLongDay(booking.balanceDueOn)}</dd>
          </>
        )}
        {holdUntil && (
          <>
            <dt className="font-medium text-slate-700">{m.booking_holdUntil()}</dt>
            <dd>{holdUntil}</dd>
          </>
        )}
      </dl>
      {booking.bankTransfer && booking.dueCents > 0 && (
        <div className="rounded-2xl bg-white p-6 shadow-sm">
          <BankDetails transfer={booking.bankTransfer} money={money} day={formatLongDay} />
        </div>
      )}
      {booking.arrival && <ArrivalDetails arrival={booking.arrival} />}
      <BookingTerms booking={booking} />
    </div>
  );
}
