import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { useAdminAction, useAdminApi } from '../../lib/use-admin-api';

/** The booking's "Ask for a review after the stay", on unless the owner turned it off; fixed once the mail went. */
export function ReviewRequestSwitch({ booking, onChanged }: { booking: AdminBooking; onChanged: () => unknown }) {
  const id = useId();
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  // The booking's mail list shows the same request, as planned or cancelled.
  const act = useAdminAction(() =>
    Promise.all([onChanged(), queryClient.invalidateQueries({ queryKey: ['admin', 'booking-mails', booking.code] })]),
  );
  const sent = booking.reviewRequest === 'sent';
  const toggle = (enabled: boolean) =>
    void act(
      () =>
        adminApi(`/api/admin/bookings/${encodeURIComponent(booking.code)}/review-request`, {
          method: 'PUT',
          body: { enabled },
        }),
      enabled ? m.reviewsAdmin_requestOn() : m.reviewsAdmin_requestOff(),
      m.reviewsAdmin_requestLocked(),
    );
  return (
    <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
      <input
        id={id}
        type="checkbox"
        checked={booking.reviewRequest !== 'off'}
        disabled={sent}
        onChange={(e) => toggle(e.target.checked)}
        className="size-4 accent-lake-700"
        {...(sent ? { 'aria-describedby': `${id}-sent` } : {})}
      />
      <label htmlFor={id}>{m.reviewsAdmin_requestLabel()}</label>
      {sent && (
        <span id={`${id}-sent`} className="text-slate-600">
          {m.reviewsAdmin_requestSent()}
        </span>
      )}
    </p>
  );
}
