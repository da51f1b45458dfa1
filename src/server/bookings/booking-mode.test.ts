import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingBody, bookingContentDir } from '../../../tests/support/server/booking-site.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';

// Which mode the site is in: the content's, unless there is no way to pay, which the log says at start.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the booking mode', () => {
  it('stays in inquiry mode, saying why at start, when the content asks for bookings and nothing can take payment', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
    t = await createTestApp(
      { CONTENT_DIR: bookingContentDir({ bankTransfer: undefined }), LOG_LEVEL: 'warn' },
      { logStream },
    );
    expect(lines.join('')).toContain('booking.mode is \\"instant\\" but no payment method is set up');
    expect((await t.app.inject({ url: '/api/booking/options' })).json()).toMatchObject({
      mode: 'inquiry',
      methods: [],
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ paymentMethod: 'bank_transfer' }),
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('payments_unavailable');
  });

  it('holds nothing and charges nothing when Stripe cannot be reached: 502, the nights free again', async () => {
    t = await createTestApp({
      CONTENT_DIR: bookingContentDir(),
      STRIPE_SECRET_KEY: 'sk_test_unreachable',
      STRIPE_WEBHOOK_SECRET: 'whsec_unreachable',
      STRIPE_API_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'silent',
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ paymentMethod: 'stripe', checkIn: '2027-09-06', checkOut: '2027-09-09' }),
    });
    expect(answer.statusCode).toBe(502);
    expect(answer.json().error.code).toBe('payment_provider_error');
    expect((await t.app.inject({ url: '/api/availability?from=2027-09-01&to=2027-09-30' })).json().unavailable).toEqual(
      [],
    );
    expect(await t.app.db.selectFrom('bookings').select('status').execute()).toEqual([{ status: 'expired' }]);
    expect(await t.app.db.selectFrom('payments').select('status').execute()).toEqual([{ status: 'failed' }]);
  });

  it('takes inquiries only with the demo content, as before, and says nothing about it', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
    t = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream });
    expect(lines.join('')).not.toContain('booking.mode');
    const options = (await t.app.inject({ url: '/api/booking/options?locale=en' })).json();
    expect(options).toMatchObject({ mode: 'inquiry', methods: ['bank_transfer'] });
    expect(options.houseRules).toMatch(/^No parties or events/);
  });
});
