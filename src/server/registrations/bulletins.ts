import { createHash } from 'node:crypto';
import type { BulletinState, Movement, SendResult } from '../../shared/guest-registrations.js';
import { PORTUGAL } from '../../shared/countries.js';
import { reportDueBy } from '../../shared/registration-deadlines.js';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import type { RegistrationContext } from './context.js';
import { isoNowOf, todayOf } from './context.js';
import { guestRecordsOf, isComplete } from './guest-records.js';
import { registrationsOf } from './guest-registrations-data.js';
import { sendToSiba } from './siba-client.js';
import {
  claimBulletin,
  ensureBulletin,
  findBulletin,
  markBulletinRejected,
  markBulletinRetry,
  markBulletinSent,
  markBulletinTestAccepted,
  type SibaBulletinRow,
} from './siba-bulletins-data.js';
import { buildSibaXml, unitFromContent } from './siba-xml.js';

/** The day a movement happens: the arrival on the check-in day, the departure on the check-out day. */
export const movementDay = (booking: Pick<BookingRow, 'checkIn' | 'checkOut'>, movement: Movement) =>
  movement === 'arrival' ? booking.checkIn : booking.checkOut;

/**
 * Where a movement's bulletin stands. While the party's nationality is unknown (`needed` false: no
 * guest known to be foreign, not all checked in) no bulletin is known to be owed, so from its day
 * it awaits the guests' data rather than fall due or overdue (docs/decisions/0056-a-bulletin-only-when-needed.md).
 */
export function bulletinState(
  day: string,
  row: SibaBulletinRow | undefined,
  today: string,
  needed = true,
): BulletinState {
  if (row?.status === 'sent') return 'sent';
  if (today < day) return 'not_due';
  if (!needed) return 'awaiting_guests';
  return today > reportDueBy(day) ? 'overdue' : 'due';
}

const LEASE_MS = 2 * 60_000;
/** After a 503 or an HTML page: 1, 2, 4 … minutes, at most 6 hours, as the mail outbox backs off. */
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** attempts, 6 * 3_600_000);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The file for a movement: its number is the bulletin row's, so a download and a send name the same file. */
export async function bulletinFile(ctx: RegistrationContext, booking: BookingRow, movement: Movement) {
  if (!ctx.cipher) throw new HttpError(409, 'Online check-in is not on for this site', undefined, 'check_in_not_open');
  const unit = unitFromContent(ctx.property, ctx.siba.credentials?.establishment);
  if (!unit)
    throw new HttpError(409, "The content has no legal.siba: the unit's NIF, address and contact (docs/siba.md)");
  const guests = (await guestRecordsOf(ctx.db, ctx.cipher, booking.id)).filter(
    (g) => g.nationality !== PORTUGAL && g.documentNumber !== null,
  );
  if (guests.length === 0) throw new HttpError(409, 'No guest of this booking who is not Portuguese has checked in');
  const row = await ensureBulletin(ctx.db, booking.id, movement, isoNowOf(ctx));
  const xml = buildSibaXml({
    unit,
    guests,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    fileNumber: row.fileNumber,
    date: todayOf(ctx),
    idCardCode: ctx.siba.idCardCode,
  });
  return { row, xml };
}

function resultOf(movement: Movement, row: SibaBulletinRow | undefined): SendResult {
  return {
    movement,
    state:
      row?.status === 'sent' || row?.status === 'rejected' || row?.status === 'test_accepted' ? row.status : 'retrying',
    sentAt: row?.status === 'sent' || row?.status === 'test_accepted' ? row.sentAt : null,
    sha256: row?.sha256 ?? null,
    error:
      row?.status === 'rejected' && row.errorCode !== null
        ? { code: row.errorCode, line: row.errorLine, text: row.errorText ?? '' }
        : null,
  };
}

/**
 * Sends a movement's bulletin through the web service, once: the row is claimed with a
 * conditional update, so of two servers (or the job and the owner) only one posts it. `byOwner`
 * sends a refused bulletin again, and does not wait for the next try's time. SIBA's test service
 * reports nobody: what it takes is `test_accepted`, still due, and the job sends it again once
 * SIBA_URL names the production service.
 */
export async function sendBulletin(
  ctx: RegistrationContext,
  booking: BookingRow,
  movement: Movement,
  byOwner = false,
): Promise<SendResult> {
  const { credentials, url, service } = ctx.siba;
  if (!credentials || !url)
    throw new HttpError(
      409,
      'SIBA_UNIT_CODE, SIBA_ESTABLISHMENT and SIBA_ACCESS_KEY are not set',
      undefined,
      'siba_unavailable',
    );
  const { row, xml } = await bulletinFile(ctx, booking, movement);
  if (row.status === 'sent') return resultOf(movement, row);
  const now = isoNowOf(ctx);
  const claimed = await claimBulletin(
    ctx.db,
    row.id,
    now,
    new Date(ctx.now() + LEASE_MS).toISOString(),
    byOwner
      ? ['pending', 'rejected', 'test_accepted']
      : service === 'test'
        ? ['pending']
        : ['pending', 'test_accepted'],
    byOwner,
  );
  if (!claimed) return resultOf(movement, await findBulletin(ctx.db, booking.id, movement));
  const outcome = await sendToSiba(url, credentials, xml);
  const hash = sha256(xml);
  if (outcome.kind === 'accepted' && service === 'test')
    await markBulletinTestAccepted(ctx.db, row.id, { sha256: hash, answer: outcome.answer, at: isoNowOf(ctx) });
  else if (outcome.kind === 'accepted')
    await markBulletinSent(ctx.db, row.id, {
      sha256: hash,
      answer: outcome.answer,
      via: 'web_service',
      at: isoNowOf(ctx),
    });
  else if (outcome.kind === 'rejected') await markBulletinRejected(ctx.db, row.id, { sha256: hash, ...outcome });
  else
    await markBulletinRetry(
      ctx.db,
      row.id,
      new Date(ctx.now() + retryDelayMs(row.attempts)).toISOString(),
      outcome.problem,
    );
  return resultOf(movement, await findBulletin(ctx.db, booking.id, movement));
}

/** "Mark as sent": the owner uploaded the file to the SIBA portal; its hash is kept as evidence. */
export async function markSentByOwner(
  ctx: RegistrationContext,
  booking: BookingRow,
  movement: Movement,
): Promise<SendResult> {
  const { row, xml } = await bulletinFile(ctx, booking, movement);
  if (row.status === 'sent') return resultOf(movement, row);
  const marked = await markBulletinSent(
    ctx.db,
    row.id,
    { sha256: sha256(xml), answer: 'Uploaded to the SIBA portal by the owner', via: 'portal', at: isoNowOf(ctx) },
    ['pending', 'rejected', 'test_accepted'],
  );
  if (!marked) throw new HttpError(409, 'The bulletin is being sent through the web service right now');
  return resultOf(movement, await findBulletin(ctx.db, booking.id, movement));
}

/** How many of the booking's guests have checked in completely, and whether any is not Portuguese. */
export async function guestProgress(ctx: RegistrationContext, booking: BookingRow) {
  const rows = await registrationsOf(ctx.db, booking.id);
  const foreign = rows.some((r) => r.nationality !== PORTUGAL);
  const allComplete = rows.length >= booking.guests && rows.every(isComplete);
  return {
    complete: rows.filter(isComplete).length,
    foreign,
    allComplete,
    /** Not all checked in and none known to be foreign: a bulletin may be owed, never assumed Portuguese. */
    nationalityUnknown: !foreign && !allComplete,
  };
}
