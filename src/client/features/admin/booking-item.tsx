import { useId, useState } from 'react';
import { canTransition } from '../../../shared/booking-status';
import type { AdminBooking } from '../../../shared/bookings';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatAdminDateTime, formatAdminStayDay } from '../../lib/format-date';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useConfirm } from '../../ui/use-confirm';
import { adminFailure, useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { AmountAction } from './amount-action';
import { BookingMails } from './booking-mails';
import { ChangeDates } from './change-dates';
import { OwedBack } from './owed-back';
import { ReviewRequestSwitch } from './review-request-switch';
import { TermsAccepted } from './terms-accepted';
import { TransferReceived } from './transfer-received';
import { TransferRefunds } from './transfer-refunds';
import {
  ACTOR_WORDS,
  countryInWords,
  disputeStatus,
  languageInWords,
  PAID_BY,
  PAYMENT_KIND_WORDS,
  PAYMENT_STATE_WORDS,
  PAYMENT_WORDS,
  STATUS_WORDS,
} from './words';

const small = 'rounded-lg px-3 py-1.5 text-sm font-semibold';
/** The statuses of a booking that will not happen. */
const CLOSED = new Set(['declined', 'expired', 'cancelled']);
/** The dispute in words: what the bank took back, and until when the owner can answer in Stripe's dashboard. */
function disputeText(dispute: NonNullable<AdminBooking['dispute']>, money: (cents: number) => string): string {
  const status = disputeStatus(dispute.status);
  const open = !['won', 'lost', 'warning_closed'].includes(dispute.status);
  return open && dispute.respondBy
    ? m.adminUi_disputeOpen({
        amount: money(dispute.amountCents),
        status,
        time: formatAdminDateTime(dispute.respondBy),
      })
    : m.adminUi_disputeClosed({ status, amount: money(dispute.amountCents) });
}

/** One booking in the owner's list: its guest, money, history and payments, and the actions its status allows. */
export function BookingItem({ booking, onChanged }: { booking: AdminBooking; onChanged: () => unknown }) {
  const id = useId();
  const adminApi = useAdminApi();
  const act = useAdminAction(onChanged);
  const { ask, dialog } = useConfirm();
  const money = (cents: number) => formatAmount(cents, booking.quote.currency, pageLocale);
  // What is expected next: the deposit while the booking waits for it, else the rest.
  const expected =
    booking.status === 'awaiting_payment' ? Math.max(0, booking.dueNowCents - booking.paidCents) : booking.dueCents;
  const [detailsOpen, setDetailsOpen] = useState(false);
  const post =
    (action: string, body: object = {}) =>
    () =>
      adminApi(`/api/admin/bookings/${encodeURIComponent(booking.code)}/${action}`, { method: 'POST', body });
  const can = (to: Parameters<typeof canTransition>[1]) => canTransition(booking.status, to, 'owner');
  const takesMoney = ['awaiting_payment', 'confirmed', 'balance_due'].includes(booking.status) && booking.dueCents > 0;

  return (
    <li data-testid="admin-booking" className="py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {booking.code} · {booking.name}
        </p>
        <div className="flex flex-wrap gap-2">
          {booking.dispute && (
            <span
              data-testid="admin-booking-dispute"
              className="rounded bg-red-100 px-2 py-0.5 text-sm font-medium text-red-900"
            >
              {disputeText(booking.dispute, money)}
            </span>
          )}
          {booking.overdue && (
            <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-medium text-red-900">
              {m.adminUi_overdue()}
            </span>
          )}
          <span
            data-testid="admin-booking-status"
            className="rounded bg-lake-100 px-2 py-0.5 text-sm font-medium text-lake-800"
          >
            {STATUS_WORDS[booking.status]()}
          </span>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
        <dt className="font-medium">{m.adminUi_facts_stay()}</dt>
        <dd>
          {formatAdminStayDay(booking.checkIn)} – {formatAdminStayDay(booking.checkOut)},{' '}
          {m.adminUi_guests({ count: booking.guests })}
        </dd>
        <dt className="font-medium">{m.adminUi_facts_guest()}</dt>
        <dd className="wrap-anywhere">
          {/* A platform that hides the guest's e-mail, or a phone guest who gave none: no address. */}
          {booking.email ? (
            <a href={`mailto:${booking.email}`} className="underline">
              {booking.email}
            </a>
          ) : (
            m.adminUi_noEmail()
          )}
          {booking.phone ? `, ${booking.phone}` : ''}
          {booking.country ? `, ${countryInWords(booking.country)}` : ''}, {languageInWords(booking.locale)}
        </dd>
        <dt className="font-medium">{m.adminUi_facts_money()}</dt>
        <dd data-testid="admin-booking-money">
          {/* A booking that will not happen owes nothing: what it owes back is said below. */}
          {CLOSED.has(booking.status)
            ? m.adminUi_moneyClosed({
                total: money(booking.totalCents),
                paid: money(booking.paidCents),
                refunded: money(booking.refundedCents),
              })
            : m.adminUi_money({
                total: money(booking.totalCents),
                paid: money(booking.paidCents),
                refunded: money(booking.refundedCents),
                due: money(booking.dueCents),
              })}
          {booking.balanceDueOn && !CLOSED.has(booking.status)
            ? ` (${m.adminUi_balanceDue({ day: formatAdminStayDay(booking.balanceDueOn) })})`
            : ''}
        </dd>
        {booking.owedBack && <OwedBack booking={{ ...booking, owedBack: booking.owedBack }} money={money} />}
        <TransferRefunds booking={booking} money={money} onChanged={onChanged} />
        <dt className="font-medium">{m.adminUi_facts_payment()}</dt>
        <dd>
          {PAYMENT_WORDS[booking.paymentMethod]?.() ??
            m.adminUi_paymentMethod_bankTransfer({ reference: booking.bankReference ?? '—' })}
          {booking.holdUntil ? `; ${m.adminUi_heldUntil({ time: formatAdminDateTime(booking.holdUntil) })}` : ''}
        </dd>
      </dl>
      {/* A stay that will not happen is never asked for a review anyway. */}
      {!['declined', 'expired', 'cancelled'].includes(booking.status) && (
        <ReviewRequestSwitch booking={booking} onChanged={onChanged} />
      )}
      {booking.message && <p className="mt-2 break-words whitespace-pre-line text-slate-800">{booking.message}</p>}
      <TermsAccepted booking={booking} />
      <details className="mt-2 text-sm" onToggle={(e) => setDetailsOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer text-lake-700">{m.adminUi_details()}</summary>
        <ol className="mt-2 space-y-1">
          {booking.history.map((event, i) => (
            <li key={i}>
              {m.adminUi_history_line({
                time: formatAdminDateTime(event.at),
                from: event.from ? STATUS_WORDS[event.from]() : m.adminUi_status_new(),
                to: STATUS_WORDS[event.to](),
                by: ACTOR_WORDS[event.by](),
              })}
              {event.refundCents !== null ? ` (${m.adminUi_history_refund({ amount: money(event.refundCents) })})` : ''}
              {event.note ? ` (${event.note})` : ''}
            </li>
          ))}
        </ol>
        {/* Asked for when opened: a list of fifty bookings makes no fifty requests. */}
        {detailsOpen && <BookingMails code={booking.code} />}
        <ul className="mt-2 space-y-1">
          {booking.payments.map((p) => (
            <li key={p.id}>
              {m.adminUi_payment_line({
                kind: PAYMENT_KIND_WORDS[p.kind](),
                how: PAID_BY[p.method](),
                amount: money(p.amountCents),
                state: PAYMENT_STATE_WORDS[p.status](),
              })}
            </li>
          ))}
        </ul>
      </details>
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
    </li>
  );
}
