import { useId, useState } from 'react';
import { canTransition } from '../../../shared/booking-status';
import type { AdminBooking } from '../../../shared/bookings';
import { formatDay } from '../../../shared/dates';
import { formatAmount } from '../../../shared/quote-text';
import { formatAdminDateTime } from '../../lib/format-date';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useConfirm } from '../../ui/use-confirm';
import { adminFailure, useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { AmountAction } from './amount-action';
import { BookingMails } from './booking-mails';
import { ChangeDates } from './change-dates';
import { ReviewRequestSwitch } from './review-request-switch';
import { TermsAccepted } from './terms-accepted';

const small = 'rounded-lg px-3 py-1.5 text-sm font-semibold';
/** How the money came: a stay entered from another channel was paid there, never here (docs/stays.md). */
/** How a payment row was paid, in the owner's list. */
const PAID_BY: Record<AdminBooking['payments'][number]['method'], string> = {
  stripe: 'by Stripe',
  bank_transfer: 'by transfer',
  owner: 'paid to the owner',
};

const PAYMENT_WORDS: Partial<Record<AdminBooking['paymentMethod'], string>> = {
  stripe: 'Stripe',
  platform: 'paid on the platform, never charged here',
  owner: 'paid to the owner outside the site, never charged here',
};

/** The dispute in words: what the bank took back, and until when the owner can answer in Stripe's dashboard. */
function disputeText(dispute: NonNullable<AdminBooking['dispute']>, money: (cents: number) => string): string {
  const status = dispute.status.replace(/_/g, ' ');
  const open = !['won', 'lost', 'warning_closed'].includes(dispute.status);
  return open && dispute.respondBy
    ? `disputed ${money(dispute.amountCents)} (${status}): answer in Stripe by ${formatAdminDateTime(dispute.respondBy)}`
    : `dispute ${status}: ${money(dispute.amountCents)}`;
}

/** One booking in the owner's list: its guest, money, history and payments, and the actions its status allows. */
export function BookingItem({ booking, onChanged }: { booking: AdminBooking; onChanged: () => unknown }) {
  const id = useId();
  const adminApi = useAdminApi();
  const act = useAdminAction(onChanged);
  const { ask, dialog } = useConfirm();
  const money = (cents: number) => formatAmount(cents, booking.quote.currency, 'en');
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
            <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-medium text-red-900">balance overdue</span>
          )}
          <span
            data-testid="admin-booking-status"
            className="rounded bg-lake-100 px-2 py-0.5 text-sm font-medium text-lake-800"
          >
            {booking.status.replace('_', ' ')}
          </span>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
        <dt className="font-medium">Stay</dt>
        <dd>
          {formatDay(booking.checkIn)} – {formatDay(booking.checkOut)}, {booking.guests} guests
        </dd>
        <dt className="font-medium">Guest</dt>
        <dd className="break-all">
          {/* A platform that hides the guest's e-mail, or a phone guest who gave none: no address. */}
          {booking.email ? (
            <a href={`mailto:${booking.email}`} className="underline">
              {booking.email}
            </a>
          ) : (
            'no e-mail'
          )}
          {booking.phone ? `, ${booking.phone}` : ''}
          {booking.country ? `, ${booking.country}` : ''}, {booking.locale}
        </dd>
        <dt className="font-medium">Money</dt>
        <dd data-testid="admin-booking-money">
          total {money(booking.totalCents)}, paid {money(booking.paidCents)}, refunded {money(booking.refundedCents)},
          due {money(booking.dueCents)}
          {booking.balanceDueOn ? ` (balance due ${formatDay(booking.balanceDueOn)})` : ''}
        </dd>
        <dt className="font-medium">Payment</dt>
        <dd>
          {PAYMENT_WORDS[booking.paymentMethod] ?? `bank transfer, reference ${booking.bankReference ?? '—'}`}
          {booking.holdUntil ? `; held until ${formatAdminDateTime(booking.holdUntil)}` : ''}
        </dd>
      </dl>
      {/* A stay that will not happen is never asked for a review anyway. */}
      {!['declined', 'expired', 'cancelled'].includes(booking.status) && (
        <ReviewRequestSwitch booking={booking} onChanged={onChanged} />
      )}
      {booking.message && <p className="mt-2 break-words whitespace-pre-line text-slate-800">{booking.message}</p>}
      <TermsAccepted booking={booking} />
      <details className="mt-2 text-sm" onToggle={(e) => setDetailsOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer text-lake-700">History, mails and payments</summary>
        <ol className="mt-2 space-y-1">
          {booking.history.map((event, i) => (
            <li key={i}>
              {formatAdminDateTime(event.at)}: {event.from ?? 'new'} → {event.to} by {event.by}
              {event.note ? ` (${event.note})` : ''}
            </li>
          ))}
        </ol>
        {/* Asked for when opened: a list of fifty bookings makes no fifty requests. */}
        {detailsOpen && <BookingMails code={booking.code} />}
        <ul className="mt-2 space-y-1">
          {booking.payments.map((p) => (
            <li key={p.id}>
              {p.kind} {PAID_BY[p.method]}: {money(p.amountCents)}, {p.status}
            </li>
          ))}
        </ul>
      </details>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {can('awaiting_payment') && (
          <button
            type="button"
            onClick={() =>
              void act(
                post('accept'),
                'Request accepted: the nights are held for the guest to pay.',
                adminFailure('Error accepting the request.'),
              )
            }
            className={`${small} bg-green-700 text-white hover:bg-green-800`}
          >
            Accept
          </button>
        )}
        {can('declined') && (
          <button
            type="button"
            onClick={() =>
              ask(
                `Decline ${booking.name}'s request?`,
                'Decline',
                () => void act(post('decline'), 'Request declined.', 'Error declining the request.'),
              )
            }
            className={`${small} border border-slate-300 hover:bg-slate-50`}
          >
            Decline
          </button>
        )}
        {takesMoney && (
          <AmountAction
            id={`${id}-received`}
            label="Transfer received (€)"
            initialCents={expected}
            button="Mark received"
            buttonClass={`${small} bg-lake-700 text-white hover:bg-lake-800`}
            onAmount={(cents) =>
              void act(
                post('mark-paid', { amountCents: cents }),
                'Transfer recorded.',
                adminFailure('Error recording the transfer.'),
              )
            }
          />
        )}
        {can('cancelled') && (
          <AmountAction
            id={`${id}-refund`}
            label="Refund (€)"
            initialCents={booking.refundIfCancelledCents}
            button="Cancel booking"
            buttonClass={`${small} border border-red-700 text-red-800 hover:bg-red-50`}
            onAmount={(cents) =>
              ask(
                `Cancel ${booking.code} and refund ${money(cents)}?`,
                'Cancel booking',
                () =>
                  void act(
                    post('cancel', { refundCents: cents }),
                    'Booking cancelled.',
                    adminFailure('Error cancelling the booking.'),
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
                void act(post('resend-link'), 'A new link was mailed to the guest.', 'Error sending the link.')
              }
              className={`${small} border border-slate-300 hover:bg-slate-50`}
            >
              Resend guest link
            </button>
          ) : (
            <p data-testid="no-guest-email" className="text-sm text-slate-700">
              No guest e-mail to mail a link to: copy the check-in link from the stay&apos;s page.
            </p>
          ))}
        <button
          type="button"
          onClick={() =>
            ask(
              `End every link ${booking.code}'s guest holds? Each stops working at once; "Resend guest link" mails a new one.`,
              'Revoke guest links',
              () =>
                void act(
                  post('revoke-links'),
                  "The guest's links no longer work.",
                  adminFailure('Error revoking the links.'),
                ),
            )
          }
          className={`${small} border border-slate-300 hover:bg-slate-50`}
        >
          Revoke guest links
        </button>
      </div>
      <ConfirmDialog {...dialog} cancelLabel="Keep" />
    </li>
  );
}
