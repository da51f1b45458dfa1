import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { BAD_DOCUMENT, FakeSiba } from '../../../tests/support/server/fake-siba.js';
import {
  confirmedBooking,
  GERMAN_GUEST,
  PORTUGUESE_GUEST,
  SIBA_LEGAL,
  sibaEnv,
} from '../../../tests/support/server/registration-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { mailsByKeyPrefix } from '../mail/outbox-data.js';

let site: TestApp & { clock: TestClock };
let fake: FakeSiba;
let cookie: string;
const MINUTE = 60_000;

beforeAll(async () => {
  fake = await FakeSiba.start();
  site = await createBookingSite({
    content: { legal: SIBA_LEGAL },
    env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com', ...sibaEnv(fake.url) },
  });
  cookie = await login(site.app);
});
afterAll(async () => {
  await site.close();
  await fake.close();
});

const headers = () => ({ cookie, origin: 'http://estadia.test' });
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  site.app.inject({ method, url, headers: headers(), ...(payload ? json(payload) : {}) });
const checkIn = async (booking: Awaited<ReturnType<typeof confirmedBooking>>, guests: object[]) => {
  for (const [i, guest] of guests.entries()) {
    const saved = await site.app.inject({ method: 'PUT', url: booking.guestsPath(i + 1), ...json(guest) });
    expect(saved.statusCode, saved.body).toBe(200);
  }
};
const lineOf = async (code: string) =>
  ((await admin('GET', '/api/admin/registrations')).json().items as Array<Record<string, never>>).find(
    (i) => i.bookingCode === code,
  );
const accepted = (surname: string) => fake.accepted.filter((f) => f.xml.includes(surname));

describe('the SIBA bulletins', () => {
  it('lists the booking, gives the file for the portal, and the job sends the arrival once, on its day', async () => {
    site.clock.set(Date.UTC(2027, 0, 10, 10));
    // Monday 5 April 2027 to Thursday 8 April.
    const booking = await confirmedBooking(site.app, cookie);
    site.clock.set(Date.UTC(2027, 2, 25, 10));
    await checkIn(booking, [PORTUGUESE_GUEST, GERMAN_GUEST]);
    expect(await lineOf(booking.code)).toMatchObject({
      checkIn: '2027-04-05',
      checkOut: '2027-04-08',
      guestsDue: 2,
      guestsComplete: 2,
      arrival: { dueBy: '2027-04-08', state: 'not_due' },
      departure: { dueBy: '2027-04-13', state: 'not_due' },
    });
    const file = await admin('GET', `/api/admin/registrations/${booking.code}/siba.xml?movement=arrival`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/xml/);
    expect(file.body).toContain('<MovimentoBAL xmlns="http://sef.pt/BAws">');
    expect(file.body).toContain('<Apelido>Müller-Lüdenscheidt</Apelido>');
    // Only the guests who are not Portuguese are reported.
    expect(file.body).not.toContain('Ávila');
    expect((await site.app.bookingJobs.runOnce()) && (await site.app.sibaJobs.runOnce())).toMatchObject({ sent: 0 });
    expect(fake.requests).toBe(0);

    site.clock.set(Date.UTC(2027, 3, 5, 16));
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ sent: 1 });
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ sent: 0 });
    expect(accepted('Müller-Lüdenscheidt')).toHaveLength(1);
    expect(fake.accepted[0]).toMatchObject({
      unit: '123456789',
      establishment: '00',
      accessKey: 'secret-siba-access-key',
    });
    const line = await lineOf(booking.code);
    expect(line).toMatchObject({ arrival: { state: 'sent', sentVia: 'web_service' }, departure: { state: 'not_due' } });
    const stored = await site.app.db
      .selectFrom('sibaBulletins')
      .selectAll()
      .where('movement', '=', 'arrival')
      .execute();
    expect(stored[0]).toMatchObject({ status: 'sent', sha256: fake.accepted[0]!.sha256 });
    expect(stored[0]!.answer).toContain('<EntregaBoletinsAlojamentoResult>0<');

    // The departure, uploaded by the owner to the portal.
    const marked = await admin('POST', `/api/admin/registrations/${booking.code}/mark-sent`, { movement: 'departure' });
    expect(marked.json()).toMatchObject({ movement: 'departure', state: 'sent' });
    expect(await lineOf(booking.code)).toMatchObject({ departure: { state: 'sent', sentVia: 'portal' } });
  });

  it("keeps SIBA's refusal for the owner, who corrects the guest and sends again; reminders the day before and when overdue", async () => {
    site.clock.set(Date.UTC(2027, 0, 10, 10));
    // Monday 10 May 2027.
    const booking = await confirmedBooking(site.app, cookie, { checkIn: '2027-05-10', checkOut: '2027-05-12' });
    site.clock.set(Date.UTC(2027, 4, 1, 10));
    await checkIn(booking, [
      { ...GERMAN_GUEST, surname: 'Schmidt' },
      { ...GERMAN_GUEST, surname: 'Bauer', documentNumber: BAD_DOCUMENT },
    ]);
    site.clock.set(Date.UTC(2027, 4, 10, 7));
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ rejected: 1 });
    expect(await lineOf(booking.code)).toMatchObject({
      arrival: {
        state: 'due',
        dueBy: '2027-05-13',
        error: { code: '32', line: 2, text: 'Documento de identificação inválido' },
      },
    });
    // A refused bulletin waits for the owner: the job does not send it again.
    const before = fake.requests;
    await site.app.sibaJobs.runOnce();
    expect(fake.requests).toBe(before);

    site.clock.set(Date.UTC(2027, 4, 12, 9));
    await site.app.sibaJobs.runOnce();
    await site.app.sibaJobs.runOnce();
    site.clock.set(Date.UTC(2027, 4, 14, 9));
    await site.app.sibaJobs.runOnce();
    site.clock.set(Date.UTC(2027, 4, 17, 9));
    await site.app.sibaJobs.runOnce();
    const mails = (await mailsByKeyPrefix(site.app.db, 'booking:')).filter(
      (m) => m.subject.startsWith('SIBA') && m.subject.includes(booking.code),
    );
    expect(mails.map((m) => m.subject)).toEqual([
      // 12 May, the working day before 13 May.
      `SIBA arrival bulletin due by 13 May 2027: ${booking.code}`,
      // Friday 14 May: the arrival is late, the departure (12 May) is due by Monday 17.
      `SIBA arrival bulletin overdue since 13 May 2027: ${booking.code}`,
      `SIBA departure bulletin due by 17 May 2027: ${booking.code}`,
      // Monday 17 May: late again, one mail a morning.
      `SIBA arrival bulletin overdue since 13 May 2027: ${booking.code}`,
    ]);
    // The subject and the body name the same deadline: Friday's reminder is for Monday, not "tomorrow".
    const { textBody } = await site.app.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('key', '=', mails[2]!.key)
      .executeTakeFirstOrThrow();
    expect(textBody).toContain(
      "The SIBA bulletin of this booking's departure (12 May 2027) must reach SIBA by 17 May 2027",
    );
    expect(textBody).toContain(`/admin/bookings/${booking.code}`);

    const corrected = await admin('PUT', `/api/admin/registrations/${booking.code}/guests/2`, {
      ...GERMAN_GUEST,
      surname: 'Bauer',
      documentNumber: 'C22Y00T11',
    });
    expect(corrected.json()).toEqual({ index: 2, complete: true });
    const sent = await admin('POST', `/api/admin/registrations/${booking.code}/send`, { movement: 'arrival' });
    expect(sent.json()).toMatchObject({ movement: 'arrival', state: 'sent', error: null });
    expect(accepted('Bauer')).toHaveLength(1);
    expect(accepted('Bauer')[0]!.xml).toContain('C22Y00T11');
  });

  it('tries again after a 503 and an HTML page, backing off, and sends once', async () => {
    site.clock.set(Date.UTC(2027, 0, 10, 10));
    const booking = await confirmedBooking(site.app, cookie, { checkIn: '2027-06-07', checkOut: '2027-06-09' });
    site.clock.set(Date.UTC(2027, 5, 1, 10));
    await checkIn(booking, [{ ...GERMAN_GUEST, surname: 'Weber' }, PORTUGUESE_GUEST]);
    fake.failNext('503', 'html');
    site.clock.set(Date.UTC(2027, 5, 7, 12));
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ retrying: 1 });
    // Not before its next try: a minute later.
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ retrying: 1, sent: 0 });
    expect(fake.requests).toBeGreaterThan(0);
    site.clock.advance(MINUTE);
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ retrying: 1 });
    site.clock.advance(MINUTE);
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ sent: 0 });
    site.clock.advance(MINUTE);
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ sent: 1 });
    expect(accepted('Weber')).toHaveLength(1);
    const row = await site.app.db.selectFrom('sibaBulletins').selectAll().where('status', '=', 'sent').execute();
    expect(row.find((r) => r.attempts === 2)).toBeDefined();
  });

  it('refuses a movement that is neither arrival nor departure, and a booking that does not exist', async () => {
    const bad = await admin('POST', '/api/admin/registrations/ABCD-EF/send', { movement: 'both' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('movement');
    const missing = await admin('POST', '/api/admin/registrations/ABCD-EF/send', { movement: 'arrival' });
    expect(missing.statusCode).toBe(404);
  });
});
