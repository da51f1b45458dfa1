import type { GuestBooking } from '../../../shared/bookings';
import { cancellationDeadlines } from '../../../shared/booking-text';
import { houseToday } from '../../../shared/dates';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatLongDay } from '../../lib/format-date';

const heading = 'font-semibold text-lake-800';

/**
 * The terms the guest accepted, as stored with the booking (docs/decisions/0035-terms-snapshot.md):
 * the policy as dates of this stay, the house rules and the no-withdrawal notice in the words
 * shown then, and who the guest contracts with. The same facts as the confirmation mail.
 */
export function BookingTerms({ booking }: { booking: GuestBooking }) {
  const { terms } = booking;
  const acceptedDay = houseToday(Date.parse(terms.acceptedAt));
  return (
    <section
      aria-labelledby="policy-title"
      className="space-y-2 rounded-2xl bg-white p-6 text-sm shadow-sm"
      data-testid="booking-terms"
    >
      <h2 id="policy-title" className={heading}>
        {m.booking_policyTitle()}
      </h2>
      <ul className="list-disc pl-5" data-testid="terms-cancellation">
        {cancellationDeadlines(terms.cancellation, booking.checkIn, pageLocale, acceptedDay).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2 className={`${heading} pt-2`}>{m.booking_houseRulesTitle()}</h2>
      <p className="whitespace-pre-line" lang={terms.locale} data-testid="terms-house-rules">
        {terms.houseRules}
      </p>
      <h2 className={`${heading} pt-2`}>{m.booking_withdrawalTitle()}</h2>
      <p lang={terms.locale} data-testid="terms-no-withdrawal">
        {terms.noWithdrawal}
      </p>
      {(terms.owner || terms.registrationNumber) && (
        <>
          <h2 className={`${heading} pt-2`}>{m.booking_partyTitle()}</h2>
          <address className="not-italic" data-testid="terms-party">
            {terms.owner && (
              <>
                {terms.owner.name}
                <br />
                {m.booking_partyNif({ nif: terms.owner.nif })}
                <br />
                {terms.owner.address}
                <br />
              </>
            )}
            {terms.registrationNumber && m.booking_registrationNumber({ number: terms.registrationNumber })}
          </address>
        </>
      )}
      <p className="pt-2 text-slate-600">{m.booking_termsAccepted({ date: formatLongDay(acceptedDay) })}</p>
    </section>
  );
}
