import { useState } from 'react';
import type { GuestBooking } from '../../../shared/bookings';
import { formatAmount } from '../../../shared/quote-text';
import { errorText } from '../../i18n/error-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { api } from '../../lib/api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useConfirm } from '../../ui/use-confirm';

/** A stay that will not happen has no calendar event to add. */
const ENDED = new Set(['cancelled', 'declined', 'expired']);

const button =
  'rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60';

/** What the guest can do with their booking now: pay, cancel (the refund shown first), add it to a calendar. */
export function BookingActions({
  booking,
  path,
  onChanged,
}: {
  booking: GuestBooking;
  path: string;
  onChanged: () => unknown;
}) {
  const { ask, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const [base, query] = path.split('?') as [string, string];
  const money = (cents: number) => formatAmount(cents, booking.quote.currency, pageLocale);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      setMessage({ kind: 'alert', text: m.booking_actionFailed({ reason: errorText(error) }) });
    } finally {
      setBusy(false);
      await onChanged();
    }
  }

  const payBalance = () =>
    run(async () => {
      const { checkoutUrl } = await api<{ checkoutUrl: string }>(`${base}/pay-balance?${query}`, {
        method: 'POST',
        body: {},
      });
      window.location.assign(checkoutUrl);
    });
  const cancel = () =>
    run(async () => {
      const { refundCents } = await api<{ refundCents: number }>(`${base}/cancel?${query}`, {
        method: 'POST',
        body: {},
      });
      setMessage({ kind: 'status', text: m.booking_cancelled({ amount: money(refundCents) }) });
    });

  return (
    <div className="mt-6 flex flex-wrap gap-3">
      {booking.checkoutUrl && (
        <a href={booking.checkoutUrl} className={`${button} bg-lake-700 text-white hover:bg-lake-800`}>
          {m.booking_continuePayment()}
        </a>
      )}
      {booking.canPayBalance && (
        <button
          type="button"
          disabled={busy}
          onClick={() => void payBalance()}
          className={`${button} bg-lake-700 text-white hover:bg-lake-800`}
        >
          {booking.status === 'awaiting_payment' ? m.booking_payNow() : m.booking_payBalance()}
        </button>
      )}
      {booking.canCancel && (
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            ask(
              m.booking_cancelConfirm({ amount: money(booking.refundIfCancelledCents) }),
              m.booking_cancel(),
              () => void cancel(),
            )
          }
          className={`${button} border border-red-700 text-red-800 hover:bg-red-50`}
        >
          {m.booking_cancel()}
        </button>
      )}
      {!ENDED.has(booking.status) && (
        <a
          href={`${base}/calendar.ics?${query}`}
          download={`${booking.code}.ics`}
          className={`${button} border border-slate-300 text-slate-800 hover:bg-white`}
        >
          {m.booking_addToCalendar()}
        </a>
      )}
      {message && (
        <p
          role={message.kind}
          className={`w-full rounded-lg p-3 ${message.kind === 'alert' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-900'}`}
        >
          {message.text}
        </p>
      )}
      <ConfirmDialog {...dialog} cancelLabel={m.booking_cancelKeep()} />
    </div>
  );
}
