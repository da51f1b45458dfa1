import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { testDbKind } from '../../../tests/support/server/test-database.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { releaseBookingNights } from '../calendar/blocks-data.js';
import { paymentsOf } from '../payments/payments-data.js';
import { findBookingByCode, moveStatus } from '../stay-record/bookings-data.js';

// "Transfer received" on a booking whose hold ran out between the owner's screen and the click: the
// booking is read again under its lock, and one that expired meanwhile is refused (409
// booking_expired), with nothing recorded; a transfer that is recorded is noted in the audit list.
// On SQLite and PostgreSQL.

const DAY = 86_400_000;
let site: TestApp & { clock: TestClock };
let cookie: string;

beforeAll(async () => {
  site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000' } });
  cookie = await login(site.app);
});
afterAll(async () => site?.close());

const markPaid = (code: string, payload: object) =>
  site.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${code}/mark-paid`,
    headers: { cookie, origin: 'http://estadia.test' },
    ...json(payload),
  });
const adminBooking = async (code: string) =>
  (await site.app.inject({ url: `/api/admin/bookings/${code}`, headers: { cookie } })).json();
const auditEntries = async () =>
  (
    (await site.app.inject({ url: '/api/admin/audit', headers: { cookie } })).json() as {
      items: Array<{ action: string; detail: string | null }>;
    }
  ).items.filter((entry) => entry.action === 'transfer_received');
const availability = async (from: string, to: string) =>
  (await site.app.inject({ url: `/api/availability?from=${from}&to=${to}` })).json().unavailable;

async function transferBooking(checkIn: string, checkOut: string) {
  const created = await book(site.app, { paymentMethod: 'bank_transfer', checkIn, checkOut });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { code: string; dueNowCents: number };
}

/**
 * Expires the booking's hold as the booking job would, in a transaction left open until `release`;
 * `expired` resolves with its PostgreSQL backend's id once the booking is expired in it.
 */
function expireInOpenTransaction(code: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let expired!: (pid: number | undefined) => void;
  const done = new Promise<number | undefined>((resolve) => (expired = resolve));
  const committed = site.app.db.transaction().execute(async (trx) => {
    const booking = (await findBookingByCode(trx, code))!;
    const at = new Date(site.clock.now()).toISOString();
    expect(await moveStatus(trx, booking.id, 'awaiting_payment', 'expired', at)).toBe(true);
    await releaseBookingNights(trx, booking.id);
    expired(
      testDbKind() === 'postgres'
        ? (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid
        : undefined,
    );
    await released;
  });
  return { expired: done, release, committed };
}

/**
 * PostgreSQL: the click waits for the booking's row, held by the open expiry's backend `pid`.
 * SQLite has one connection: the click waits for the whole transaction by construction.
 */
async function requestWaitsFor(pid: number | undefined): Promise<void> {
  if (pid === undefined) return;
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))
    `.execute(site.app.db);
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('The request never waited for the booking');
}

describe('"Transfer received" on a booking that expired meanwhile', () => {
  it('refuses it when the hold ran out and the job freed the nights after the owner opened the booking', async () => {
    const { code, dueNowCents } = await transferBooking('2027-06-07', '2027-06-10');
    // The owner's screen: awaiting the transfer, with its button.
    expect(await adminBooking(code)).toMatchObject({ status: 'awaiting_payment', paidCents: 0 });
    site.clock.advance(3 * DAY + 60_000);
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ expired: 1 });
    expect(await availability('2027-06-01', '2027-06-30')).toEqual([]);

    const refused = await markPaid(code, { amountCents: dueNowCents, idempotencyKey: 'form-1000000000000001' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'booking_expired' });
    expect(refused.json().error.message).toContain('Nothing was recorded');
    const booking = await findBookingByCode(site.app.db, code);
    expect(booking).toMatchObject({ status: 'expired', paidCents: 0 });
    expect(await paymentsOf(site.app.db, [booking!.id])).toEqual([]);
    expect(await auditEntries()).toEqual([]);
  });

  it('refuses it when the expiry commits while the click waits for the booking', async () => {
    const { code, dueNowCents } = await transferBooking('2027-10-04', '2027-10-07');
    expect(await adminBooking(code)).toMatchObject({ status: 'awaiting_payment' });
    const expiry = expireInOpenTransaction(code);
    const pid = await expiry.expired;
    const click = markPaid(code, { amountCents: dueNowCents, idempotencyKey: 'form-1000000000000002' });
    await requestWaitsFor(pid);
    expiry.release();
    await expiry.committed;
    const refused = await click;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'booking_expired' });
    const booking = await findBookingByCode(site.app.db, code);
    expect(booking).toMatchObject({ status: 'expired', paidCents: 0 });
    expect(await paymentsOf(site.app.db, [booking!.id])).toEqual([]);
  });

  it('takes it while the hold has run out but the nights are still held, and notes it in the audit list once', async () => {
    const { code, dueNowCents } = await transferBooking('2027-09-06', '2027-09-09');
    site.clock.advance(3 * DAY + 60_000);
    const request = { amountCents: dueNowCents, idempotencyKey: 'form-1000000000000003' };
    expect((await markPaid(code, request)).statusCode).toBe(200);
    expect((await markPaid(code, request)).statusCode).toBe(200);
    expect(await adminBooking(code)).toMatchObject({ status: 'confirmed', paidCents: dueNowCents });
    // The job comes too late: the booking is confirmed, its nights stay taken.
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ expired: 0 });
    expect(await availability('2027-09-01', '2027-09-30')).toEqual([{ start: '2027-09-06', end: '2027-09-09' }]);
    expect(await auditEntries()).toEqual([
      expect.objectContaining({ action: 'transfer_received', detail: `${code}: ${dueNowCents} cents` }),
    ]);
  });
});
