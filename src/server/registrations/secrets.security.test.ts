import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { confirmedBooking, GERMAN_GUEST, SIBA_LEGAL } from '../../../tests/support/server/registration-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';

// A guest's document number and date of birth go to the bulletin file and nowhere else: not the
// log (at its most detailed level), the owner's mails, the calendar export or a public answer
// (docs/decisions/0027-guest-registrations-and-siba.md).

const SECRETS = [GERMAN_GUEST.documentNumber, GERMAN_GUEST.birthDate, 'X99Y00Z11', '1979-01-31'];
let site: TestApp & { clock: TestClock };
let cookie: string;
const logged: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  site = await createBookingSite({
    content: { legal: SIBA_LEGAL },
    env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com', LOG_LEVEL: 'trace' },
    logStream,
  });
  cookie = await login(site.app);
});
afterAll(async () => site?.close());

const asOwner = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  site.app.inject({
    method,
    url,
    headers: { cookie, origin: 'http://estadia.test' },
    ...(payload ? json(payload) : {}),
  });
const withoutSecrets = (text: string) => SECRETS.filter((secret) => text.includes(secret));

describe("a guest's document", () => {
  it('reaches the bulletin file only: no log line, owner mail, calendar export or public answer holds it', async () => {
    site.clock.set(Date.UTC(2027, 0, 10, 10));
    // Monday 10 May 2027; check-in opens on 26 April.
    const booking = await confirmedBooking(site.app, cookie, { checkIn: '2027-05-10', checkOut: '2027-05-12' });
    site.clock.set(Date.UTC(2027, 4, 1, 10));
    const guest = await site.app.inject({ method: 'PUT', url: booking.guestsPath(1), ...json(GERMAN_GUEST) });
    expect(guest.statusCode, guest.body).toBe(200);
    // The owner corrects the second guest at the door.
    const corrected = await asOwner('PUT', `/api/admin/registrations/${booking.code}/guests/2`, {
      ...GERMAN_GUEST,
      givenNames: 'Anna',
      documentNumber: 'X99Y00Z11',
      birthDate: '1979-01-31',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const file = await asOwner('GET', `/api/admin/registrations/${booking.code}/siba.xml?movement=arrival`);
    expect(file.statusCode).toBe(200);
    // The file holds them: the check below would find them if they leaked.
    expect(file.body).toContain('X99Y00Z11');
    expect(file.body).toContain(GERMAN_GUEST.documentNumber);

    // Past both deadlines: the owner is reminded, then told the bulletins are late.
    for (const day of [12, 14, 17]) {
      site.clock.set(Date.UTC(2027, 4, day, 9));
      await site.app.sibaJobs.runOnce();
    }
    const mails = await site.app.db.selectFrom('mailOutbox').selectAll().execute();
    expect(mails.filter((m) => m.subject.startsWith('SIBA')).length).toBeGreaterThan(0);
    expect(withoutSecrets(JSON.stringify(mails))).toEqual([]);

    const answers = [
      await site.app.inject({ url: booking.guestsPath() }),
      await site.app.inject({
        url: booking.url.replace('http://estadia.test', '').replace('/booking/', '/api/bookings/'),
      }),
      await asOwner('GET', '/api/admin/registrations'),
      await asOwner('GET', `/api/admin/bookings/${booking.code}/mails`),
    ];
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(withoutSecrets(answers.map((a) => a.body).join('\n'))).toEqual([]);
    const { exportUrl } = (await asOwner('GET', '/api/admin/calendar')).json<{ exportUrl: string }>();
    const calendar = await site.app.inject({ url: new URL(exportUrl).pathname });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.body).toContain('BEGIN:VEVENT');
    expect(withoutSecrets(calendar.body)).toEqual([]);

    const log = logged.join('');
    expect(log).toContain(`/guests/1`);
    expect(withoutSecrets(log)).toEqual([]);
  });
});
