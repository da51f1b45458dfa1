import type { BookingStatus } from '../../../shared/booking-status';
import type { Channel } from '../../../shared/channels';
import { formatDayIn } from '../../../shared/dates';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';

// The owner's words for a stay's channel and status, one message per value (checked complete).

export const channelLabel: Record<Channel, () => string> = {
  direct: m.stays_channel_direct,
  airbnb: m.stays_channel_airbnb,
  booking: m.stays_channel_booking,
  vrbo: m.stays_channel_vrbo,
  phone: m.stays_channel_phone,
  other: m.stays_channel_other,
};

export const statusLabel: Record<BookingStatus, () => string> = {
  requested: m.stays_status_requested,
  awaiting_payment: m.stays_status_awaiting_payment,
  confirmed: m.stays_status_confirmed,
  balance_due: m.stays_status_balance_due,
  paid: m.stays_status_paid,
  completed: m.stays_status_completed,
  declined: m.stays_status_declined,
  expired: m.stays_status_expired,
  cancelled: m.stays_status_cancelled,
};

/** `7 June 2027 – 10 June 2027` in the page's language. */
export const stayDates = (checkIn: string, checkOut: string) =>
  `${formatDayIn(checkIn, pageLocale)} – ${formatDayIn(checkOut, pageLocale)}`;

/** `2 adults, 1 child (10)`: the children's ages count for the tourist tax. */
export function partyText(adults: number, children: ReadonlyArray<{ age: number }>): string {
  const parts = [m.stays_adults({ count: adults })];
  if (children.length > 0)
    parts.push(m.stays_children({ count: children.length, ages: children.map((c) => c.age).join(', ') }));
  return parts.join(', ');
}

/** Euros in the page's language. */
export const euros = (cents: number) => formatAmount(cents, 'EUR', pageLocale);
