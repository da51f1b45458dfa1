import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';

// The stay's own mails, on their days at the house across the changes of clocks, once each, never
// for a cancelled booking; the secret door instructions only in the guest's own mail and page.

const DOOR = 'Lockbox code QX-DOORSECRET';
const content = JSON.parse(readFileSync(join(import.meta.dirname, '../../../content/property.json'), 'utf8')) as {
  arrival: Record<string, unknown>;
};
const logs: string[] = [];
let site: TestApp & { clock: TestClock };
let other: TestApp;
let cookie: string;

beforeAll(async () => {
  const logStream = new Writable({ write: (chunk, _encoding, done) => void (logs.push(String(chunk)), done()) });
  site = await createBookingSite({
    content: { arrival: { ...content.arrival, doorInstructions: { en: DOOR, 'pt-PT': DOOR } } },
    env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com', LOG_LEVEL: 'info' },
    logStream,
  });
  other = await createTestApp(
    { DATABASE_URL: site.databaseUrl, CONTENT_DIR: site.app.config.contentDir, LOG_LEVEL: 'silent' },
    { now: site.clock.now },
  );
  cookie = await login(site.app);
});
afterAll(async () => {
  await other?.app.close();
  await site?.close();
});

const admin = (url: string, payload: object = {}) =>
  site.app.inject({ method: 'POST', url, headers: { cookie, origin: 'http://estadia.test' }, ...json(payload) });
const mailsOf = async (code: string) =>
  (await site.app.inject({ url: `/api/admin/bookings/${code}/mails`, headers: { cookie } })).json().items as Array<{
    id: string;
    kind: string;
    sendAt: string;
    state: string;
  }>;
const outbox = async (suffix: string) =>
  site.app.db
    .selectFrom('mailOutbox')
    .select(['key', 'subject', 'textBody', 'calendar', 'status'])
    .where('key', 'like', `%:${suffix}`)
    .execute();
const bothServersRun = () => Promise.all([site.app.bookingJobs.runOnce(), other.app.bookingJobs.runOnce()]);

async function paidStay(checkIn: string, checkOut: string) {
  site.clock.set(Date.UTC(2027, 0, 10, 10));
  const created = await book(site.app, { paymentMethod: 'bank_transfer', checkIn, checkOut });
  const { totalCents } = (await site.app.inject({ url: apiPathOf(created.body.bookingUrl) })).json();
  await admin(`/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: totalCents });
  return created.body;
}

describe("a stay's mails", () => {
  it('go out at 09:00 in Lisbon on their days, winter or summer time, once each with two servers', async () => {
    // Arrival mail on Saturday 27 March 2027 (winter, 09:00 UTC); the clocks change on the 28th; reminder on the 29th (summer, 08:00 UTC).
    const stay = await paidStay('2027-03-30', '2027-04-02');
    expect(
      (await mailsOf(stay.code))
        .filter((m) => ['arrival', 'reminder', 'review_request'].includes(m.kind))
        .map((m) => [m.kind, m.sendAt]),
    ).toEqual([
      ['arrival', '2027-03-27T09:00:00.000Z'],
      ['reminder', '2027-03-29T08:00:00.000Z'],
      ['review_request', '2027-04-03T09:00:00.000Z'],
    ]);
    const view = async () => (await site.app.inject({ url: apiPathOf(stay.bookingUrl) })).json();

    site.clock.set(Date.parse('2027-03-27T08:59:00Z'));
    await bothServersRun();
    expect(await outbox('arrival')).toEqual([]);
    expect((await view()).arrival).toBeNull();
    site.clock.set(Date.parse('2027-03-27T09:00:00Z'));
    await bothServersRun();
    await bothServersRun();
    const arrival = await outbox('arrival');
    expect(arrival).toHaveLength(1);
    expect(arrival[0]!.subject).toBe('Your arrival at Casa do Lago: how to get there and in');
    expect(arrival[0]!.textBody).toContain(`Getting in: ${DOOR}`);
    expect(arrival[0]!.textBody).toContain('From Porto: Take the A1 south');
    expect((await view()).arrival).toMatchObject({
      doorInstructions: DOOR,
      checkInFrom: '15:00',
      parking: expect.stringContaining('Two cars'),
    });

    site.clock.set(Date.parse('2027-03-29T07:59:00Z'));
    await bothServersRun();
    expect(await outbox('reminder')).toEqual([]);
    site.clock.set(Date.parse('2027-03-29T08:00:00Z'));
    await bothServersRun();
    expect((await outbox('reminder')).map((m) => m.subject)).toEqual(['See you tomorrow at Casa do Lago']);
    expect(
      (await mailsOf(stay.code)).filter((m) => ['arrival', 'reminder'].includes(m.kind)).map((m) => m.state),
    ).toEqual(['scheduled', 'scheduled']);

    // After the stay: the page no longer shows the instructions.
    site.clock.set(Date.parse('2027-04-03T12:00:00Z'));
    await bothServersRun();
    expect((await view()).arrival).toBeNull();
  });

  it('carry the stay as an iCalendar file in the confirmation, with its dates', async () => {
    const stay = await paidStay('2027-10-25', '2027-10-29');
    const id = (
      await site.app.db.selectFrom('bookings').select('id').where('code', '=', stay.code).executeTakeFirstOrThrow()
    ).id;
    const [confirmation] = await site.app.db
      .selectFrom('mailOutbox')
      .select('calendar')
      .where('key', '=', `booking:${id}:confirmed`)
      .execute();
    const event = new ICAL.Component(ICAL.parse(confirmation!.calendar as string)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('dtstart')?.toString()).toBe('2027-10-25');
    expect(event.getFirstPropertyValue('dtend')?.toString()).toBe('2027-10-29');
    expect(String(event.getFirstPropertyValue('location'))).toContain('Aldeia do Mato');
    // Arrival on 22 October (summer, 08:00 UTC); the clocks go back on the 31st, after the stay.
    expect((await mailsOf(stay.code)).find((m) => m.kind === 'arrival')?.sendAt).toBe('2027-10-22T08:00:00.000Z');
  });

  it('are never sent for a cancelled booking', async () => {
    const stay = await paidStay('2027-05-10', '2027-05-13');
    await site.app.inject({ method: 'POST', url: apiPathOf(stay.bookingUrl, '/cancel') });
    site.clock.set(Date.parse('2027-05-14T12:00:00Z'));
    await bothServersRun();
    const id = (
      await site.app.db.selectFrom('bookings').select('id').where('code', '=', stay.code).executeTakeFirstOrThrow()
    ).id;
    expect(
      await site.app.db
        .selectFrom('mailOutbox')
        .select('key')
        .where(
          'key',
          'in',
          ['arrival', 'reminder', 'review-request'].map((k) => `booking:${id}:${k}`),
        )
        .execute(),
    ).toEqual([]);
    expect(
      (await mailsOf(stay.code))
        .filter((m) => ['arrival', 'reminder', 'review_request'].includes(m.kind))
        .map((m) => m.state),
    ).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('can be cancelled by the owner before they go, or sent now', async () => {
    const stay = await paidStay('2027-06-14', '2027-06-17');
    const planned = await mailsOf(stay.code);
    const reminder = planned.find((m) => m.kind === 'reminder')!;
    const arrival = planned.find((m) => m.kind === 'arrival')!;
    expect((await admin(`/api/admin/booking-mails/${reminder.id}/cancel`)).statusCode).toBe(204);
    expect((await admin(`/api/admin/booking-mails/${reminder.id}/cancel`)).statusCode).toBe(409);
    expect((await admin(`/api/admin/booking-mails/${arrival.id}/send-now`)).statusCode).toBe(204);
    const states = Object.fromEntries((await mailsOf(stay.code)).map((m) => [m.kind, m.state]));
    expect(states).toMatchObject({ arrival: 'scheduled', reminder: 'cancelled', review_request: 'scheduled' });
    site.clock.set(Date.parse('2027-06-13T12:00:00Z'));
    await bothServersRun();
    const id = (
      await site.app.db.selectFrom('bookings').select('id').where('code', '=', stay.code).executeTakeFirstOrThrow()
    ).id;
    expect(
      await site.app.db
        .selectFrom('mailOutbox')
        .select(['status', 'subject'])
        .where('key', '=', `booking:${id}:reminder`)
        .execute(),
    ).toEqual([{ status: 'cancelled', subject: '' }]);
    expect(
      await site.app.db.selectFrom('mailOutbox').select('key').where('key', '=', `booking:${id}:arrival`).execute(),
    ).toHaveLength(1);
  });

  it('keep the door instructions out of every public answer and every log line', async () => {
    const publicAnswers = await Promise.all(
      [
        '/api/booking/options?locale=en',
        '/api/booking/options?locale=pt-PT',
        '/api/reviews',
        '/api/availability?from=2027-01-01&to=2027-12-31',
        '/api/quote?checkIn=2027-03-30&checkOut=2027-04-02&guests=2',
      ].map((url) => site.app.inject({ url })),
    );
    for (const answer of publicAnswers) expect(answer.body).not.toContain('DOORSECRET');
    expect(logs.join('')).toContain('mail'); // the log was written to
    expect(logs.join('')).not.toContain('DOORSECRET');
  });
});
