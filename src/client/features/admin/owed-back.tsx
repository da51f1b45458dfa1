import { useState } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { SessionEndedError, useAdminApi } from '../../lib/use-admin-api';
import { useToast } from '../../ui/toast';

/**
 * What a cancelled booking owes back, and to whom: the card's refund Stripe is sending, and the
 * transfer the owner sends, to the IBAN the guest gave, masked until the owner opens it to send
 * the refund (each opening is in the audit list; docs/decisions/0054-refunds-by-transfer.md).
 */
export function OwedBack({
  booking,
  money,
}: {
  booking: AdminBooking & { owedBack: NonNullable<AdminBooking['owedBack']> };
  money: (cents: number) => string;
}) {
  const adminApi = useAdminApi();
  const toast = useToast();
  const [iban, setIban] = useState<string>();
  const { cardCents, transferCents, ibanMasked } = booking.owedBack;
  const reveal = async () => {
    try {
      const answer = await adminApi<{ iban: string }>(
        `/api/admin/bookings/${encodeURIComponent(booking.code)}/refund-account/reveal`,
        { method: 'POST', body: {} },
      );
      setIban(answer.iban);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) toast.error(m.adminUi_ibanFailed());
    }
  };
  return (
    <>
      <dt className="font-medium">{m.adminUi_facts_owedBack()}</dt>
      <dd data-testid="admin-booking-owed-back" className="space-y-1">
        {cardCents > 0 && <p>{m.adminUi_owedBackCard({ amount: money(cardCents) })}</p>}
        {transferCents > 0 && ibanMasked && (
          <p>
            {m.adminUi_owedBackTransfer({ amount: money(transferCents), iban: iban ?? ibanMasked })}{' '}
            {!iban && (
              <button type="button" onClick={() => void reveal()} className="text-lake-700 underline">
                {m.adminUi_showIban()}
              </button>
            )}
          </p>
        )}
        {transferCents > 0 && !ibanMasked && <p>{m.adminUi_owedBackNoIban({ amount: money(transferCents) })}</p>}
      </dd>
    </>
  );
}
