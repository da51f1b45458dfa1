import type { z } from 'zod';
import type { BookingMailListSchema } from '../../shared/bookings.js';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { blockMailKey, bookingMails, changePendingMail } from '../mail/outbox-data.js';
import { findBooking } from '../stay-record/bookings-data.js';
import { type BookingContext } from '../stay-record/context.js';
import { inviteReviews } from '../reviews/review-requests.js';
import { mailKey, PLANNED_KINDS, type PlannedKind, plannedTimes, sendPlanned } from '../stay-record/mail-schedule.js';

type Item = z.infer<typeof BookingMailListSchema>['items'][number];

const STATES = {
  pending: 'scheduled',
  sent: 'sent',
  failed: 'failed',
  cancelled: 'cancelled',
  dropped: 'dropped',
} as const;
/** A queued mail's kind, from its key: `booking:<id>:confirmed` → confirmation, `…:receipt:<payment>` → receipt. */
const kindOfKey = (bookingId: string, key: string) => {
  const first = key.slice(`booking:${bookingId}:`.length).split(':')[0] ?? '';
  return first === 'confirmed'
    ? 'confirmation'
    : first === 'review-request'
      ? 'review_request'
      : first.replace(/-/g, '_');
};
const ENDED = ['declined', 'expired', 'cancelled'];

/** Every mail of the booking to the guest: the queued ones as they stand, the planned ones with their time. */
export async function mailsOf(ctx: BookingContext, booking: BookingRow): Promise<Item[]> {
  const rows = await bookingMails(ctx.db, booking.id);
  const items: Item[] = rows.map((row) => ({
    id: row.id,
    kind: kindOfKey(booking.id, row.key),
    sendAt: row.nextAttemptAt,
    state: STATES[row.status],
    ...(row.sentAt ? { sentAt: row.sentAt } : {}),
  }));
  const queued = new Set(rows.map((row) => row.key));
  const times = plannedTimes(ctx, booking);
  for (const kind of PLANNED_KINDS) {
    if (queued.has(mailKey(booking, kind))) continue;
    // A booking that is over sends none of them; one that did not start holds them until it does.
    items.push({
      id: `${booking.id}:${kind}`,
      kind,
      sendAt: new Date(times[kind]).toISOString(),
      state: ENDED.includes(booking.status) ? 'cancelled' : 'scheduled',
    });
  }
  return items.sort((a, b) => a.sendAt.localeCompare(b.sendAt));
}

/** A planned mail's id: the booking's and the kind. */
function plannedOf(id: string): { bookingId: string; kind: PlannedKind } | undefined {
  const at = id.lastIndexOf(':');
  const kind = id.slice(at + 1) as PlannedKind;
  return at > 0 && PLANNED_KINDS.includes(kind) ? { bookingId: id.slice(0, at), kind } : undefined;
}

/** The owner cancels a mail before it goes, or sends a planned one now. */
export async function changeBookingMail(ctx: BookingContext, id: string, change: 'cancel' | 'send-now'): Promise<void> {
  const planned = plannedOf(id);
  if (!planned) {
    if (!(await changePendingMail(ctx.db, id, change, ctx.now())))
      throw new HttpError(
        409,
        'This mail was sent, cancelled or failed already, or does not exist',
        undefined,
        'conflict',
      );
    ctx.wakeMail();
    return;
  }
  const booking = await findBooking(ctx.db, planned.bookingId);
  if (!booking) throw new HttpError(404, 'No such mail');
  if (change === 'cancel') {
    if (
      !(await blockMailKey(
        ctx.db,
        mailKey(booking, planned.kind),
        booking.email,
        ctx.now(),
        new URL(ctx.siteUrl).hostname,
      ))
    )
      throw new HttpError(409, 'This mail was queued already', undefined, 'conflict');
    return;
  }
  const sent =
    planned.kind === 'review_request'
      ? booking.status === 'completed'
        ? (await inviteReviews(ctx, booking.id)) > 0
        : false
      : ['confirmed', 'balance_due', 'paid'].includes(booking.status) &&
        (await sendPlanned(ctx, booking, planned.kind));
  if (!sent) throw new HttpError(409, 'This mail cannot be sent for this booking now', undefined, 'conflict');
  ctx.wakeMail();
}
