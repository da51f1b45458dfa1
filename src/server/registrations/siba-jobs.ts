import { MOVEMENTS, type Movement } from '../../shared/guest-registrations.js';
import { previousWorkingDay, reportDueBy } from '../../shared/registration-deadlines.js';
import { type OwnerFormats, queueOwnerMail } from '../stay-record/booking-mails.js';
import { bookingsThatMayOweBulletins } from './owing.js';
import type { BookingRow } from '../db/schema.js';
import { bulletinState, guestProgress, movementDay, sendBulletin } from './bulletins.js';
import { CHECK_IN_STATUSES } from './check-in.js';
import type { RegistrationContext } from './context.js';
import { todayOf } from './context.js';
import { findBulletin } from './siba-bulletins-data.js';

/** The owner's reminders go out from this hour of the house's morning. */
const MORNING_HOUR = 8;

export interface SibaJobCounts {
  sent: number;
  /** Taken by SIBA's test service: nobody reported, still due. */
  testAccepted: number;
  rejected: number;
  retrying: number;
  reminded: number;
}

const houseHour = (now: number) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', hour: '2-digit', hourCycle: 'h23' }).format(now),
  );

/**
 * One run of the bulletins' timed work, on one server under the `siba` lease: each movement due
 * whose guests have all checked in is sent through the web service (when its credentials are
 * set), and the owner is told the working day before a deadline, and each morning after it, of a
 * bulletin still unsent. Every mail has its key, so a run repeated sends none twice.
 */
export async function runSibaJobs(ctx: RegistrationContext, log: { warn: (o: object, m: string) => void }) {
  const counts: SibaJobCounts = { sent: 0, testAccepted: 0, rejected: 0, retrying: 0, reminded: 0 };
  if (!ctx.cipher) return counts;
  const today = todayOf(ctx);
  // Only bookings with a foreign guest owe a bulletin, and a party not yet checked in may; their
  // registrations go a year after the departure was reported, or a year after the stay when it
  // never was, so this list stays short.
  const bookings = await bookingsThatMayOweBulletins(ctx);
  for (const booking of bookings.filter((b) => CHECK_IN_STATUSES.includes(b.status))) {
    for (const movement of MOVEMENTS) {
      try {
        await step(ctx, booking, movement, today, counts);
      } catch (error) {
        log.warn({ err: error, booking: booking.code, movement }, 'SIBA step failed; tried again on the next run');
      }
    }
  }
  return counts;
}

async function step(
  ctx: RegistrationContext,
  booking: BookingRow,
  movement: Movement,
  today: string,
  counts: SibaJobCounts,
) {
  const day = movementDay(booking, movement);
  if (today < day) return;
  const progress = await guestProgress(ctx, booking);
  // Only a guest known to be foreign makes a bulletin needed: a Portuguese party owes none, and
  // one whose nationality is unknown awaits its guests' data, with no deadline alarm
  // (docs/decisions/0056-a-bulletin-only-when-needed.md).
  if (!progress.foreign) return;
  const row = await findBulletin(ctx.db, booking.id, movement);
  if (row?.status === 'sent') return;
  // What the test service took is sent again only once SIBA_URL names production.
  const waits = row?.status === 'rejected' || (row?.status === 'test_accepted' && ctx.siba.service === 'test');
  if (ctx.siba.credentials && progress.allComplete && !waits) {
    const result = await sendBulletin(ctx, booking, movement);
    if (result.state === 'sent') return void counts.sent++;
    if (result.state === 'test_accepted') counts.testAccepted++;
    else if (result.state === 'rejected') counts.rejected++;
    else counts.retrying++;
  }
  await remind(ctx, booking, movement, today, counts);
}

async function remind(
  ctx: RegistrationContext,
  booking: BookingRow,
  movement: Movement,
  today: string,
  counts: SibaJobCounts,
) {
  if (houseHour(ctx.now()) < MORNING_HOUR) return;
  const day = movementDay(booking, movement);
  const dueBy = reportDueBy(day);
  const row = await findBulletin(ctx.db, booking.id, movement);
  const state = bulletinState(day, row, today);
  const notes = row?.status === 'test_accepted' ? (['sibaTestService'] as const) : [];
  // The subject and the body name the same deadline: the day before it may be a Friday for a Monday.
  const fields = ({ day: format, texts }: OwnerFormats) => ({
    movement: texts.movement[movement],
    day: format(day),
    dueBy: format(dueBy),
  });
  let queued = false;
  await ctx.db.transaction().execute(async (trx) => {
    if (state === 'due' && today === previousWorkingDay(dueBy)) {
      await queueOwnerMail(trx, ctx.bookings, booking, `siba-reminder:${movement}`, { kind: 'sibaDue', fields, notes });
      queued = true;
    }
    if (state === 'overdue') {
      await queueOwnerMail(trx, ctx.bookings, booking, `siba-overdue:${movement}:${today}`, {
        kind: 'sibaOverdue',
        fields,
        notes,
      });
      queued = true;
    }
  });
  if (queued) {
    counts.reminded++;
    ctx.bookings.wakeMail();
  }
}
