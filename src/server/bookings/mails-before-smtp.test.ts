import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createBookingSite, testClock, type TestClock } from '../../../tests/support/server/booking-site.js';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { findBookingByCode } from '../stay-record/bookings-data.js';
import { bookingMailCheck, mailDependency } from '../stay-record/mail-dependency.js';

// A site that takes bookings before its mail is set up: the page never says a mail was sent when
// none can be, and once SMTP_URL is set, a mail that stopped being true while it waited (the
// transfer's details of a booking paid since) is dropped with its reason, never sent late.

let sink: SmtpSink;
let site: TestApp & { clock: TestClock };
const clock = testClock();

beforeAll(async () => {
  sink = await SmtpSink.start();
  site = await createBookingSite({ clock, env: { SUBMISSIONS_PER_WINDOW: '1000' } });
});
afterAll(async () => {
  await site?.close();
  await sink?.stop();
});

const outbox = () => site.app.db.selectFrom('mailOutbox').selectAll().execute();

async function settled(app: TestApp['app'], key: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const row = await app.db.selectFrom('mailOutbox').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    if (row.status !== 'pending') return row;
    if (Date.now() > deadline) throw new Error(`${key} is still pending`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('bookings before SMTP_URL is set', () => {
  it('answer mailed: false, so the page does not say a mail was sent', async () => {
    const created = await book(site.app, { paymentMethod: 'bank_transfer' });
    expect(created.status).toBe(201);
    expect(created.body.mailed).toBe(false);
  });

  it('drop, once mail is set up, the transfer details of a booking paid meanwhile, and send what is still true', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-06-07',
      checkOut: '2027-06-10',
    });
    const cookie = await login(site.app);
    const marked = await site.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${created.body.code}/mark-paid`,
      headers: { cookie, origin: 'http://estadia.test' },
      ...json({ amountCents: created.body.dueNowCents }),
    });
    expect(marked.json()).toMatchObject({ status: 'confirmed' });
    const booking = await site.app.db
      .selectFrom('bookings')
      .select('id')
      .where('code', '=', created.body.code)
      .executeTakeFirstOrThrow();
    const keys = (await outbox()).filter((row) => row.key.startsWith(`booking:${booking.id}:`));
    expect(keys.map((row) => row.status)).toEqual(keys.map(() => 'pending'));

    // The owner sets SMTP_URL and restarts.
    const mailing = await createTestApp(
      {
        DATABASE_URL: site.databaseUrl,
        CONTENT_DIR: (site.app.config as { contentDir: string }).contentDir,
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        MAIL_TO: 'owner@example.com',
      },
      { now: clock.now },
    );
    try {
      const received = await settled(mailing.app, `booking:${booking.id}:received`);
      expect(received.status).toBe('dropped');
      expect(received.lastError).toBe('the booking is confirmed now');
      expect((await settled(mailing.app, `booking:${booking.id}:confirmed`)).status).toBe('sent');
      const subjects = sink.received.map((mail) => mail.parsed.subject);
      expect(subjects).toContain(`Your booking is confirmed: ${created.body.code}`);
      expect(subjects).not.toContain(`Your booking at Casa do Lago: ${created.body.code}`);
      // The owner's list says why it never went.
      const mails = await mailing.app.inject({
        url: `/api/admin/bookings/${created.body.code}/mails`,
        headers: { cookie: await login(mailing.app) },
      });
      expect(mails.json().items).toContainEqual(expect.objectContaining({ kind: 'received', state: 'dropped' }));
      // With mail on, the admin's screens may say a mail went to the guest.
      const view = await mailing.app.inject({
        url: `/api/admin/bookings/${created.body.code}`,
        headers: { cookie: await login(mailing.app) },
      });
      expect(view.json()).toMatchObject({ mailOn: true });

      // With mail on, a booking says its mail went; one paid in full at once is never a deposit.
      const inFull = await book(mailing.app, {
        paymentMethod: 'bank_transfer',
        checkIn: '2027-01-20',
        checkOut: '2027-01-23',
        email: 'soon@example.com',
      });
      expect(inFull.status).toBe(201);
      expect(inFull.body.mailed).toBe(true);
      expect(inFull.body.dueNowCents).toBe(inFull.body.totalCents);
      const deadline = Date.now() + 20_000;
      while (!sink.received.some((mail) => mail.envelope.to.includes('soon@example.com'))) {
        if (Date.now() > deadline) throw new Error('the booking mail did not arrive');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const guest = sink.received.find((mail) => mail.envelope.to.includes('soon@example.com'))!;
      expect(guest.parsed.text).toMatch(/it is confirmed when the payment of €?[\d,.]+\s?€? arrives/);
      expect(guest.parsed.text).not.toMatch(/deposit/i);
    } finally {
      await mailing.app.close();
    }
  });

  it('drops a mail about the stay once its last day has ended at the house, not in UTC', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-07-10',
      checkOut: '2027-07-15',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = await findBookingByCode(site.app.db, created.body.code);
    const dependency = mailDependency(booking!, 'received')!;
    const check = bookingMailCheck(site.app.db);
    // 22:30 UTC on check-out day is 23:30 in Lisbon (summer time): still that day at the house.
    expect(await check(dependency, Date.UTC(2027, 6, 15, 22, 30))).toBeUndefined();
    // 23:30 UTC is 00:30 on the next day in Lisbon: the stay is over there.
    expect(await check(dependency, Date.UTC(2027, 6, 15, 23, 30))).toBe('its moment passed (2027-07-15)');
  });
});
