import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { findNightProblems, checkNightHolders } from '../bookings/night-holders.js';
import { sweepOnce } from '../../../tests/support/server/sweep.js';
import { mailsByKeyPrefix } from '../mail/outbox-data.js';
import { today } from '../stay-record/context.js';

// A booking's nights are its own: the owner's calendar shows them read-only, and only the booking's
// own end frees them (docs/decisions/0033-a-bookings-nights-are-its-own.md). The check in the sweep
// is the alarm for any path that ever gets this wrong.

let site: TestApp & { clock: TestClock };
let cookie: string;

beforeAll(async () => {
  site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com' } });
  cookie = await login(site.app);
});
afterAll(async () => site.close());

const asOwner = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  site.app.inject({
    method,
    url,
    headers: { cookie, origin: 'http://estadia.test' },
    ...(payload ? json(payload) : {}),
  });
const unavailable = async (from: string, to: string) =>
  (await site.app.inject({ url: `/api/availability?from=${from}&to=${to}` })).json().unavailable;
const blocks = async () =>
  (await asOwner('GET', '/api/admin/blocks?limit=100')).json().items as Array<Record<string, unknown>>;

describe("the owner's calendar and a booking's nights", () => {
  it('lists a booking awaiting payment as that booking, refuses to remove its nights, and a second guest cannot book them', async () => {
    const first = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-06-01',
      checkOut: '2027-06-05',
    });
    expect(first.status).toBe(201);
    expect(first.body.status).toBe('awaiting_payment');

    const held = (await blocks()).find((b) => b.start === '2027-06-01');
    expect(held).toMatchObject({
      end: '2027-06-05',
      kind: 'booking',
      booking: { code: first.body.code, name: 'Ana Silva', status: 'awaiting_payment' },
    });

    const removal = await asOwner('DELETE', `/api/admin/blocks/${held?.id as string}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error).toMatchObject({ code: 'booking_nights' });

    expect(await unavailable('2027-06-01', '2027-06-10')).toEqual([{ start: '2027-06-01', end: '2027-06-05' }]);
    const guestPage = (await site.app.inject({ url: apiPathOf(first.body.bookingUrl) })).json();
    expect(guestPage).toMatchObject({ status: 'awaiting_payment' });
    expect(guestPage.bankTransfer).not.toBeNull();

    const second = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-06-03',
      checkOut: '2027-06-06',
      email: 'second@example.com',
    });
    expect(second.status).toBe(409);
    expect(second.body.error?.code).toBe('dates_unavailable');

    const single = await asOwner('GET', `/api/admin/bookings/${first.body.code}`);
    expect(single.statusCode).toBe(200);
    expect(single.json()).toMatchObject({ code: first.body.code, status: 'awaiting_payment' });
    expect((await asOwner('GET', '/api/admin/bookings/ZZZZ-ZZ')).statusCode).toBe(404);
  });

  it("still removes the owner's own blocks, and frees a booking's nights when it is cancelled", async () => {
    const own = await asOwner('POST', '/api/admin/blocks', {
      start: '2027-05-01',
      end: '2027-05-03',
      note: 'Painting',
    });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ kind: 'block', booking: null });
    expect((await asOwner('DELETE', `/api/admin/blocks/${own.json().id as string}`)).statusCode).toBe(204);
    expect((await asOwner('DELETE', `/api/admin/blocks/${own.json().id as string}`)).statusCode).toBe(404);

    const stay = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-05-10',
      checkOut: '2027-05-12',
    });
    const cancelled = await asOwner('POST', `/api/admin/bookings/${stay.body.code}/cancel`, { refundCents: 0 });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(await unavailable('2027-05-01', '2027-05-20')).toEqual([]);
    expect((await blocks()).some((b) => b.start === '2027-05-10')).toBe(false);
  });
});

describe('the night-holders check', () => {
  it('finds nothing in a sound calendar, and mails the owner once when a booking lost its nights or a night has two holders', async () => {
    const day = today(site.app.bookings);
    expect(await findNightProblems(site.app.db, day)).toEqual([]);
    expect(await checkNightHolders(site.app.bookings)).toEqual([]);
    expect(await mailsByKeyPrefix(site.app.db, 'night-holders:')).toHaveLength(0);

    const stay = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-09-13',
      checkOut: '2027-09-16',
    });
    const other = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-09-20',
      checkOut: '2027-09-23',
    });
    const db = site.app.db;
    const [stayRow, otherRow] = await Promise.all(
      [stay, other].map((b) =>
        db.selectFrom('bookings').select('id').where('code', '=', b.body.code).executeTakeFirstOrThrow(),
      ),
    );
    // What the calendar's Remove did before: the hold goes, the booking stays awaiting payment.
    await db.deleteFrom('calendarBlocks').where('bookingId', '=', stayRow!.id).execute();
    // And what a second guest could then do: an overlapping hold beside another booking's.
    await db
      .insertInto('calendarBlocks')
      .values({
        id: 'intruder',
        startDate: '2027-09-21',
        endDate: '2027-09-24',
        note: null,
        kind: 'block',
        inquiryId: null,
        bookingId: null,
        createdAt: new Date(site.clock.now()).toISOString(),
      })
      .execute();

    const settings = {
      rateLimitWindowMs: 60_000,
      inquiryRetentionDays: 90,
      check: () => checkNightHolders(site.app.bookings),
    };
    await db.deleteFrom('jobLeases').where('name', '=', 'sweep').execute();
    expect(await sweepOnce(db, settings, 'check-test', 1)).toBeDefined();
    const problems = await findNightProblems(db, day);
    expect(problems.map((p) => p.kind).sort()).toEqual(['two_holders', 'unheld_booking']);
    expect(problems.find((p) => p.kind === 'unheld_booking')?.text).toContain(stay.body.code);
    expect(problems.find((p) => p.kind === 'two_holders')?.text).toContain(other.body.code);

    const mails = await db
      .selectFrom('mailOutbox')
      .select(['toAddress', 'textBody'])
      .where('key', 'like', 'night-holders:%')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'owner@example.com' });
    expect(mails[0]?.textBody).toContain(stay.body.code);
    expect(mails[0]?.textBody).toContain(other.body.code);

    // The same findings again: no second mail.
    await checkNightHolders(site.app.bookings);
    expect(await mailsByKeyPrefix(site.app.db, 'night-holders:')).toHaveLength(1);
    expect(otherRow).toBeDefined();

    // A hold left behind by a booking that ended is found too.
    await db.deleteFrom('calendarBlocks').where('id', '=', 'intruder').execute();
    await db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', otherRow!.id).execute();
    const orphan = await findNightProblems(db, day);
    expect(orphan.map((p) => p.kind).sort()).toEqual(['orphan_hold', 'unheld_booking']);
    expect(orphan.find((p) => p.kind === 'orphan_hold')?.text).toContain(other.body.code);
  });
});
