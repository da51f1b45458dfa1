import type { GuestData } from '../../../shared/guest-data';
import { BOOKING_STATUSES, type BookingStatus } from '../../../shared/booking-status';
import type { DeliveryState } from '../../../shared/inquiries';
import { formatAdminDay, formatAdminStayDay } from '../../lib/format-date';
import { m } from '../../i18n/paraglide/messages';

interface Props {
  data: GuestData;
  onDownload: () => void;
  onErase: () => void;
}

/** What a search found, with the two things the owner can do with it. */
/** A booking's status and an inquiry's mail, in words of the page's language. */
const bookingStatus = (status: string) =>
  (BOOKING_STATUSES as readonly string[]).includes(status)
    ? m[`calendarAdmin_status_${status as BookingStatus}`]()
    : status.replace(/_/g, ' ');
const mailState = (status: DeliveryState) => m[`guestData_mail_${status}`]();

export function GuestDataResults({ data, onDownload, onErase }: Props) {
  // A server from before bookings answers without them.
  const bookings = data.bookings ?? [];
  const refundAccounts = data.refundAccounts ?? [];
  const erasable = data.inquiries.length + data.reviews.length + data.blocks.length + refundAccounts.length > 0;
  // A booking alone is found too: it is in the download, though erasing keeps it.
  const found = erasable || bookings.length > 0;
  const counts = {
    inquiries: m.count_inquiries({ count: data.inquiries.length }),
    reviews: m.count_reviews({ count: data.reviews.length }),
    notes: m.count_calendarNotes({ count: data.blocks.length }),
  };
  return (
    <div className="mt-6" data-testid="guest-data-results">
      <p className="font-medium text-slate-800">
        {bookings.length > 0
          ? m.guestData_foundWithBookings({ bookings: m.count_bookings({ count: bookings.length }), ...counts })
          : m.guestData_found(counts)}
      </p>
      {bookings.length > 0 && (
        <>
          <p className="mt-2 text-sm text-slate-700">{m.guestData_bookingsNote()}</p>
          {refundAccounts.length > 0 && (
            <p className="mt-2 text-sm text-slate-700">{m.guestData_refundAccountsNote()}</p>
          )}
          <ul aria-label={m.guestData_bookingsFound()} className="mt-2 divide-y divide-slate-200">
            {bookings.map((booking) => (
              <li key={booking.code} className="py-2 text-sm text-slate-700">
                <strong className="text-slate-900">{booking.code}</strong> · {booking.name} &lt;{booking.email}&gt; ·
                {m.guestData_stay({
                  dates: `${formatAdminStayDay(booking.checkIn)} – ${formatAdminStayDay(booking.checkOut)}`,
                })}{' '}
                · {bookingStatus(booking.status)}
              </li>
            ))}
          </ul>
        </>
      )}
      {found && (
        <>
          <ul aria-label={m.guestData_inquiriesFound()} className="mt-3 divide-y divide-slate-200">
            {data.inquiries.map((inquiry) => (
              <li key={inquiry.id} className="py-2 text-sm text-slate-700">
                <strong className="text-slate-900">{inquiry.name}</strong> &lt;{inquiry.email}&gt; ·{' '}
                {m.guestData_sent({ day: formatAdminDay(inquiry.createdAt) })}
                {inquiry.checkIn &&
                  ` · ${m.guestData_stay({
                    dates: `${formatAdminStayDay(inquiry.checkIn)}${inquiry.checkOut ? ` – ${formatAdminStayDay(inquiry.checkOut)}` : ''}`,
                  })}`}{' '}
                · {mailState(inquiry.status)}
              </li>
            ))}
          </ul>
          <ul aria-label={m.guestData_reviewsFound()} className="mt-3 divide-y divide-slate-200">
            {data.reviews.map((review) => (
              <li key={review.id} className="py-2 text-sm text-slate-700">
                <strong className="text-slate-900">{review.clientName}</strong> · {review.rating}/5 ·{' '}
                {review.isApproved ? m.guestData_approved() : m.guestData_pending()} · {review.comment.slice(0, 80)}
              </li>
            ))}
          </ul>
          <ul aria-label={m.guestData_notesFound()} className="mt-3 divide-y divide-slate-200">
            {data.blocks.map((block) => (
              <li key={block.id} className="py-2 text-sm text-slate-700">
                {block.kind === 'booking' ? m.guestData_noteBooking() : m.guestData_noteBlocked()}{' '}
                {formatAdminStayDay(block.start)} – {formatAdminStayDay(block.end)} ·{' '}
                {m.guestData_note({ note: block.note ?? '' })}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex gap-3">
            <button
              type="button"
              onClick={onDownload}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
            >
              {m.guestData_download()}
            </button>
            {erasable && (
              <button
                type="button"
                onClick={onErase}
                className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
              >
                {m.guestData_erase()}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
