import type { GuestBooking } from '../../../shared/bookings';
import { cancellationDeadlines } from '../../../shared/booking-text';
import { formatDayIn, houseToday } from '../../../shared/dates';
import { languageName } from '../../../shared/locales';
import { pageLocale, property } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import type { Locale } from '../../i18n/paraglide/runtime';

const heading = 'font-semibold text-lake-800';

/**
 * The terms the guest accepted, as stored with the booking (docs/decisions/0035-terms-snapshot.md):
 * the policy as dates of this stay, the house rules and the no-withdrawal notice in the words
 * shown then, and who the guest contracts with. The same facts as the confirmation mail.
 *
 * All of it in the language the guest accepted it in (`terms.locale`), whichever language the page
 * is read in: what was agreed is what stays shown (docs/decisions/0043-form-errors.md).
 */
export function BookingTerms({ booking }: { booking: GuestBooking }) {
  const { terms } = booking;
  // Not yet accepted (an offer) or never (an entered stay): every period of the policy is shown (decision 0052).
  const acceptedDay = terms.acceptedAt ? houseToday(Date.parse(terms.acceptedAt)) : undefined;
  // A stay the owner entered shows only what the owner gave: no heading over nothing.
  const given = (present: boolean) => !terms.ownerEntered || present;
  // A language the site no longer speaks falls back to the page's: its words are gone from the catalog.
  const locale = (property.locales.includes(terms.locale) ? terms.locale : pageLocale) as Locale;
  const inTerms = { locale };
  return (
    <section
      aria-labelledby="policy-title"
      lang={locale}
      className="space-y-2 rounded-2xl bg-white p-6 text-sm shadow-sm"
      data-testid="booking-terms"
    >
      {locale !== pageLocale && (
        <p lang={pageLocale} className="rounded-lg bg-sand-50 p-3 text-slate-700" data-testid="terms-language">
          {m.booking_termsLanguageNote({ language: languageName(locale) })}
        </p>
      )}
      {given(terms.cancellation.length > 0) && (
        <>
          <h2 id="policy-title" className={heading}>
            {m.booking_policyTitle({}, inTerms)}
          </h2>
          <ul className="list-disc pl-5" data-testid="terms-cancellation">
            {cancellationDeadlines(terms.cancellation, booking.checkIn, locale, acceptedDay).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {given(terms.houseRules !== '') && (
        <>
          <h2 className={`${heading} pt-2`}>{m.booking_houseRulesTitle({}, inTerms)}</h2>
          <p className="whitespace-pre-line" data-testid="terms-house-rules">
            {terms.houseRules}
          </p>
        </>
      )}
      {given(terms.noWithdrawal !== '') && (
        <>
          <h2 className={`${heading} pt-2`}>{m.booking_withdrawalTitle({}, inTerms)}</h2>
          <p data-testid="terms-no-withdrawal">{terms.noWithdrawal}</p>
        </>
      )}
      {(terms.owner || terms.registrationNumber) && (
        <>
          <h2 className={`${heading} pt-2`}>{m.booking_partyTitle({}, inTerms)}</h2>
          <address className="not-italic" data-testid="terms-party">
            {terms.owner && (
              <>
                {terms.owner.name}
                <br />
                {m.booking_partyNif({ nif: terms.owner.nif }, inTerms)}
                <br />
                {terms.owner.address}
                <br />
              </>
            )}
            {terms.registrationNumber && m.booking_registrationNumber({ number: terms.registrationNumber }, inTerms)}
          </address>
        </>
      )}
      <p className="pt-2 text-slate-600" data-testid="terms-acceptance">
        {terms.ownerEntered
          ? m.booking_termsEntered({}, inTerms)
          : acceptedDay
            ? m.booking_termsAccepted({ date: formatDayIn(acceptedDay, locale) }, inTerms)
            : m.booking_offerTermsPending({}, inTerms)}
      </p>
    </section>
  );
}
