import type { AdminBooking } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { formatAdminDateTime, formatAdminStayDay } from '../../lib/format-date';
import { OwedBack } from './owed-back';
import { TransferRefunds } from './transfer-refunds';
import { countryInWords, languageInWords, PAYMENT_WORDS } from './words';

/** The statuses of a booking that will not happen. */
export const CLOSED = new Set(['declined', 'expired', 'cancelled']);

interface Props {
  booking: AdminBooking;
  money: (cents: number) => string;
  onChanged: () => unknown;
}

/** A booking's stay, guest, money and way of paying, with what is owed back and refunds to send. */
export function BookingFacts({ booking, money, onChanged }: Props) {
  return (
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
  );
}
