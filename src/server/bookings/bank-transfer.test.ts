import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite } from '../../../tests/support/server/booking-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import type { TestClock } from '../../../tests/support/server/booking-site.js';
import { mailsByKeyPrefix } from '../mail/outbox-data.js';

// Bookings paid by bank transfer, with no Stripe at all: instant mode, a 3-day hold, and the owner
// marking the money received.

let site: TestApp & { clock: TestClock };
let cookie: string;
const DAY = 86_400_000;

beforeAll(async () => {
  site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com' } });
  cookie = await login(site.app);
});
afterAll(async () => site.close());

const admin = (url: string, payload: object = {}) =>
  site.app.inject({ method: 'POST', url, headers: { cookie, origin: 'http://estadia.test' }, ...json(payload) });
const availability = async () =>
  (await site.app.inject({ url: '/api/availability?from=2027-04-01&to=2027-05-01' })).json().unavailable;
const bookingOf = async (url: string) => (await site.app.inject({ url: apiPathOf(url) })).json();

describe('a booking paid by bank transfer', () => {
  it('says Stripe is not set up, and offers the transfer', async () => {
    const options = (await site.app.inject({ url: '/api/booking/options?locale=pt-PT' })).json();
    expect(options).toMatchObject({ mode: 'instant', methods: ['bank_transfer'], depositPercent: 30 });
    expect(options.cancellationWords[0]).toMatch(/reembolso total/);
    expect(options.noWithdrawal).toMatch(/livre resolução/);
    const refused = await book(site.app, { paymentMethod: 'stripe' });
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({ code: 'payments_unavailable', field: 'paymentMethod' });
  });

  it('holds the nights at once, gives the IBAN with a unique reference, and is confirmed when the owner marks the deposit received', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-04-05',
      checkOut: '2027-04-08',
    });
    expect(created.status).toBe(201);
    // 3 nights × €120 + €50 cleaning + 2 guests × 3 nights × €2 tax = €422; a 30 % deposit.
    expect(created.body).toMatchObject({ status: 'awaiting_payment', totalCents: 42_200, dueNowCents: 12_660 });
    expect(await bookingOf(created.body.bookingUrl)).toMatchObject({ dueNowCents: 12_660, dueCents: 42_200 });
    expect(created.body.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/);
    expect(created.body.bankTransfer).toEqual({
      iban: 'PT50 0002 0123 1234 5678 9015 4',
      holder: 'Casa do Lago (example)',
      reference: created.body.code,
      amountCents: 12_660,
      dueBy: '2027-01-13',
    });
    expect(created.body.bookingUrl).toMatch(/^http:\/\/estadia\.test\/booking\/[\w-]+\?t=[\w-]{43}$/);
    expect(await availability()).toEqual([{ start: '2027-04-05', end: '2027-04-08' }]);
    const second = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-04-07',
      checkOut: '2027-04-10',
    });
    expect(second.status).toBe(409);
    expect(second.body.error?.code).toBe('dates_unavailable');

    const marked = await admin(`/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: 12_660 });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({
      status: 'confirmed',
      paidCents: 12_660,
      dueCents: 29_540,
      balanceDueOn: '2027-03-06',
    });
    expect(marked.json().history.map((e: { to: string; by: string }) => `${e.to}/${e.by}`)).toEqual([
      'awaiting_payment/guest',
      'confirmed/owner',
    ]);
    const guest = await bookingOf(created.body.bookingUrl);
    expect(guest).toMatchObject({
      status: 'confirmed',
      paidCents: 12_660,
      dueCents: 29_540,
      canCancel: true,
      refundIfCancelledCents: 12_660,
      dueNowCents: 0,
    });
    // What the transfer box now asks for is the balance, by its own day.
    expect(guest.bankTransfer).toMatchObject({ amountCents: 29_540, dueBy: '2027-03-06' });
    const mails = (await mailsByKeyPrefix(site.app.db, `booking:`)).map((m) => `${m.toAddress} ${m.subject}`);
    expect(mails).toEqual(
      expect.arrayContaining([
        `ana@example.com Your booking at Casa do Lago: ${created.body.code}`,
        `ana@example.com Your booking is confirmed: ${created.body.code}`,
        `ana@example.com Payment received: €126.60 (${created.body.code})`,
      ]),
    );
    // The owner is told of the booking, not of the transfer they just recorded themselves.
    expect(mails.filter((m) => m.startsWith('owner@example.com'))).toEqual([
      `owner@example.com New booking (bank transfer): ${created.body.code}`,
    ]);

    // The balance by transfer: the booking is then paid, and nothing more can be marked.
    expect(
      (await admin(`/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: 29_541 })).statusCode,
    ).toBe(400);
    expect(
      (await admin(`/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: 29_540 })).json(),
    ).toMatchObject({ status: 'paid', dueCents: 0 });
    expect((await admin(`/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: 1 })).statusCode).toBe(
      409,
    );
  });

  it('lets the nights go when the transfer never arrives, and tells the guest', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-04-20',
      checkOut: '2027-04-23',
    });
    expect(created.status).toBe(201);
    site.clock.advance(3 * DAY - 60_000);
    await site.app.bookingJobs.runOnce();
    expect((await bookingOf(created.body.bookingUrl)).status).toBe('awaiting_payment');
    site.clock.advance(2 * 60_000);
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ expired: 1 });
    expect(await bookingOf(created.body.bookingUrl)).toMatchObject({
      status: 'expired',
      canCancel: false,
      dueCents: 0,
    });
    expect(await availability()).toEqual([{ start: '2027-04-05', end: '2027-04-08' }]);
    const mails = await mailsByKeyPrefix(site.app.db, 'booking:');
    expect(mails.filter((m) => m.subject === `Your booking has expired: ${created.body.code}`)).toHaveLength(1);
    // Another run changes nothing and mails nothing again.
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ expired: 0 });
    expect((await mailsByKeyPrefix(site.app.db, 'booking:')).length).toBe(mails.length);
  });

  it('shows a hold in every calendar export at once, and gives the guest the stay as an iCalendar file', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-05-17',
      checkOut: '2027-05-20',
    });
    const { exportUrl } = (await site.app.inject({ url: '/api/admin/calendar', headers: { cookie } })).json();
    const feed = (await site.app.inject({ url: new URL(exportUrl).pathname })).body;
    expect(feed).toContain('DTSTART;VALUE=DATE:20270517');
    expect(feed).toContain('DTEND;VALUE=DATE:20270520');
    const ics = await site.app.inject({ url: apiPathOf(created.body.bookingUrl, '/calendar.ics') });
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.headers['content-disposition']).toBe(`attachment; filename="${created.body.code}.ics"`);
    expect(ics.body).toContain('DTSTART;VALUE=DATE:20270517');
    expect(ics.body).toContain(`SUMMARY:Casa do Lago (${created.body.code})`);
    expect(ics.body).toMatch(/LOCATION:Rua do Lago 1 \(example\)\\, Aldeia do Mato/);
    expect(ics.body).toMatch(/GEO:39\.\d+;-8\.\d+/);
  });

  it("is in the guest's data export, and their erasure keeps it as the record of a payment", async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-06-21',
      checkOut: '2027-06-24',
      name: 'Zélia Quintas',
      email: 'Zelia@Example.com',
    });
    const found = (
      await site.app.inject({ url: '/api/admin/guest-data?email=zelia@example.com', headers: { cookie } })
    ).json();
    expect(found.bookings).toEqual([
      expect.objectContaining({ code: created.body.code, name: 'Zélia Quintas', country: 'DE', totalCents: 42_200 }),
    ]);
    expect(
      (
        await site.app.inject({ url: `/api/admin/guest-data?name=${encodeURIComponent('zÉlia')}`, headers: { cookie } })
      ).json().bookings,
    ).toHaveLength(1);
    const erased = await admin('/api/admin/guest-data/erase', { inquiryIds: [], reviewIds: [], blockIds: [] });
    expect(erased.statusCode).toBe(200);
    expect((await site.app.inject({ url: apiPathOf(created.body.bookingUrl) })).json().name).toBe('Zélia Quintas');
  });

  it('refuses a link with a wrong token or code alike, with 404', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-05-03',
      checkOut: '2027-05-06',
    });
    const path = apiPathOf(created.body.bookingUrl);
    const wrongToken = path.replace(/t=[\w-]{43}/, `t=${'A'.repeat(43)}`);
    expect((await site.app.inject({ url: wrongToken })).statusCode).toBe(404);
    expect((await site.app.inject({ url: path.replace(created.body.code, 'ZZZZ-ZZ') })).statusCode).toBe(404);
    expect((await site.app.inject({ url: path.replace(/\?t=.*/, '') })).statusCode).toBe(400);
  });
});
