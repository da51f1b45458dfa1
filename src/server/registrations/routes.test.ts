import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { confirmedBooking, GERMAN_GUEST, PORTUGUESE_GUEST } from '../../../tests/support/server/registration-site.js';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { loadConfig } from '../config.js';
import { databaseKind } from '../db/dialect.js';
import { bookingContentDir } from '../../../tests/support/server/booking-site.js';

let site: TestApp & { clock: TestClock };
let cookie: string;

beforeAll(async () => {
  site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000' } });
  cookie = await login(site.app);
});
afterAll(async () => site.close());

const put = (path: string, payload: object) => site.app.inject({ method: 'PUT', url: path, ...json(payload) });

describe('online check-in', () => {
  it('opens 14 days before the arrival, asks a Portuguese guest for the name only and any other for the bulletin', async () => {
    const booking = await confirmedBooking(site.app, cookie);
    const before = await site.app.inject({ url: booking.guestsPath() });
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json()).toEqual({
      opensAt: '2027-03-22',
      guests: [
        { index: 1, nationality: null, complete: false, saved: null },
        { index: 2, nationality: null, complete: false, saved: null },
      ],
    });
    const early = await put(booking.guestsPath(1), PORTUGUESE_GUEST);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('check_in_not_open');

    site.clock.set(Date.UTC(2027, 2, 22, 9));
    expect((await put(booking.guestsPath(1), PORTUGUESE_GUEST)).json()).toEqual({ index: 1, complete: true });
    const missing = await put(booking.guestsPath(2), { ...GERMAN_GUEST, documentNumber: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'invalid_field', field: 'documentNumber' });
    const badCountry = await put(booking.guestsPath(2), { ...GERMAN_GUEST, nationality: 'DE' });
    expect(badCountry.json().error).toMatchObject({ code: 'invalid_field', field: 'nationality' });
    expect((await put(booking.guestsPath(2), GERMAN_GUEST)).json()).toEqual({ index: 2, complete: true });
    const third = await put(booking.guestsPath(3), GERMAN_GUEST);
    expect(third.statusCode).toBe(400);
    expect(third.json().error.field).toBe('index');

    const after = (await site.app.inject({ url: booking.guestsPath() })).json();
    // A reloaded page shows each saved guest's part again, but what is sealed stays sealed.
    expect(after.guests).toEqual([
      {
        index: 1,
        nationality: 'PRT',
        complete: true,
        saved: {
          surname: PORTUGUESE_GUEST.surname,
          givenNames: PORTUGUESE_GUEST.givenNames,
          birthPlace: null,
          documentType: null,
          documentCountry: null,
          residenceCountry: null,
          residenceTown: null,
        },
      },
      {
        index: 2,
        nationality: 'DEU',
        complete: true,
        saved: {
          surname: GERMAN_GUEST.surname,
          givenNames: GERMAN_GUEST.givenNames,
          birthPlace: GERMAN_GUEST.birthPlace,
          documentType: GERMAN_GUEST.documentType,
          documentCountry: GERMAN_GUEST.documentCountry,
          residenceCountry: GERMAN_GUEST.residenceCountry,
          residenceTown: GERMAN_GUEST.residenceTown,
        },
      },
    ]);
    // The public answers never carry a guest's document or birth date.
    expect(JSON.stringify(after)).not.toContain(GERMAN_GUEST.documentNumber);
    expect(JSON.stringify(after)).not.toContain(GERMAN_GUEST.birthDate);
  });

  it('answers 404 for a wrong token, the same as for the booking', async () => {
    const booking = await confirmedBooking(site.app, cookie, { checkIn: '2027-05-05', checkOut: '2027-05-08' });
    const wrong = booking.guestsPath().replace(/t=[\w-]{43}/, `t=${'A'.repeat(43)}`);
    expect((await site.app.inject({ url: wrong })).statusCode).toBe(404);
    expect((await put(wrong.replace('/guests', '/guests/1'), PORTUGUESE_GUEST)).statusCode).toBe(404);
  });
});

describe("the guests' documents at rest", () => {
  it('are encrypted: the SQLite file holds no document number or birth date in clear', async () => {
    if (databaseKind(site.databaseUrl) !== 'sqlite') {
      // On PostgreSQL the same rows are read back through SQL.
      const rows = await site.app.db.selectFrom('guestRegistrations').selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain('C01X00T47');
      expect(JSON.stringify(rows)).not.toContain('1980-05-17');
      return;
    }
    // Everything written reaches the file itself, not only its write-ahead log.
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(site.app.db);
    const bytes = readFileSync(site.databaseUrl.slice('file:'.length));
    expect(bytes.includes('Müller-Lüdenscheidt')).toBe(true);
    expect(bytes.includes('C01X00T47')).toBe(false);
    expect(bytes.includes('1980-05-17')).toBe(false);
  });

  it('a start with another key, or without one while registrations are stored, stops and names DATA_ENCRYPTION_KEY', async () => {
    const content = bookingContentDir();
    await expect(
      createTestApp({
        DATABASE_URL: site.databaseUrl,
        CONTENT_DIR: content,
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      }),
    ).rejects.toThrow(/DATA_ENCRYPTION_KEY: is not the key/);
    await expect(
      createTestApp({ DATABASE_URL: site.databaseUrl, CONTENT_DIR: content, DATA_ENCRYPTION_KEY: '' }),
    ).rejects.toThrow(/DATA_ENCRYPTION_KEY: is required: guests' registrations are stored/);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'short' })).toThrow(/DATA_ENCRYPTION_KEY: must be 32 random bytes/);
  });
});
