import { createHash } from 'node:crypto';
import { HOLDING_STATUSES } from '../../shared/booking-status.js';
import { formatDay } from '../../shared/dates.js';
import { bookingHolds, overlappingBlocks } from '../calendar/blocks-data.js';
import type { Db } from '../db/database.js';
import { queueMail } from '../mail/outbox-data.js';
import { text } from '../mail/templates/mail-blocks.js';
import { mailBrand } from '../mail/templates/mail-brand.js';
import { renderMail } from '../mail/templates/render-mail.js';
import { bookingsByIds, liveStays } from './bookings-data.js';
import { type BookingContext, today } from './context.js';

// The check that no night has two holders and every live booking holds its nights
// (docs/decisions/0033-a-bookings-nights-are-its-own.md). The holds are written under one lock, so
// this should never find anything: it is the alarm for a path that escaped the lock.

export interface NightProblem {
  kind: 'two_holders' | 'unheld_booking' | 'orphan_hold';
  /** The owner's words, naming the bookings by code. */
  text: string;
}

const nights = (start: string, end: string) => `${formatDay(start)} to ${formatDay(end)}`;

/** What is wrong with the calendar's holders of nights that have not passed by `day`; empty when nothing is. */
export async function findNightProblems(db: Db, day: string): Promise<NightProblem[]> {
  const [pairs, holds, stays] = await Promise.all([
    overlappingBlocks(db, day),
    bookingHolds(db, day),
    liveStays(db, HOLDING_STATUSES, day),
  ]);
  const named = new Map(
    (await bookingsByIds(db, [...new Set(holds.map((h) => h.bookingId as string))])).map((b) => [b.id, b]),
  );
  const holder = (bookingId: string | null, id: string) =>
    bookingId ? `booking ${named.get(bookingId)?.code ?? bookingId}` : `the block ${id}`;
  const problems: NightProblem[] = pairs.map((p) => ({
    kind: 'two_holders',
    text: `Two holders of the same nights: ${holder(p.firstBookingId, p.firstId)} (${nights(p.firstStart, p.firstEnd)}) and ${holder(p.secondBookingId, p.secondId)} (${nights(p.secondStart, p.secondEnd)}).`,
  }));
  for (const stay of stays) {
    const own = holds.filter((h) => h.bookingId === stay.id);
    const [hold] = own;
    if (own.length !== 1 || hold?.start !== stay.checkIn || hold.end !== stay.checkOut)
      problems.push({
        kind: 'unheld_booking',
        text: `Booking ${stay.code} (${stay.status}, ${nights(stay.checkIn, stay.checkOut)}) does not hold exactly its nights.`,
      });
  }
  for (const hold of holds) {
    const booking = named.get(hold.bookingId as string);
    if (!booking || !HOLDING_STATUSES.includes(booking.status))
      problems.push({
        kind: 'orphan_hold',
        text: `The nights ${nights(hold.start, hold.end)} are held for ${booking ? `booking ${booking.code}, which is ${booking.status}` : 'a booking that no longer exists'}.`,
      });
  }
  return problems;
}

/**
 * Runs the check and, when it finds anything, logs it and mails the owner at once. The mail's key
 * is the findings themselves, so the same findings are mailed once however often the sweep runs.
 */
export async function checkNightHolders(ctx: BookingContext): Promise<NightProblem[]> {
  const problems = await findNightProblems(ctx.db, today(ctx));
  if (problems.length === 0) return problems;
  ctx.log.error({ problems }, 'the calendar has nights with two holders, or a booking without its nights');
  if (!ctx.ownerEmail) return problems;
  const digest = createHash('sha256')
    .update(problems.map((p) => p.text).join('\n'))
    .digest('hex')
    .slice(0, 32);
  const subject = 'Check your calendar: a night is double-booked or a booking lost its nights';
  const { html, text: plain } = renderMail(
    {
      lang: 'en',
      preview: subject,
      blocks: [
        text('The site checks its calendar in every sweep, and found this:'),
        ...problems.map((p) => text(p.text)),
        text('Open each booking in /admin and decide with the guests; nothing was changed automatically.'),
        { kind: 'action', text: 'The bookings:', label: 'Open the admin', url: `${ctx.siteUrl}/admin` },
      ],
    },
    mailBrand(ctx.property),
  );
  const queued = await queueMail(
    ctx.db,
    { key: `night-holders:${digest}`, to: ctx.ownerEmail, subject, text: plain, html, replyTo: null },
    ctx.now(),
    new URL(ctx.siteUrl).hostname,
  );
  if (queued) ctx.wakeMail();
  return problems;
}
