import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingBody, bookingContentDir } from '../../../tests/support/booking-site.js';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';

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
    t = await createTestApp({ CONTENT_DIR: bookingContentDir({ bankTransfer: undefined }), LOG_LEVEL: 'warn' }, { logStream });
    expect(lines.join('')).toContain('booking.mode is \\"instant\\" but no payment method is set up');
    expect((await t.app.inject({ url: '/api/booking/options' })).json()).toMatchObject({ mode: 'inquiry', methods: [] });
    const refused = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody({ paymentMethod: 'bank_transfer' }) });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('payments_unavailable');
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
