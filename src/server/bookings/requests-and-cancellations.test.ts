import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { mailsByKeyPrefix } from '../mail/outbox-data.js';

// Request mode (the owner accepts or declines, or the request expires) and cancellations in each
// tier of the policy: 60+ days 100 %, 30+ days 50 %, later nothing (content/property.json).

let site: TestApp & { clock: TestClock };
let cookie: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  site = await createBookingSite({
    booking: { mode: 'request' },
    env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com' },
  });
  cookie = await login(site.app);
});
afterAll(async () => site.close());

const admin = (url: string, payload: object = {}) =>
  site.app.inject({ method: 'POST', url, headers: { cookie, origin: 'http://estadia.test' }, ...json(payload) });
const list = async (status: string) =>
  (await site.app.inject({ url: `/api/admin/bookings?status=${status}`, headers: { cookie } }))
    .json()
    .items.map((b: { code: string }) => b.code);
const taken = async () =>
  (await site.app.inject({ url: '/api/availability?from=2027-01-01&to=2028-01-01' })).json().unavailable;
const subjects = async (code: string) =>
  (await mailsByKeyPrefix(site.app.db, 'booking:')).map((m) => m.subject).filter((s) => s.includes(code));

describe('requests to book', () => {
  it('hold nothing until the owner accepts, then hold the nights for the guest to pay', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-05-10',
      checkOut: '2027-05-13',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'requested' });
    expect(created.body.bankTransfer).toBeUndefined();
    expect(await taken()).toEqual([]);
    expect(await list('requests')).toEqual([created.body.code]);
    expect((await subjects(created.body.code)).sort()).toEqual([
      `New booking request: ${created.body.code}`,
      `Your booking request at Casa do Lago: ${created.body.code}`,
    ]);

    const accepted = await admin(`/api/admin/bookings/${created.body.code}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'awaiting_payment' });
    expect(await taken()).toEqual([{ start: '2027-05-10', end: '2027-05-13' }]);
    expect(await subjects(created.body.code)).toContain(`Your booking request is accepted: ${created.body.code}`);
    const guest = (await site.app.inject({ url: apiPathOf(created.body.bookingUrl) })).json();
    expect(guest.bankTransfer).toMatchObject({
      reference: created.body.code,
      amountCents: Math.ceil(guest.totalCents * 0.3),
    });
    // Accepting twice is refused by the state machine.
    expect((await admin(`/api/admin/bookings/${created.body.code}/accept`)).statusCode).toBe(409);

    // A new link for the guest, mailed; the old one keeps working.
    expect((await admin(`/api/admin/bookings/${created.body.code}/resend-link`)).statusCode).toBe(200);
    const id = (
      await site.app.db
        .selectFrom('bookings')
        .select('id')
        .where('code', '=', created.body.code)
        .executeTakeFirstOrThrow()
    ).id;
    const resent = await site.app.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('key', 'like', `booking:${id}:link:%`)
      .execute();
    expect(resent).toHaveLength(1);
    const link = /http:\/\/estadia\.test\/booking\/[\w-]+\?t=[\w-]{43}/.exec(resent[0]!.textBody)?.[0];
    expect(link).toBeDefined();
    expect(link).not.toBe(created.body.bookingUrl);
    expect((await site.app.inject({ url: apiPathOf(link as string) })).json().status).toBe('awaiting_payment');
    expect((await site.app.inject({ url: apiPathOf(created.body.bookingUrl) })).statusCode).toBe(200);
  });

  it('can be declined, which mails the guest and holds nothing', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-06-14',
      checkOut: '2027-06-17',
    });
    expect((await admin(`/api/admin/bookings/${created.body.code}/decline`)).json()).toMatchObject({
      status: 'declined',
    });
    expect(await subjects(created.body.code)).toContain(`Your booking request: ${created.body.code}`);
    expect(await list('past')).toContain(created.body.code);
  });

  it('expire when the owner does not answer in time', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-09-13',
      checkOut: '2027-09-16',
    });
    site.clock.advance(48 * HOUR + 1000);
    await site.app.bookingJobs.runOnce();
    const view = (await site.app.inject({ url: apiPathOf(created.body.bookingUrl) })).json();
    expect(view.status).toBe('expired');
    expect((await admin(`/api/admin/bookings/${created.body.code}/accept`)).statusCode).toBe(409);
  });
});

describe('cancelling by the policy', () => {
  // Today is 2027-01-12 on the moved clock. A stay, accepted and fully paid by transfer, then cancelled by the guest.
  async function paidBooking(checkIn: string, checkOut: string) {
    const created = await book(site.app, { paymentMethod: 'bank_transfer', checkIn, checkOut });
    await admin(`/api/admin/bookings/${created.body.code}/accept`);
    const { dueCents } = (await admin(`/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: 1 })).json();
    await admin(`/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: dueCents });
    return created.body;
  }

  it.each([
    ['60 or more days ahead: everything back', '2027-03-15', '2027-03-18', 100],
    ['30 to 59 days ahead: half back', '2027-02-15', '2027-02-18', 50],
    ['under 30 days: nothing back', '2027-01-25', '2027-01-27', 0],
  ])('%s', async (_name, checkIn, checkOut, percent) => {
    const created = await paidBooking(checkIn, checkOut);
    const before = (await site.app.inject({ url: apiPathOf(created.bookingUrl) })).json();
    expect(before.status).toBe('paid');
    // The tourist tax paid comes back in full, whatever the tier (0038); the tier applies to the rest.
    const tax = before.quote.lines
      .filter((l: { kind: string }) => l.kind === 'touristTax')
      .reduce((sum: number, l: { amount: number }) => sum + l.amount, 0);
    expect(tax).toBeGreaterThan(0);
    expect(before.refundIfCancelledCents).toBe(tax + Math.floor(((before.paidCents - tax) * percent) / 100));
    const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(created.bookingUrl, '/cancel') });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'cancelled', refundCents: before.refundIfCancelledCents });
    expect((await taken()).some((r: { start: string }) => r.start === checkIn)).toBe(false);
    // Paid by transfer: the refund is recorded for the owner to send, and the owner is told.
    const adminView = (await site.app.inject({ url: '/api/admin/bookings?status=past&limit=100', headers: { cookie } }))
      .json()
      .items.find((b: { code: string }) => b.code === created.code);
    const refunds = adminView.payments.filter((p: { kind: string }) => p.kind === 'refund');
    // Spread over the two transfers it was paid with, the latest first.
    expect(
      refunds.every((p: { status: string; method: string }) => p.status === 'pending' && p.method === 'bank_transfer'),
    ).toBe(true);
    expect(refunds.reduce((sum: number, p: { amountCents: number }) => sum + p.amountCents, 0)).toBe(
      before.refundIfCancelledCents,
    );
    expect(await subjects(created.code)).toEqual(
      expect.arrayContaining([
        `Your booking is cancelled: ${created.code}`,
        `The guest cancelled a booking: ${created.code}`,
      ]),
    );
    expect((await site.app.inject({ method: 'POST', url: apiPathOf(created.bookingUrl, '/cancel') })).statusCode).toBe(
      409,
    );
  });

  it('lets the owner choose the refund, up to what was paid', async () => {
    const created = await paidBooking('2027-02-22', '2027-02-25');
    const view = (await site.app.inject({ url: apiPathOf(created.bookingUrl) })).json();
    expect(
      (await admin(`/api/admin/bookings/${created.code}/cancel`, { refundCents: view.paidCents + 1 })).json().error,
    ).toMatchObject({ code: 'invalid_field', field: 'refundCents' });
    const done = await admin(`/api/admin/bookings/${created.code}/cancel`, { refundCents: view.paidCents });
    expect(done.json()).toMatchObject({ status: 'cancelled' });
    expect(done.json().history.at(-1)).toMatchObject({
      from: 'paid',
      to: 'cancelled',
      by: 'owner',
      note: null,
      refundCents: view.paidCents,
    });
  });
});
