import { canTransition } from '../../../shared/booking-status';
import type { AdminBooking } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useConfirm } from '../../ui/use-confirm';
import { adminFailure, useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { AmountAction } from './amount-action';
import { ChangeDates } from './change-dates';
import { ChangeParty } from './change-party';
import { TransferReceived } from './transfer-received';

const small = 'rounded-lg px-3 py-1.5 text-sm font-semibold';

interface Props {
  id: string;
  booking: AdminBooking;
  money: (cents: number) => string;
  onChanged: () => unknown;
}

/** What the owner can do with a booking in its status: accept, decline, record a transfer, cancel… */
export function BookingActions({ id, booking, money, onChanged }: Props) {
  const adminApi = useAdminApi();
  const act = useAdminAction(onChanged);
  const { ask, dialog } = useConfirm();
  // What is expected next: the deposit while the booking waits for it, else the rest.
  const expected =
    booking.status === 'awaiting_payment' ? Math.max(0, booking.dueNowCents - booking.paidCents) : booking.dueCents;
  const post =
    (action: string, body: object = {}) =>
    () =>
      adminApi(`/api/admin/bookings/${encodeURIComponent(booking.code)}/${action}`, { method: 'POST', body });
  const can = (to: Parameters<typeof canTransition>[1]) => canTransition(booking.status, to, 'owner');
  const takesMoney = ['awaiting_payment', 'confirmed', 'balance_due'].includes(booking.status) && booking.dueCents > 0;
  return (
    <>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {can('awaiting_payment') && (
          <button
            type="button"
            onClick={() => void act(post('accept'), m.adminUi_accepted(), adminFailure(m.adminUi_acceptFailed()))}
            className={`${small} bg-green-700 text-white hover:bg-green-800`}
          >
            {m.adminUi_accept()}
          </button>
        )}
        {can('declined') && (
          <button
            type="button"
            onClick={() =>
              ask(
                m.adminUi_declineConfirm({ name: booking.name }),
                m.adminUi_decline(),
                () => void act(post('decline'), m.adminUi_declined(), m.adminUi_declineFailed()),
              )
            }
            className={`${small} border border-slate-300 hover:bg-slate-50`}
          >
            {m.adminUi_decline()}
          </button>
        )}
        {takesMoney && (
          // A recorded transfer changes what was paid: a new form, with the next amount and a new key.
          <TransferReceived
            key={booking.paidCents}
            id={`${id}-received`}
            expectedCents={expected}
            buttonClass={`${small} bg-lake-700 text-white hover:bg-lake-800 disabled:opacity-60`}
            onRecord={(body) =>
              act(post('mark-paid', body), m.adminUi_transferRecorded(), adminFailure(m.adminUi_transferFailed()))
            }
          />
        )}
        {can('cancelled') && (
          <AmountAction
            id={`${id}-refund`}
            label={m.adminUi_refund()}
            initialCents={booking.refundIfCancelledCents}
            button={m.adminUi_cancelBooking()}
            buttonClass={`${small} border border-red-700 text-red-800 hover:bg-red-50`}
            onAmount={(cents) =>
              ask(
                m.adminUi_cancelConfirm({ code: booking.code, amount: money(cents) }),
                m.adminUi_cancelBooking(),
                () =>
                  void act(
                    post('cancel', { refundCents: cents }),
                    m.adminUi_cancelled(),
                    adminFailure(m.adminUi_cancelFailed()),
                  ),
              )
            }
          />
        )}
        {!['declined', 'expired', 'cancelled', 'completed'].includes(booking.status) && (
          <ChangeDates key={`${booking.checkIn}:${booking.checkOut}`} booking={booking} onChanged={onChanged} />
        )}
        {!['declined', 'expired', 'cancelled', 'completed'].includes(booking.status) && (
          <ChangeParty
            key={`${booking.guests}:${booking.childrenAges.join(',')}`}
            booking={booking}
            onChanged={onChanged}
          />
        )}
        {!['declined', 'expired', 'cancelled', 'completed'].includes(booking.status) &&
          (booking.email ? (
            <button
              type="button"
              onClick={() =>
                void act(
                  post('resend-link'),
                  booking.mailOn ? m.adminUi_linkSent() : m.adminUi_linkQueued(),
                  m.adminUi_linkFailed(),
                )
              }
              className={`${small} border border-slate-300 hover:bg-slate-50`}
            >
              {m.adminUi_resendLink()}
            </button>
          ) : (
            <p data-testid="no-guest-email" className="text-sm text-slate-700">
              {m.adminUi_noGuestEmail()}
            </p>
          ))}
        <button
          type="button"
          onClick={() =>
            ask(
              m.adminUi_revokeConfirm({ code: booking.code }),
              m.adminUi_revokeLinks(),
              () => void act(post('revoke-links'), m.adminUi_revoked(), adminFailure(m.adminUi_revokeFailed())),
            )
          }
          className={`${small} border border-slate-300 hover:bg-slate-50`}
        >
          {m.adminUi_revokeLinks()}
        </button>
      </div>
      <ConfirmDialog {...dialog} cancelLabel={m.adminUi_keep()} />
    </>
  );
}
