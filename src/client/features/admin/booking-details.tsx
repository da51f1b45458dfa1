import { useState } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { formatAdminDateTime } from '../../lib/format-date';
import { BookingMails } from './booking-mails';
import { ACTOR_WORDS, PAID_BY, PAYMENT_KIND_WORDS, PAYMENT_STATE_WORDS, STATUS_WORDS } from './words';

/** A booking's history, its mails (asked for when opened) and its payments, folded away. */
export function BookingDetails({ booking, money }: { booking: AdminBooking; money: (cents: number) => string }) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  return (
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
  );
}
