import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingSite, testClock, type TestClock } from '../../../tests/support/server/booking-site.js';
import { FakeSiba } from '../../../tests/support/server/fake-siba.js';
import {
  confirmedBooking,
  GERMAN_GUEST,
  SIBA_LEGAL,
  sibaEnv,
} from '../../../tests/support/server/registration-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';

// SIBA's test service answers as production does but reports nobody: what it takes is never
// counted as reported (docs/decisions/0027-guest-registrations-and-siba.md).
let site: TestApp & { clock: TestClock };
let fake: FakeSiba;
let cookie: string;
const log: string[] = [];
const clock = testClock();

beforeAll(async () => {
  fake = await FakeSiba.start();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(chunk.toString('utf8'));
      done();
    },
  });
  site = await createBookingSite({
    clock,
    content: { legal: SIBA_LEGAL },
    env: {
      SUBMISSIONS_PER_WINDOW: '1000',
      MAIL_TO: 'owner@example.com',
      LOG_LEVEL: 'warn',
      ...sibaEnv(fake.testUrl),
    },
    logStream,
  });
  cookie = await login(site.app);
});
afterAll(async () => {
  await site.close();
  await fake.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  site.app.inject({
    method,
    url,
    headers: { cookie, origin: 'http://estadia.test' },
    ...(payload ? json(payload) : {}),
  });
const statusOf = async (movement: 'arrival' | 'departure') =>
  (await site.app.db.selectFrom('sibaBulletins').select('status').where('movement', '=', movement).execute()).map(
    (r) => r.status,
  );

describe("SIBA's test service", () => {
  it("is named by a warning at start and on the owner's list; what it takes is never marked reported and stays due", async () => {
    const warnings = log.filter((line) => line.includes("SIBA_URL is SIBA's test service"));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
    expect(warnings[0]).toContain('https://siba.ssi.gov.pt/baws/boletinsalojamento.asmx');

    // Monday 5 April 2027 to Thursday 8 April.
    const booking = await confirmedBooking(site.app, cookie, { guests: 1 });
    clock.set(Date.UTC(2027, 2, 25, 10));
    const saved = await site.app.inject({ method: 'PUT', url: booking.guestsPath(1), ...json(GERMAN_GUEST) });
    expect(saved.statusCode, saved.body).toBe(200);

    clock.set(Date.UTC(2027, 3, 5, 16));
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ sent: 0, testAccepted: 1 });
    expect(fake.accepted.map((f) => f.service)).toEqual(['test']);
    expect(await statusOf('arrival')).toEqual(['test_accepted']);
    // Not sent to the test service again and again.
    const requests = fake.requests;
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ sent: 0, testAccepted: 0 });
    expect(fake.requests).toBe(requests);

    const list = (await admin('GET', '/api/admin/registrations')).json();
    expect(list.service).toBe('test');
    expect(list.items[0].arrival).toMatchObject({
      state: 'due',
      sentAt: null,
      sentVia: null,
      testAcceptedAt: '2027-04-05T16:00:00.000Z',
    });

    // The owner's "Send" goes to the test service too, and says so.
    const sent = await admin('POST', `/api/admin/registrations/${booking.code}/send`, { movement: 'arrival' });
    expect(sent.json()).toMatchObject({ movement: 'arrival', state: 'test_accepted' });
    expect(fake.accepted).toHaveLength(2);

    // Past its deadline (Thursday 8 April) it is overdue, and the owner is told why.
    clock.set(Date.UTC(2027, 3, 9, 9));
    await site.app.sibaJobs.runOnce();
    expect((await admin('GET', '/api/admin/registrations')).json().items[0].arrival.state).toBe('overdue');
    const overdue = await site.app.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('subject', 'like', 'SIBA arrival bulletin overdue%')
      .execute();
    expect(overdue).toHaveLength(1);
    expect(overdue[0]!.textBody).toContain("SIBA's test service took it, which reports nobody");
    expect(await statusOf('arrival')).toEqual(['test_accepted']);
  });

  it('sends what the test service took again, for real, once SIBA_URL names production', async () => {
    const production = await createBookingSite({
      clock,
      content: { legal: SIBA_LEGAL },
      env: { SUBMISSIONS_PER_WINDOW: '1000', ...sibaEnv(fake.url), DATABASE_URL: site.databaseUrl },
    });
    try {
      expect(await production.app.sibaJobs.runOnce()).toMatchObject({ sent: 2 });
      expect(fake.accepted.map((f) => f.service)).toEqual(['test', 'test', 'test', 'production', 'production']);
      expect(await statusOf('arrival')).toEqual(['sent']);
      const line = (
        await production.app.inject({
          method: 'GET',
          url: '/api/admin/registrations',
          headers: { cookie: await login(production.app), origin: 'http://estadia.test' },
        })
      ).json();
      expect(line).toMatchObject({
        service: 'production',
        items: [{ arrival: { state: 'sent', testAcceptedAt: null } }],
      });
    } finally {
      await production.close();
    }
  });
});
