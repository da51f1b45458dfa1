import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { confirmedBooking, PORTUGUESE_GUEST, SIBA_LEGAL } from '../../../tests/support/server/registration-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';

// A guest link ends 90 days after the check-out, or when the owner revokes it
// (docs/decisions/0019-direct-booking.md): every `?t=` route then answers 410 `gone`.
let site: TestApp & { clock: TestClock };
let cookie: string;

beforeAll(async () => {
  site = await createBookingSite({ content: { legal: SIBA_LEGAL }, env: { SUBMISSIONS_PER_WINDOW: '1000' } });
  cookie = await login(site.app);
});
afterAll(async () => {
  await site.close();
});

const owner = (code: string, action: string) =>
  site.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${code}/${action}`,
    headers: { cookie, origin: 'http://estadia.test' },
  });

/** Every route a guest link opens, as [method, path, body]. */
const linkRoutes = (url: string) =>
  [
    ['GET', apiPathOf(url)],
    ['GET', apiPathOf(url, '/calendar.ics')],
    ['GET', apiPathOf(url, '/guests')],
    ['PUT', apiPathOf(url, '/guests/1'), PORTUGUESE_GUEST],
    ['POST', apiPathOf(url, '/pay-balance'), {}],
    ['POST', apiPathOf(url, '/cancel'), {}],
  ] as const;

async function answers(url: string) {
  const out: Array<[string, number, unknown]> = [];
  for (const [method, path, body] of linkRoutes(url)) {
    const response = await site.app.inject({ method, url: path, ...(body ? json(body) : {}) });
    out.push([
      `${method} ${path.split('?')[0]!.split('/').slice(4).join('/') || '.'}`,
      response.statusCode,
      response.json(),
    ]);
  }
  return out;
}

const seen = new Set<string>();
/** The link of the "resend link" mail of a booking that no earlier call returned. */
async function resentLink(code: string): Promise<string> {
  const { id } = await site.app.db
    .selectFrom('bookings')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const mails = await site.app.db
    .selectFrom('mailOutbox')
    .select('textBody')
    .where('key', 'like', `booking:${id}:link:%`)
    .execute();
  const links = mails
    .map((m) => /http:\/\/estadia\.test\/booking\/[\w-]+\?t=[\w-]{43}/.exec(m.textBody)?.[0])
    .filter((l): l is string => l !== undefined && !seen.has(l));
  expect(links).toHaveLength(1);
  seen.add(links[0]!);
  return links[0]!;
}

const GONE = { error: { code: 'gone', message: expect.stringContaining('ask the house for a new one') } };

describe('guest links', () => {
  it('end 90 days after the check-out, on the house calendar, on every route; a link re-sent later works 90 days more', async () => {
    // 5 to 8 April 2027: the link's last day is 6 July; from 7 July it is gone.
    const booking = await confirmedBooking(site.app, cookie);
    site.clock.set(Date.UTC(2027, 6, 6, 22, 30)); // 23:30 on 6 July in Lisbon
    const before = await site.app.inject({ url: apiPathOf(booking.url) });
    expect(before.statusCode).toBe(200);
    expect((await site.app.inject({ url: apiPathOf(booking.url, '/calendar.ics') })).statusCode).toBe(200);

    site.clock.set(Date.UTC(2027, 6, 6, 23, 30)); // 00:30 on 7 July in Lisbon
    const after = await answers(booking.url);
    expect(after.map(([route, status]) => [route, status])).toEqual([
      ['GET .', 410],
      ['GET calendar.ics', 410],
      ['GET guests', 410],
      ['PUT guests/1', 410],
      ['POST pay-balance', 410],
      ['POST cancel', 410],
    ]);
    for (const [, , body] of after) expect(body).toEqual(GONE);
    // A token that never was stays a 404, so no token can be probed.
    const forged = booking.url.replace(/t=[\w-]{43}/, `t=${'A'.repeat(43)}`);
    expect((await site.app.inject({ url: apiPathOf(forged) })).statusCode).toBe(404);

    // The owner sends a new link after the stay: it works 90 days from that day.
    expect((await owner(booking.code, 'resend-link')).statusCode).toBe(200);
    const resent = await resentLink(booking.code);
    expect((await site.app.inject({ url: apiPathOf(resent) })).json()).toMatchObject({ code: booking.code });
    site.clock.set(Date.UTC(2027, 9, 4, 22, 30)); // 23:30 on 4 October, the 89th day after 7 July
    expect((await site.app.inject({ url: apiPathOf(resent) })).statusCode).toBe(200);
    site.clock.set(Date.UTC(2027, 9, 4, 23, 30));
    expect((await site.app.inject({ url: apiPathOf(resent) })).json()).toEqual(GONE);
  });

  it('stop at once when the owner revokes them; a link re-sent then works', async () => {
    site.clock.set(Date.UTC(2027, 0, 10, 10));
    cookie = await login(site.app);
    const booking = await confirmedBooking(site.app, cookie, { checkIn: '2027-05-03', checkOut: '2027-05-06' });
    expect((await owner(booking.code, 'resend-link')).statusCode).toBe(200);
    const second = await resentLink(booking.code);
    for (const url of [booking.url, second])
      expect((await site.app.inject({ url: apiPathOf(url) })).statusCode).toBe(200);

    const revoked = await owner(booking.code, 'revoke-links');
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ code: booking.code, status: 'paid' });
    for (const url of [booking.url, second])
      expect((await answers(url)).map(([route, status, body]) => [route, status, body])).toEqual(
        linkRoutes(url).map(([method, path]) => [
          `${method} ${path.split('?')[0]!.split('/').slice(4).join('/') || '.'}`,
          410,
          GONE,
        ]),
      );
    // Nothing happened through them: the booking is still paid, not cancelled.
    const { status } = await site.app.db
      .selectFrom('bookings')
      .select('status')
      .where('code', '=', booking.code)
      .executeTakeFirstOrThrow();
    expect(status).toBe('paid');

    expect((await owner(booking.code, 'resend-link')).statusCode).toBe(200);
    const fresh = await resentLink(booking.code);
    expect(fresh).not.toBe(second);
    expect((await site.app.inject({ url: apiPathOf(fresh) })).json()).toMatchObject({
      code: booking.code,
      status: 'paid',
    });
    expect((await site.app.inject({ url: apiPathOf(second) })).statusCode).toBe(410);
    // Revoking again ends the new one too, and a booking that does not exist is a 404.
    expect((await owner(booking.code, 'revoke-links')).statusCode).toBe(200);
    expect((await site.app.inject({ url: apiPathOf(fresh) })).statusCode).toBe(410);
    expect((await owner('ABCD-EF', 'revoke-links')).statusCode).toBe(404);
  });
});
