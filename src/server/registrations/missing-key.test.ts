import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { contentEditor, contentFile } from '../../../tests/support/server/content-editor.js';
import { confirmedBooking, PORTUGUESE_GUEST } from '../../../tests/support/server/registration-site.js';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';

// A site that takes bookings without DATA_ENCRYPTION_KEY: the editor refuses to turn bookings on,
// and a server already in that state starts and says so rather than stopping
// (docs/decisions/0050-a-missing-key-never-stops-the-site.md).

let site: TestApp & { clock: TestClock };
let cookie: string;
const log: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(chunk.toString('utf8'));
      done();
    },
  });
  site = await createBookingSite({
    env: { SUBMISSIONS_PER_WINDOW: '1000', DATA_ENCRYPTION_KEY: '', LOG_LEVEL: 'warn' },
    logStream,
  });
  cookie = await login(site.app);
});
afterAll(async () => site.close());

describe('a site taking bookings without DATA_ENCRYPTION_KEY', () => {
  it('starts, logs why check-in is closed, and the readiness check blocks on it', async () => {
    expect(log.join('')).toMatch(
      /DATA_ENCRYPTION_KEY is not set: online check-in stays closed.*openssl rand -base64 32/,
    );
    const readiness = await site.app.inject({ url: '/api/admin/readiness', headers: { cookie } });
    expect(readiness.statusCode).toBe(200);
    expect(readiness.json().findings).toContainEqual({ code: 'bookings_without_data_key', level: 'block' });
  });

  it("refuses a guest's check-in with check_in_not_open and logs the reason each time", async () => {
    const booking = await confirmedBooking(site.app, cookie);
    site.clock.set(Date.UTC(2027, 2, 22, 9));
    log.length = 0;
    const put = await site.app.inject({ method: 'PUT', url: booking.guestsPath(1), ...json(PORTUGUESE_GUEST) });
    expect(put.statusCode).toBe(409);
    expect(put.json().error.code).toBe('check_in_not_open');
    expect(log.join('')).toContain('DATA_ENCRYPTION_KEY is not set: online check-in stays closed');
  });
});

describe('publishing bookings without DATA_ENCRYPTION_KEY', () => {
  it('is refused with data_key_missing, saying how to set it; inquiries alone publish', async () => {
    const inquiriesOnly = contentFile();
    inquiriesOnly.booking = { ...inquiriesOnly.booking, mode: 'inquiry' };
    const plain = await createTestApp({ DATA_ENCRYPTION_KEY: '' });
    try {
      const editor = await contentEditor(plain.app);
      const published = (await editor.state()).json().published.version as number;
      const withBookings = { ...inquiriesOnly, booking: { ...inquiriesOnly.booking, mode: 'instant' } };
      const saved = await editor.save(published, withBookings);
      expect(saved.statusCode).toBe(200);
      const refused = await editor.publish(saved.json().baseVersion);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'data_key_missing',
        message: expect.stringMatching(/DATA_ENCRYPTION_KEY.*openssl rand -base64 32/),
      });
      expect((await editor.state()).json().published.version).toBe(published);
      expect(await editor.publishContent(inquiriesOnly)).toBe(published + 1);
    } finally {
      await plain.close();
    }
  });
});
