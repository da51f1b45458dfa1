import type { AdminBooking } from '../../../shared/bookings';
import { cancellationDeadlines } from '../../../shared/booking-text';
import { houseToday } from '../../../shared/dates';
import { formatAdminDateTime } from '../../lib/format-date';

/**
 * The terms stored with the booking, which its refunds and balance follow whatever the content
 * says now (docs/decisions/0035-terms-snapshot.md): the owner sees what the guest accepted.
 */
export function TermsAccepted({ booking }: { booking: AdminBooking }) {
  const { terms } = booking;
  const tiers = terms.cancellation.toSorted((a, b) => b.daysBeforeArrival - a.daysBeforeArrival);
  return (
    <details className="mt-2 text-sm" data-testid="admin-booking-terms">
      <summary className="cursor-pointer text-lake-700">Terms accepted</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
        <dt className="font-medium">Accepted</dt>
        <dd>
          {formatAdminDateTime(terms.acceptedAt)}, in {terms.locale}
        </dd>
        <dt className="font-medium">Payments</dt>
        <dd>
          deposit {terms.depositPercent}%, balance {terms.balanceDaysBeforeArrival} days before arrival
        </dd>
        <dt className="font-medium">Cancellation</dt>
        <dd>
          <ul>
            {tiers.map((tier) => (
              <li key={tier.daysBeforeArrival}>
                {tier.daysBeforeArrival}+ days before arrival: {tier.refundPercent}% back
              </li>
            ))}
          </ul>
          <ul className="mt-1 text-slate-600">
            {cancellationDeadlines(
              terms.cancellation,
              booking.checkIn,
              'en',
              houseToday(Date.parse(terms.acceptedAt)),
            ).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </dd>
        <dt className="font-medium">House rules</dt>
        <dd className="whitespace-pre-line" lang={terms.locale}>
          {terms.houseRules}
        </dd>
      </dl>
    </details>
  );
}
