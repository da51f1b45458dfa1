import { useId, useState } from 'react';
import { isIban } from '../../../shared/booking-policy';
import type { GuestBooking } from '../../../shared/bookings';
import { errorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { api, ApiError } from '../../lib/api';
import { Field } from '../../ui/field';

interface Props {
  booking: GuestBooking;
  /** The booking's API path with its token (`/api/bookings/CODE?t=…`). */
  path: string;
  onSaved: () => unknown;
}

/**
 * The account for a refund by transfer, given on the booking page once the booking is cancelled
 * (docs/decisions/0054-refunds-by-transfer.md): checked here by its check digits as the server
 * checks it; once given, only its masked form is shown, and another may replace it.
 */
export function RefundAccount({ booking, path, onSaved }: Props) {
  const id = useId();
  const given = booking.owedBack?.ibanMasked ?? null;
  const [editing, setEditing] = useState(false);
  const [iban, setIban] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [sending, setSending] = useState(false);
  const [base, query] = path.split('?') as [string, string];
  if (!booking.owedBack || booking.owedBack.transferCents === 0) return null;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    if (!isIban(iban)) return setFieldError(m.booking_refundIbanInvalid());
    setSending(true);
    try {
      await api(`${base}/refund-account?${query}`, { method: 'PUT', body: { iban } });
      setSaved(true);
      setEditing(false);
      setIban('');
      await onSaved();
    } catch (failure) {
      if (failure instanceof ApiError && failure.field === 'iban') setFieldError(m.booking_refundIbanInvalid());
      else setError(errorText(failure));
    } finally {
      setSending(false);
    }
  }

  const button =
    'rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60';
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-2xl bg-white p-6 shadow-sm"
      data-testid="refund-account"
    >
      <h2 id={`${id}-title`} className="font-semibold text-slate-900">
        {m.booking_refundIban()}
      </h2>
      {saved && (
        <p role="status" className="mt-2 text-green-800">
          {m.booking_refundIbanSaved()}
        </p>
      )}
      {given && !editing ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="font-mono">{given}</p>
          <button
            type="button"
            onClick={() => setEditing(true)}
            className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}
          >
            {m.booking_refundIbanChange()}
          </button>
        </div>
      ) : (
        <form onSubmit={(e) => void save(e)} noValidate className="mt-3 max-w-md">
          <Field id={`${id}-iban`} label={m.booking_refundIban()} hint={m.booking_refundIbanHint()} error={fieldError}>
            {(control) => (
              <input
                {...control}
                value={iban}
                onChange={(e) => {
                  setIban(e.target.value);
                  setFieldError(undefined);
                }}
                maxLength={50}
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>
          <button
            type="submit"
            disabled={sending}
            className={`${button} mt-4 bg-lake-700 text-white hover:bg-lake-800`}
          >
            {m.booking_refundIbanSave()}
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
