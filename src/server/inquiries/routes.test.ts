import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const valid = {
  name: 'Joana Silva',
  email: 'joana@example.com',
  guests: 4,
  message: 'Is the canoe available?',
  checkIn: day(10),
  checkOut: day(14),
};

let t: TestApp;
beforeAll(async () => {
  // No SMTP_URL: inquiries wait in the outbox, which is what these tests inspect.
  t = await createTestApp({ SUBMISSIONS_PER_WINDOW: '1000' });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.deleteFrom('inquiries').execute();
});

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/inquiries', payload: payload as object });
const stored = () => t.app.db.selectFrom('inquiries').selectAll().execute();

describe('POST /api/inquiries', () => {
  it('stores the inquiry in the outbox and answers 202 {success:true,message}', async () => {
    const response = await post({ ...valid, name: '  Joana Silva ', email: ' joana@example.com ' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      success: true,
      message: "Thank you for contacting us. We'll get back to you as soon as possible.",
    });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Joana Silva',
      email: 'joana@example.com',
      guests: 4,
      message: 'Is the canoe available?',
      checkIn: valid.checkIn,
      checkOut: valid.checkOut,
      status: 'pending',
      attempts: 0,
    });
    expect(rows[0]!.messageId).toMatch(/^<inquiry-[0-9a-f-]{36}@estadia\.test>$/);
  });

  it('stores the locale of the page the inquiry came from, the default one when it does not say', async () => {
    expect((await post({ ...valid, locale: 'pt-PT' })).statusCode).toBe(202);
    expect((await post(valid)).statusCode).toBe(202);
    expect((await stored()).map((r) => r.locale).sort()).toEqual(['en', 'pt-PT']);
    for (const locale of ['fr', 'pt', '', 7]) {
      const refused = await post({ ...valid, locale });
      expect(refused.statusCode, String(locale)).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'invalid_field', field: 'locale' });
    }
    expect(await stored()).toHaveLength(2);
  });

  it('accepts the optional fields left out, and guests null', async () => {
    expect((await post({ name: 'Ana', email: 'ana@example.com' })).statusCode).toBe(202);
    expect((await post({ name: 'Ana', email: 'ana@example.com', guests: null, message: '' })).statusCode).toBe(202);
    const rows = await stored();
    expect(rows.map((r) => [r.guests, r.message, r.checkIn, r.checkOut])).toEqual([
      [null, '', null, null],
      [null, '', null, null],
    ]);
  });

  it('ignores unknown fields: a "to" or "subject" changes nothing', async () => {
    const response = await post({
      ...valid,
      to: 'attacker@evil.example',
      subject: 'hi',
      html: '<h1>x</h1>',
      attachments: [{ path: '/etc/passwd' }],
    });
    expect(response.statusCode).toBe(202);
    const [row] = await stored();
    expect(JSON.stringify(row)).not.toMatch(/evil|passwd/);
  });

  it.each([
    ['no name', { ...valid, name: undefined }, 'name'],
    ['a blank name', { ...valid, name: '   ' }, 'name'],
    ['a name of 101 characters', { ...valid, name: 'x'.repeat(101) }, 'name'],
    ['a line break in the name', { ...valid, name: 'Joana\r\nBcc: victim@example.com' }, 'name'],
    ['no email', { ...valid, email: undefined }, 'email'],
    ['an invalid email', { ...valid, email: 'not-an-address' }, 'email'],
    ['a line break in the email', { ...valid, email: 'joana@example.com\nBcc: victim@example.com' }, 'email'],
    ['guests 0', { ...valid, guests: 0 }, 'guests'],
    ['guests 8', { ...valid, guests: 8 }, 'guests'],
    ['guests 2.5', { ...valid, guests: 2.5 }, 'guests'],
    ['guests as text', { ...valid, guests: '4' }, 'guests'],
    ['a message of 5001 characters', { ...valid, message: 'm'.repeat(5001) }, 'message'],
    ['a check-in that is not a date', { ...valid, checkIn: 'tomorrow' }, 'checkIn'],
    ['a check-in of 31 February', { ...valid, checkIn: `${new Date().getUTCFullYear() + 1}-02-31` }, 'checkIn'],
    ['a check-in in another format', { ...valid, checkIn: '12/01/2030' }, 'checkIn'],
    ['a check-in in the past', { ...valid, checkIn: day(-3) }, 'checkIn'],
    ['a check-out in the past', { name: 'A', email: 'a@example.com', checkOut: day(-3) }, 'checkOut'],
    ['a check-out before the check-in', { ...valid, checkIn: day(10), checkOut: day(9) }, 'checkOut'],
    ['a check-out on the check-in day', { ...valid, checkIn: day(10), checkOut: day(10) }, 'checkOut'],
  ])('refuses %s with 400 invalid_field naming the field', async (_name, payload, field) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_field', message: expect.any(String), field } });
    expect(await stored()).toHaveLength(0);
  });

  it('accepts a check-in of today, 5000-character messages, 100-character names and guests 1 and 7', async () => {
    expect((await post({ ...valid, checkIn: day(0), checkOut: day(1) })).statusCode).toBe(202);
    expect((await post({ ...valid, name: 'n'.repeat(100), message: 'm'.repeat(5000), guests: 1 })).statusCode).toBe(
      202,
    );
    expect((await post({ ...valid, guests: 7 })).statusCode).toBe(202);
  });

  it('answers 413, 415 and 400 for oversized, non-JSON and broken bodies, in the same shape', async () => {
    const big = await post({ ...valid, message: 'm'.repeat(17 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: { code: 'payload_too_large', message: 'The request is too large' } });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      error: { code: 'unsupported_media_type', message: 'The request must be JSON (Content-Type: application/json)' },
    });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: { code: 'invalid_body', message: 'The request body is not valid JSON' } });
  });

  it('accepts a filled honeypot with 202 and stores nothing', async () => {
    const response = await post({ ...valid, website: 'http://spam.example' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ success: true });
    expect(await stored()).toHaveLength(0);
  });

  it('answers 429 rate_limited past the per-IP limit', async () => {
    const limited = await createTestApp({ SUBMISSIONS_PER_WINDOW: '2' });
    try {
      const from = (ip: string) =>
        limited.app.inject({ method: 'POST', url: '/api/inquiries', payload: valid, remoteAddress: ip });
      expect((await from('10.1.1.1')).statusCode).toBe(202);
      expect((await from('10.1.1.1')).statusCode).toBe(202);
      const refused = await from('10.1.1.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'rate_limited', message: expect.stringContaining('Too many submissions') },
      });
      expect((await from('10.1.1.2')).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });
});

describe('admin inquiries API', () => {
  it('answers 401 without a session', async () => {
    const list = await t.app.inject('/api/admin/inquiries');
    expect(list.statusCode).toBe(401);
    expect(list.json()).toEqual({ error: { code: 'unauthorized', message: 'Not logged in' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/inquiries/x/retry' })).statusCode).toBe(401);
  });

  it('lists inquiries newest first with their delivery state and the language the guest wrote in', async () => {
    await post({ ...valid, name: 'First', locale: 'pt-PT' });
    await new Promise((r) => setTimeout(r, 5));
    await post({ ...valid, name: 'Second', guests: undefined });
    const cookie = await login(t.app);
    const response = await t.app.inject({ url: '/api/admin/inquiries', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items.map((i: { name: string }) => i.name)).toEqual(['Second', 'First']);
    expect(items[0].locale).toBe('en');
    expect(items[1]).toEqual({
      id: expect.any(String),
      name: 'First',
      email: 'joana@example.com',
      guests: 4,
      message: 'Is the canoe available?',
      checkIn: valid.checkIn,
      checkOut: valid.checkOut,
      locale: 'pt-PT',
      createdAt: expect.any(String),
      status: 'pending',
      attempts: 0,
      lastError: null,
      nextAttemptAt: expect.any(String),
      sentAt: null,
      confirmed: false,
      // The demo content has prices: the quote for these 4 nights and 4 guests.
      quote: expect.objectContaining({ currency: 'EUR', nights: 4 }),
      handledAt: null,
      handledBy: null,
    });
  });

  it('retry answers 404 for an unknown id and 409 for a sent inquiry', async () => {
    const cookie = await login(t.app);
    await post(valid);
    const [row] = await stored();
    await t.app.db.updateTable('inquiries').set({ status: 'sent', sentAt: new Date().toISOString() }).execute();
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/inquiries/nope/retry', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'Inquiry not found' } });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/inquiries/${row!.id}/retry`,
      headers: { cookie },
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual({ error: { code: 'conflict', message: 'This inquiry was already sent' } });
  });
});

describe('the guest limit', () => {
  const refusal = (max: number) => ({
    error: { code: 'invalid_field', message: `Guests must be a whole number from 1 to ${max}`, field: 'guests' },
  });

  it('is the capacity of the default content: 7 are welcome, 8 are refused', async () => {
    expect((await post({ ...valid, guests: 7 })).statusCode).toBe(202);
    const refused = await post({ ...valid, guests: 8 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusal(7));
  });

  it("follows the content file's capacity, and the owner's mail shows the guests as sent", async () => {
    const sink = await SmtpSink.start();
    const other = await createTestApp({
      CONTENT_DIR: 'tests/support/fixtures/other-house',
      SMTP_URL: sink.url,
      MAIL_TO: 'owner@casa.example',
    });
    try {
      const send = (guests: number) =>
        other.app.inject({ method: 'POST', url: '/api/inquiries', payload: { ...valid, guests } });
      expect((await send(9)).statusCode).toBe(202);
      const refused = await send(10);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(refusal(9));
      const [mail] = await sink.waitFor(1);
      expect(mail!.parsed.text).toContain('Guests: 9');
    } finally {
      await other.close();
      await sink.stop();
    }
  });
});
