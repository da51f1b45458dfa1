import type { GuestData } from '../../../shared/guest-data';
import { formatDay } from '../../../shared/dates';
import { formatAdminDay } from '../../lib/format-date';
import { m } from '../../i18n/paraglide/messages';

interface Props {
  data: GuestData;
  onDownload: () => void;
  onErase: () => void;
}

/** What a search found, with the two things the owner can do with it. */
export function GuestDataResults({ data, onDownload, onErase }: Props) {
  // A server from before bookings answers without them.
  const bookings = data.bookings ?? [];
  const erasable = data.inquiries.length + data.reviews.length + data.blocks.length > 0;
  const found = erasable || bookings.length > 0;
  return (
    <div className="mt-6" data-testid="guest-data-results">
      <p className="font-medium text-slate-800">
        Found {bookings.length > 0 && `${m.count_bookings({ count: bookings.length })}, `}
        {m.count_inquiries({ count: data.inquiries.length })}, {m.count_reviews({ count: data.reviews.length })} and{' '}
        {m.count_calendarNotes({ count: data.blocks.length })}.
      </p>
      {bookings.length > 0 && (
        <>
          <p className="mt-2 text-sm text-slate-700">
            Bookings are in the download. Erasing keeps them, as the record of their payments.
          </p>
          <ul aria-label="Bookings found" className="mt-2 divide-y divide-slate-200">
            {bookings.map((booking) => (
              <li key={booking.code} className="py-2 text-sm text-slate-700">
                <strong className="text-slate-900">{booking.code}</strong> · {booking.name} &lt;{booking.email}&gt; ·
                stay {formatDay(booking.checkIn)} – {formatDay(booking.checkOut)} · {booking.status.replace(/_/g, ' ')}
              </li>
            ))}
          </ul>
        </>
      )}
      {found && (
        <>
          <ul aria-label="Inquiries found" className="mt-3 divide-y divide-slate-200">
            {data.inquiries.map((inquiry) => (
              <li key={inquiry.id} className="py-2 text-sm text-slate-700">
                <strong className="text-slate-900">{inquiry.name}</strong> &lt;{inquiry.email}&gt; · sent{' '}
                {formatAdminDay(inquiry.createdAt)}
                {inquiry.checkIn &&
                  ` · stay ${formatDay(inquiry.checkIn)}${inquiry.checkOut ? ` – ${formatDay(inquiry.checkOut)}` : ''}`}{' '}
                · {inquiry.status}
              </li>
            ))}
          </ul>
          <ul aria-label="Reviews found" className="mt-3 divide-y divide-slate-200">
            {data.reviews.map((review) => (
              <li key={review.id} className="py-2 text-sm text-slate-700">
                <strong className="text-slate-900">{review.clientName}</strong> · {review.rating}/5 ·{' '}
                {review.isApproved ? 'approved' : 'pending'} · {review.comment.slice(0, 80)}
              </li>
            ))}
          </ul>
          <ul aria-label="Calendar notes found" className="mt-3 divide-y divide-slate-200">
            {data.blocks.map((block) => (
              <li key={block.id} className="py-2 text-sm text-slate-700">
                {block.kind === 'booking' ? 'Booking' : 'Blocked'} {formatDay(block.start)} – {formatDay(block.end)} ·
                note: {block.note}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex gap-3">
            <button
              type="button"
              onClick={onDownload}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
            >
              Download
            </button>
            {erasable && (
              <button
                type="button"
                onClick={onErase}
                className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
              >
                Erase
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
