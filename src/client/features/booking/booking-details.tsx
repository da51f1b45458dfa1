import { Fragment } from 'react';
import type { GuestBooking } from '../../../shared/bookings';
import { formatAmount, lineLabelIn, quoteWords } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatLongDay, formatLongDayTime } from '../../lib/format-date';
import { ArrivalDetails } from './arrival-details';
import { BankDetails } from './bank-details';
import { HouseEssentials } from './house-essentials';
import { BookingTerms } from './booking-terms';
import { StillDue } from './still-due';

const ENDED = new Set(['cancelled', 'declined', 'expired']);

/** How what is owed back comes: to the card, by the owner's transfer to the IBAN given, or once one is given. */
function OwedBackWords({
  owed,
  money,
}: {
  owed: NonNullable<GuestBooking['owedBack']>;
  money: (cents: number) => string;
}) {
  return (
    <>
      {owed.cardCents > 0 && <p>{m.booking_owedBackCard({ amount: money(owed.cardCents) })}</p>}
      {owed.transferCents > 0 && (
        <p>
          {owed.ibanMasked
            ? m.booking_owedBackTransfer({ amount: money(owed.transferCents), iban: owed.ibanMasked })
            : m.booking_owedBackAskIban({ amount: money(owed.transferCents) })}
        </p>
      )}
    </>
  );
}

/** A row whose value is long (days, what is due): on a phone its value goes under its label. */
const WIDE = 'col-span-2 sm:col-span-1';

/** The booking as the guest sees it: the stay, the price, what was paid and what is due, the accepted terms. */
export function BookingDetails({ booking }: { booking: GuestBooking }) {
  const money = (cents: number) => formatAmount(cents, booking.quote.currency, pageLocale);
  const words = quoteWords(pageLocale, booking.quote.currency);
  const holdUntil = booking.holdUntil ? formatLongDayTime(booking.holdUntil) : null;
  return (
    <div className="mt-6 space-y-6">
      <dl
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-6 gap-y-2 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-[auto_1fr]"
        data-testid="booking-details"
      >
        <dt className={`${WIDE} font-medium text-slate-700`}>{m.booking_dates()}</dt>
        <dd className={WIDE}>
          {formatLongDay(booking.checkIn)} – {formatLongDay(booking.checkOut)}
        </dd>
        <dt className="font-medium text-slate-700">{m.booking_guests()}</dt>
        <dd className="whitespace-nowrap text-right sm:text-left">
          {m.booking_guestsCount({ count: booking.guests })}
        </dd>
        {booking.quote.lines.map((line) => (
          <Fragment key={`${line.kind}-${line.unitAmount}`}>
            <dt className="text-slate-700">{booking.locale === pageLocale ? line.label : lineLabelIn(line, words)}</dt>
            <dd className="whitespace-nowrap text-right tabular-nums sm:text-left">{money(line.amount)}</dd>
          </Fragment>
        ))}
        <dt className="font-semibold">{m.booking_total()}</dt>
        <dd className="font-semibold whitespace-nowrap text-right tabular-nums sm:text-left">
          {money(booking.totalCents)}
        </dd>
        <dt className="font-medium text-slate-700">{m.booking_paid()}</dt>
        <dd data-testid="booking-paid" className="whitespace-nowrap text-right tabular-nums sm:text-left">
          {money(booking.paidCents)}
        </dd>
        {booking.refundedCents > 0 && (
          <>
            <dt className="font-medium text-slate-700">{m.booking_refunded()}</dt>
            <dd className="whitespace-nowrap text-right tabular-nums sm:text-left">{money(booking.refundedCents)}</dd>
          </>
        )}
        {/* A booking that will not happen: nothing is due, and what is owed back says how it comes. */}
        {ENDED.has(booking.status) ? (
          booking.owedBack && (
            <>
              <dt className={`${WIDE} font-medium text-slate-700`}>{m.booking_owedBack()}</dt>
              <dd data-testid="booking-owed-back" className={`${WIDE} space-y-1`}>
                <OwedBackWords owed={booking.owedBack} money={money} />
              </dd>
            </>
          )
        ) : (
          <>
            <dt className={`${WIDE} font-medium text-slate-700`}>{m.booking_due()}</dt>
            <dd data-testid="booking-due" className={WIDE}>
              <StillDue booking={booking} money={money} />
            </dd>
          </>
        )}
        {holdUntil && (
          <>
            <dt className={`${WIDE} font-medium text-slate-700`}>{m.booking_holdUntil()}</dt>
            <dd className={WIDE}>{holdUntil}</dd>
          </>
        )}
      </dl>
      {booking.bankTransfer && booking.dueCents > 0 && (
        <div className="rounded-2xl bg-white p-6 shadow-sm">
          <BankDetails
            transfer={booking.bankTransfer}
            money={money}
            day={formatLongDay}
            {...(booking.status === 'awaiting_payment' ? {} : { title: m.booking_bankBalanceTitle() })}
          />
        </div>
      )}
      <HouseEssentials booking={booking} />
      {booking.arrival && <ArrivalDetails arrival={booking.arrival} />}
      <BookingTerms booking={booking} />
    </div>
  );
}
