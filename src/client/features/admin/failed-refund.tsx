import { useState } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { ApiError } from '../../lib/api';
import { refusalText, SessionEndedError, useAdminApi } from '../../lib/use-admin-api';
import { useToast } from '../../ui/toast';

type Payment = AdminBooking['payments'][number];

/**
 * A refund Stripe failed or cancelled, with its reason and "Refund by bank transfer instead": a
 * refund by transfer of the same amount is planned, then sent and marked sent like any other
 * (docs/decisions/0061-refunds-that-finish.md).
 */
export function FailedRefund({
  refund,
  amount,
  onChanged,
}: {
  refund: Payment & { failure: string };
  amount: string;
  onChanged: () => unknown;
}) {
  const adminApi = useAdminApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function byTransfer() {
    setBusy(true);
    try {
      await adminApi(`/api/admin/payments/${encodeURIComponent(refund.id)}/refund-by-transfer`, { method: 'POST' });
      toast.success(m.adminUi_refundByTransferDone());
      await onChanged();
    } catch (e) {
      if (!(e instanceof SessionEndedError))
        toast.error(e instanceof ApiError && e.status === 409 ? refusalText(e) : m.adminUi_refundByTransferFailed());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-testid="failed-refund">
      <p>{m.adminUi_failedRefund({ amount, reason: refund.failure })}</p>
      <button
        type="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void byTransfer()}
        className="mt-1 rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800 disabled:opacity-60"
      >
        {m.adminUi_refundByTransfer()}
      </button>
    </div>
  );
}
