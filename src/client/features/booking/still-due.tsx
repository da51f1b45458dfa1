import type { GuestBooking } from '../../../shared/bookings';
import { houseToday } from '../../../shared/dates';
import { m } from '../../i18n/paraglide/messages';
import { formatLongDay } from '../../lib/format-date';

/**
 * What is still due, as amounts with their days ("€175.80 by 1 December 2026", then the balance
 * by its day), and how to pay: the transfer's details or the page's own button.
 */
export function StillDue({ booking, money }: { booking: GuestBooking; money: (cents: number) => string }) {
  const now = booking.dueNowCents;
  const nowBy = booking.bankTransfer?.dueBy ?? (booking.holdUntil ? houseToday(Date.parse(booking.holdUntil)) : null);
  const parts: Array<{ cents: number; day: string | null }> = [];
  if (now > 0) parts.push({ cents: now, day: nowBy });
  if (booking.dueCents - now > 0) parts.push({ cents: booking.dueCents - now, day: booking.balanceDueOn });
  if (parts.length === 0) return <>{money(0)}</>;
  const how = booking.bankTransfer
    ? m.booking_dueHowTransfer()
    : booking.canPayBalance || booking.checkoutUrl
      ? m.booking_dueHowOnline()
      : null;
  return (
    <>
      <ul>
        {parts.map(({ cents, day }) => (
          <li key={`${cents}-${day}`} className="tabular-nums">
            {day ? m.booking_dueBy({ amount: money(cents), date: formatLongDay(day) }) : money(cents)}
          </li>
        ))}
      </ul>
      {how && <p className="text-sm text-slate-600">{how}</p>}
    </>
  );
}
