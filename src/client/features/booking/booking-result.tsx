import type { BookingCreated, BookingOptions } from '../../../shared/bookings';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatLongDay } from '../../lib/format-date';
import { ResultHeading } from '../../ui/result-heading';
import { BankDetails } from './bank-details';

/** What follows a booking made: on the way to Stripe, the transfer to make, or a request sent. */
export function BookingResult({ created, options }: { created: BookingCreated; options: BookingOptions }) {
  if (created.checkoutUrl) {
    return (
      <p role="status" className="mt-4 rounded-lg bg-lake-50 p-4 text-lake-900">
        {m.booking_redirecting()}
      </p>
    );
  }
  return (
    <div role="status" className="mt-4 space-y-3 rounded-xl bg-sand-50 p-4 text-slate-800" data-testid="booking-result">
      {created.status === 'requested' ? (
        <>
          <ResultHeading className="text-lg font-semibold text-lake-800">{m.booking_requestSentTitle()}</ResultHeading>
          <p>{m.booking_requestSentText({ hours: options.requestResponseHours })}</p>
        </>
      ) : (
        created.bankTransfer && (
          <BankDetails
            transfer={created.bankTransfer}
            money={(cents) => formatAmount(cents, options.currency, pageLocale)}
            day={formatLongDay}
            focusTitle
          />
        )
      )}
      <p>
        <a href={created.bookingUrl} className="font-semibold text-lake-700 underline">
          {m.booking_openBooking()}
        </a>
      </p>
      <p className="text-sm text-slate-600">{created.mailed ? m.booking_keepLink() : m.booking_keepLinkNoMail()}</p>
    </div>
  );
}
