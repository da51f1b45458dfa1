import type { AdminBooking } from '../../../shared/bookings';
import { cancellationDeadlines } from '../../../shared/booking-text';
import { houseToday } from '../../../shared/dates';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatAdminDateTime } from '../../lib/format-date';
import { languageInWords } from './words';

/**
 * The terms stored with the booking, which its refunds and balance follow whatever the content
 * says now (docs/decisions/0035-terms-snapshot.md): the owner sees what the guest accepted.
 */
export function TermsAccepted({ booking }: { booking: AdminBooking }) {
  const { terms } = booking;
  const tiers = terms.cancellation.toSorted((a, b) => b.daysBeforeArrival - a.daysBeforeArrival);
  return (
    <details className="mt-2 text-sm" data-testid="admin-booking-terms">
      <summary className="cursor-pointer text-lake-700">{m.adminUi_terms_summary()}</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
        <dt className="font-medium">{m.adminUi_terms_accepted()}</dt>
        <dd>
          {terms.acceptedAt
            ? m.adminUi_terms_acceptedAt({
                time: formatAdminDateTime(terms.acceptedAt),
                language: languageInWords(terms.locale),
              })
            : terms.ownerEntered
              ? m.adminUi_terms_entered()
              : m.adminUi_terms_notAccepted()}
        </dd>
        <dt className="font-medium">{m.adminUi_terms_payments()}</dt>
        <dd>{m.adminUi_terms_deposit({ percent: terms.depositPercent, days: terms.balanceDaysBeforeArrival })}</dd>
        <dt className="font-medium">{m.adminUi_terms_cancellation()}</dt>
        <dd>
          <ul>
            {tiers.map((tier) => (
              <li key={tier.daysBeforeArrival}>
                {m.adminUi_terms_tier({ days: tier.daysBeforeArrival, percent: tier.refundPercent })}
              </li>
            ))}
          </ul>
          <ul className="mt-1 text-slate-600">
            {cancellationDeadlines(
              terms.cancellation,
              booking.checkIn,
              pageLocale,
              houseToday(Date.parse(terms.acceptedAt ?? booking.createdAt)),
            ).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </dd>
        <dt className="font-medium">{m.adminUi_terms_houseRules()}</dt>
        <dd className="whitespace-pre-line" lang={terms.locale}>
          {terms.houseRules}
        </dd>
      </dl>
    </details>
  );
}
