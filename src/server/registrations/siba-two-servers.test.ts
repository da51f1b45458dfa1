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

// Two servers on one database (on PostgreSQL in its run): their jobs and the owner's "Send" on
// both, all at once, report each bulletin once.
let a: TestApp & { clock: TestClock };
let b: TestApp & { clock: TestClock };
let fake: FakeSiba;
const clock = testClock();

beforeAll(async () => {
  fake = await FakeSiba.start();
  const options = {
    clock,
    content: { legal: SIBA_LEGAL },
    env: { SUBMISSIONS_PER_WINDOW: '1000', ...sibaEnv(fake.url) },
  };
  a = await createBookingSite(options);
  b = await createBookingSite({ ...options, env: { ...options.env, DATABASE_URL: a.databaseUrl } });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await fake.close();
});

describe('the SIBA bulletins on two servers', () => {
  it('are each sent exactly once, however many runs and sends race', async () => {
    const cookieA = await login(a.app);
    const cookieB = await login(b.app);
    const surnames = ['Fischer', 'Wagner', 'Becker'];
    const codes: string[] = [];
    for (const [i, surname] of surnames.entries()) {
      clock.set(Date.UTC(2027, 0, 10, 10));
      const booking = await confirmedBooking(a.app, cookieA, {
        checkIn: `2027-0${i + 4}-05`,
        checkOut: `2027-0${i + 4}-09`,
        guests: 1,
      });
      clock.set(Date.UTC(2027, i + 2, 25, 10));
      const saved = await b.app.inject({
        method: 'PUT',
        url: booking.guestsPath(1),
        ...json({ ...GERMAN_GUEST, surname }),
      });
      expect(saved.statusCode).toBe(200);
      codes.push(booking.code);
    }
    fake.failNext('503');
    clock.set(Date.UTC(2027, 5, 10, 10));
    const send = (app: TestApp, cookie: string, code: string) =>
      app.app.inject({
        method: 'POST',
        url: `/api/admin/registrations/${code}/send`,
        headers: { cookie, origin: 'http://estadia.test' },
        ...json({ movement: 'arrival' }),
      });
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        a.app.sibaJobs.runOnce(),
        b.app.sibaJobs.runOnce(),
        ...codes.flatMap((code) => [send(a, cookieA, code), send(b, cookieB, code)]),
      ]);
      clock.advance(5 * 60_000);
    }
    // Each stay is over by then: its arrival and its departure are reported, each in one file.
    for (const surname of surnames) {
      const files = fake.accepted.filter((f) => f.xml.includes(`<Apelido>${surname}</Apelido>`));
      const numbers = files.map((f) => /<Numero_Ficheiro>(\d+)</.exec(f.xml)?.[1]);
      expect(numbers, surname).toHaveLength(2);
      expect(new Set(numbers).size, surname).toBe(2);
    }
    const rows = await a.app.db.selectFrom('sibaBulletins').selectAll().execute();
    expect(rows.map((r) => `${r.movement}:${r.status}`).sort()).toEqual([
      'arrival:sent',
      'arrival:sent',
      'arrival:sent',
      'departure:sent',
      'departure:sent',
      'departure:sent',
    ]);
    expect(new Set(rows.map((r) => r.sha256)).size).toBe(6);
  });
});
