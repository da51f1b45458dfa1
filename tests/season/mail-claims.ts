import type { BookingStatus } from '../../src/shared/booking-status.js';
import { houseToday } from '../../src/shared/dates.js';
import type { World } from './harness.js';

// No mail names a state that is no longer true: each booking mail, checked the moment it has left
// (the season delivers after every step), against the booking as it is then. A guest mail's kind
// (its key, `booking:<id>:<kind>…`) claims a status; an owner mail states it in words
// ("Status: paid."); a mail planned for the stay's dates names the dates version it was made for.

const STAYING: BookingStatus[] = ['confirmed', 'balance_due', 'paid'];
const CLAIMS: Record<string, readonly BookingStatus[]> = {
  confirmed: [...STAYING],
  arrival: STAYING,
  reminder: STAYING,
  'review-request': ['completed'],
  offer: ['awaiting_payment'],
  'balance-failed': ['balance_due'],
  cancelled: ['cancelled'],
  declined: ['declined'],
  expired: ['expired'],
};

export interface MailLog {
  checked: Set<string>;
  /** How many mails of each kind left, for the summary. */
  kinds: Map<string, number>;
}

export async function checkSentMails(world: World, log: MailLog): Promise<string[]> {
  const db = world.site.app.db;
  const sent = await db
    .selectFrom('mailOutbox')
    .select(['id', 'key', 'subject', 'textBody', 'sentAt'])
    .where('status', '=', 'sent')
    .where('key', 'like', 'booking:%')
    .execute();
  const problems: string[] = [];
  for (const mail of sent.filter((m) => !log.checked.has(m.id))) {
    log.checked.add(mail.id);
    const [, bookingId = '', ...rest] = mail.key.split(':');
    const owner = rest[0] === 'owner';
    const kind = owner ? `owner:${rest[1] ?? ''}` : (rest[0] ?? '');
    log.kinds.set(kind, (log.kinds.get(kind) ?? 0) + 1);
    const booking = await db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();
    if (!booking) continue;
    const said = `"${mail.subject}" (${mail.key.slice(`booking:${bookingId}:`.length)}) to ${booking.code}`;
    if (owner) {
      const stated = /Status: ([a-z_]+)\./.exec(mail.textBody)?.[1];
      if (stated && stated !== booking.status) problems.push(`${said} says ${stated}; it is ${booking.status}`);
      continue;
    }
    const claim = CLAIMS[kind];
    if (claim && !claim.includes(booking.status)) problems.push(`${said} left while the booking is ${booking.status}`);
    const version = Number(rest[1] ?? 0);
    if ((kind === 'arrival' || kind === 'reminder') && version !== booking.datesVersion)
      problems.push(`${said} was made for dates version ${version}; the stay is at ${booking.datesVersion}`);
    // A mail before the stay that leaves once the guests have arrived tells them what is past.
    const sentOn = houseToday(Date.parse(mail.sentAt ?? ''));
    if ((kind === 'arrival' || kind === 'reminder') && sentOn >= booking.checkIn)
      problems.push(`${said} left on ${sentOn}, the stay began on ${booking.checkIn}`);
  }
  return problems;
}
