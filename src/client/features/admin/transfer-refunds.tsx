import { type FormEvent, useState } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { houseToday } from '../../../shared/dates';
import { m } from '../../i18n/paraglide/messages';
import { ApiError } from '../../lib/api';
import { formatAdminDay } from '../../lib/format-date';
import { refusalText, SessionEndedError, useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { FailedRefund } from './failed-refund';

type Payment = AdminBooking['payments'][number];

/**
 * "Refund sent": the day the owner's transfer went out, today at the house unless told, never
 * before the refund was planned nor after today (docs/decisions/0060-a-transfer-refund-marked-sent.md).
 */
function RefundSentForm({ refund, amount, onChanged }: { refund: Payment; amount: string; onChanged: () => unknown }) {
  const adminApi = useAdminApi();
  const toast = useToast();
  // The day the form opened, at the house: its default and its latest.
  const [today] = useState(() => houseToday(Date.now()));
  const [day, setDay] = useState(today);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await adminApi(`/api/admin/payments/${encodeURIComponent(refund.id)}/refund-sent`, {
        method: 'POST',
        body: { day },
      });
      toast.success(m.adminUi_refundSentDone());
      await onChanged();
    } catch (e) {
      if (e instanceof ApiError && e.field === 'day') setError(refusalText(e));
      else if (!(e instanceof SessionEndedError))
        toast.error(e instanceof ApiError && e.status === 409 ? refusalText(e) : m.adminUi_refundSentFailed());
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={m.adminUi_refundSentForm({ amount })}
      className="flex flex-wrap items-end gap-2"
    >
      <Field density="admin" label={m.adminUi_refundSentDay()} error={error} className="w-44">
        {(control) => (
          <input
            {...control}
            type="date"
            required
            min={houseToday(Date.parse(refund.createdAt))}
            max={today}
            value={day}
            onChange={(e) => {
              setDay(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800 disabled:opacity-60"
      >
        {m.adminUi_refundSent()}
      </button>
    </form>
  );
}

/**
 * The booking's refunds by transfer: each still to send with its "Refund sent", each sent with its
 * day; and each failed refund still to finish, with "Refund by bank transfer instead".
 */
export function TransferRefunds({
  booking,
  money,
  onChanged,
}: {
  booking: AdminBooking;
  money: (cents: number) => string;
  onChanged: () => unknown;
}) {
  const refunds = booking.payments.filter(
    (p) => p.kind === 'refund' && p.method === 'bank_transfer' && (p.status === 'pending' || p.status === 'succeeded'),
  );
  const failed = booking.payments.filter((p): p is Payment & { failure: string } => p.failure !== null);
  if (refunds.length === 0 && failed.length === 0) return null;
  return (
    <>
      <dt className="font-medium">{m.adminUi_facts_refunds()}</dt>
      <dd data-testid="admin-booking-transfer-refunds" className="space-y-2">
        {failed.map((refund) => (
          <FailedRefund key={refund.id} refund={refund} amount={money(refund.amountCents)} onChanged={onChanged} />
        ))}
        {refunds.map((refund) =>
          refund.status === 'succeeded' && refund.settledAt ? (
            <p key={refund.id} data-testid="refund-sent">
              {m.adminUi_refundSentOn({ amount: money(refund.amountCents), day: formatAdminDay(refund.settledAt) })}
            </p>
          ) : (
            <div key={refund.id}>
              <p>{m.adminUi_refundToSend({ amount: money(refund.amountCents) })}</p>
              <RefundSentForm refund={refund} amount={money(refund.amountCents)} onChanged={onChanged} />
            </div>
          ),
        )}
      </dd>
    </>
  );
}
