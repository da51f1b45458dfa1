import { useId, useState } from 'react';
import type { GuestBooking } from '../../../shared/bookings';
import { errorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { api } from '../../lib/api';

/**
 * An owner's offer whose terms the guest has not accepted: they tick that they accept the terms
 * shown below (the same stored terms), and only then choose how to pay or pay
 * (docs/decisions/0052-offers-accept-their-terms.md). The server refuses any payment before.
 */
export function OfferTermsAcceptance({
  booking,
  path,
  onChanged,
}: {
  booking: GuestBooking;
  path: string;
  onChanged: () => unknown;
}) {
  const id = useId();
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [base, query] = path.split('?') as [string, string];
  if (!booking.termsToAccept) return null;

  async function accept() {
    if (!ticked) return setFailure(m.errors_byCode_terms_not_accepted());
    setBusy(true);
    setFailure(null);
    try {
      await api(`${base}/accept-terms?${query}`, { method: 'POST', body: { acceptTerms: true } });
      await onChanged();
    } catch (error) {
      setFailure(m.booking_actionFailed({ reason: errorText(error) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="offer-terms"
      className="mt-6 rounded-2xl border-2 border-lake-600 bg-white p-6"
    >
      <h2 id={`${id}-title`} className="font-semibold text-lake-800">
        {m.booking_offerTermsTitle()}
      </h2>
      <p className="mt-2 text-slate-700">{m.booking_offerTermsText()}</p>
      <div className="mt-3 flex items-start gap-2">
        <input
          id={`${id}-accept`}
          type="checkbox"
          checked={ticked}
          onChange={(e) => setTicked(e.target.checked)}
          className="mt-1 size-4"
          aria-describedby={failure ? `${id}-failure` : undefined}
        />
        <label htmlFor={`${id}-accept`} className="text-slate-900">
          {m.booking_offerTermsAccept()}
        </label>
      </div>
      <button
        type="button"
        onClick={() => void accept()}
        disabled={busy}
        className="mt-4 rounded-lg bg-lake-700 px-4 py-2 font-semibold text-white hover:bg-lake-800 disabled:opacity-60"
      >
        {m.booking_offerTermsContinue()}
      </button>
      {failure && (
        <p id={`${id}-failure`} role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {failure}
        </p>
      )}
    </section>
  );
}
