import { useId, useState } from 'react';
import type { PaymentMethod } from '../../../shared/booking-policy';
import type { GuestBooking } from '../../../shared/bookings';
import { errorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { api } from '../../lib/api';

/**
 * An owner's offer not yet paid: the guest chooses how to pay among the site's ways, as the
 * booking form asks (docs/stays.md, "Offers"). Each choice is sent at once, so the page then shows
 * what it means: the transfer's details, or the button to Stripe's page.
 */
export function OfferPaymentChoice({
  booking,
  path,
  onChanged,
}: {
  booking: GuestBooking;
  path: string;
  onChanged: () => unknown;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Shown as chosen at once; the booking's own method again if the server refuses.
  const [selected, setSelected] = useState<string>(booking.paymentMethod);
  const [base, query] = path.split('?') as [string, string];
  if (booking.paymentChoices.length < 2) return null;

  async function choose(paymentMethod: PaymentMethod) {
    setBusy(true);
    setFailure(null);
    setSelected(paymentMethod);
    try {
      await api(`${base}/payment-method?${query}`, { method: 'POST', body: { paymentMethod } });
    } catch (error) {
      setSelected(booking.paymentMethod);
      setFailure(m.booking_actionFailed({ reason: errorText(error) }));
    } finally {
      setBusy(false);
      await onChanged();
    }
  }

  return (
    <fieldset data-testid="offer-payment-choice" className="mt-6 rounded-xl bg-white p-4" disabled={busy}>
      <legend className="px-1 font-semibold text-lake-800">{m.booking_methodTitle()}</legend>
      {booking.paymentChoices.map((option) => (
        <div key={option} className="mt-2 flex items-center gap-2">
          <input
            id={`${id}-method-${option}`}
            type="radio"
            name={`${id}-paymentMethod`}
            value={option}
            checked={selected === option}
            onChange={() => void choose(option)}
            className="size-4"
          />
          <label htmlFor={`${id}-method-${option}`} className="text-slate-800">
            {option === 'bank_transfer' ? m.booking_methodBank() : m.booking_methodStripe()}
          </label>
        </div>
      ))}
      {failure && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {failure}
        </p>
      )}
    </fieldset>
  );
}
