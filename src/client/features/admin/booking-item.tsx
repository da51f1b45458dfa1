import { useId } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatAdminDateTime } from '../../lib/format-date';
import { BookingActions } from './booking-actions';
import { BookingDetails } from './booking-details';
import { BookingFacts } from './booking-facts';
import { ReviewRequestSwitch } from './review-request-switch';
import { TermsAccepted } from './terms-accepted';
import { disputeStatus, STATUS_WORDS } from './words';

/** The dispute in words: what the bank took back, and until when the owner can answer in Stripe's dashboard. */
function disputeText(dispute: NonNullable<AdminBooking['dispute']>, money: (cents: number) => string): string {
  const status = disputeStatus(dispute.status);
  const open = !['won', 'lost', 'warning_closed'].includes(dispute.status);
  return open && dispute.respondBy
    ? m.adminUi_disputeOpen({
        amount: money(dispute.amountCents),
        status,
        time: formatAdminDateTime(dispute.respondBy),
      })
    : m.adminUi_disputeClosed({ status, amount: money(dispute.amountCents) });
}

/** One booking in the owner's list: its guest, money, history and payments, and the actions its status allows. */
export function BookingItem({ booking, onChanged }: { booking: AdminBooking; onChanged: () => unknown }) {
  const id = useId();
  const money = (cents: number) => formatAmount(cents, booking.quote.currency, pageLocale);

  return (
    <li data-testid="admin-booking" className="py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {booking.code} · {booking.name}
        </p>
        <div className="flex flex-wrap gap-2">
          {booking.dispute && (
            <span
              data-testid="admin-booking-dispute"
              className="rounded bg-red-100 px-2 py-0.5 text-sm font-medium text-red-900"
            >
              {disputeText(booking.dispute, money)}
            </span>
          )}
          {booking.overdue && (
            <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-medium text-red-900">
              {m.adminUi_overdue()}
            </span>
          )}
          <span
            data-testid="admin-booking-status"
            className="rounded bg-lake-100 px-2 py-0.5 text-sm font-medium text-lake-800"
          >
            {STATUS_WORDS[booking.status]()}
          </span>
        </div>
      </div>
      <BookingFacts booking={booking} money={money} onChanged={onChanged} />
      {/* A stay that will not happen is never asked for a review anyway. */}
      {!['declined', 'expired', 'cancelled'].includes(booking.status) && (
        <ReviewRequestSwitch booking={booking} onChanged={onChanged} />
      )}
      {booking.message && <p className="mt-2 break-words whitespace-pre-line text-slate-800">{booking.message}</p>}
      <TermsAccepted booking={booking} />
      <BookingDetails booking={booking} money={money} />
      <BookingActions id={id} booking={booking} money={money} onChanged={onChanged} />
    </li>
  );
}
