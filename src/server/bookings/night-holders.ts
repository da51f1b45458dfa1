import { createHash } from 'node:crypto';
import { HOLDING_STATUSES } from '../../shared/booking-status.js';
import { formatDayIn } from '../../shared/dates.js';
import { languageOf } from '../../shared/locales.js';
import { bookingHolds, overlappingBlocks } from '../calendar/blocks-data.js';
import type { Db } from '../db/database.js';
import { queueMail } from '../mail/outbox-data.js';
import { text } from '../mail/templates/mail-blocks.js';
import { mailBrand } from '../mail/templates/mail-brand.js';
import { renderMail } from '../mail/templates/render-mail.js';
import { bookingsByIds, liveStays } from '../stay-record/bookings-data.js';
import { ownerLocale } from '../settings/admin-preferences.js';
import { type BookingContext, today } from '../stay-record/context.js';
import { fillOwnerText, ownerTexts } from '../stay-record/owner-mail-texts.js';

// The check that no night has two holders and every live booking holds its nights
// (docs/decisions/0033-a-bookings-nights-are-its-own.md). The holds are written under one lock, so
// this should never find anything: it is the alarm for a path that escaped the lock.

export interface NightProblem {
  kind: 'two_holders' | 'unheld_booking' | 'orphan_hold';
  /** The owner's words in the language asked for, naming the bookings by code. */
  text: string;
  /** The same finding in no language: what the mail's key is made of. */
  key: string;
}

/**
 * What is wrong with the calendar's holders of nights that have not passed by `day`; empty when
 * nothing is. Worded in `locale`, the admin's language for the owner's mail (decision 0055).
 */
export async function findNightProblems(db: Db, day: string, locale = 'en'): Promise<NightProblem[]> {
  const words = ownerTexts(locale);
  const said = words.notices.nightHolders;
  const nights = (start: string, end: string) =>
    fillOwnerText(said.nights, { start: formatDayIn(start, locale), end: formatDayIn(end, locale) });
  const [pairs, holds, stays] = await Promise.all([
    overlappingBlocks(db, day),
    bookingHolds(db, day),
    liveStays(db, HOLDING_STATUSES, day),
  ]);
  const named = new Map(
    (await bookingsByIds(db, [...new Set(holds.map((h) => h.bookingId as string))])).map((b) => [b.id, b]),
  );
  const holder = (bookingId: string | null, id: string) =>
    bookingId
      ? fillOwnerText(said.booking, { code: named.get(bookingId)?.code ?? bookingId })
      : fillOwnerText(said.block, { id });
  const problems: NightProblem[] = pairs.map((p) => ({
    kind: 'two_holders',
    text: fillOwnerText(said.twoHolders, {
      first: holder(p.firstBookingId, p.firstId),
      firstNights: nights(p.firstStart, p.firstEnd),
      second: holder(p.secondBookingId, p.secondId),
      secondNights: nights(p.secondStart, p.secondEnd),
    }),
    key: `two_holders:${p.firstId}:${p.firstStart}:${p.firstEnd}:${p.secondId}:${p.secondStart}:${p.secondEnd}`,
  }));
  for (const stay of stays) {
    const own = holds.filter((h) => h.bookingId === stay.id);
    const [hold] = own;
    if (own.length !== 1 || hold?.start !== stay.checkIn || hold.end !== stay.checkOut)
      problems.push({
        kind: 'unheld_booking',
        text: fillOwnerText(said.unheldBooking, {
          code: stay.code,
          status: words.status[stay.status],
          nights: nights(stay.checkIn, stay.checkOut),
        }),
        key: `unheld_booking:${stay.id}:${stay.status}:${stay.checkIn}:${stay.checkOut}`,
      });
  }
  for (const hold of holds) {
    const booking = named.get(hold.bookingId as string);
    if (!booking || !HOLDING_STATUSES.includes(booking.status))
      problems.push({
        kind: 'orphan_hold',
        text: booking
          ? fillOwnerText(said.orphanHold, {
              nights: nights(hold.start, hold.end),
              code: booking.code,
              status: words.status[booking.status],
            })
          : fillOwnerText(said.orphanGone, { nights: nights(hold.start, hold.end) }),
        key: `orphan_hold:${hold.bookingId}:${booking?.status ?? 'gone'}:${hold.start}:${hold.end}`,
      });
  }
  return problems;
}

/**
 * Runs the check and, when it finds anything, logs it and mails the owner at once. The mail's key
 * is the findings themselves, so the same findings are mailed once however often the sweep runs.
 */
export async function checkNightHolders(ctx: BookingContext): Promise<NightProblem[]> {
  const locale = await ownerLocale(ctx.db, ctx.property.locales);
  const problems = await findNightProblems(ctx.db, today(ctx), locale);
  if (problems.length === 0) return problems;
  ctx.log.error({ problems }, 'the calendar has nights with two holders, or a booking without its nights');
  if (!ctx.ownerEmail) return problems;
  const digest = createHash('sha256')
    .update(problems.map((p) => p.key).join('\n'))
    .digest('hex')
    .slice(0, 32);
  const said = ownerTexts(locale).notices.nightHolders;
  const subject = said.subject;
  const { html, text: plain } = renderMail(
    {
      lang: languageOf(locale),
      preview: subject,
      blocks: [
        text(said.intro),
        ...problems.map((p) => text(p.text)),
        text(said.outro),
        { kind: 'action', text: said.link, label: said.linkLabel, url: `${ctx.siteUrl}/admin` },
      ],
    },
    mailBrand(ctx.property, locale),
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
