import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';

// Verified stays: the day after check-out a completed booking's guest is invited, once, by a link
// that makes one review, for 30 days; and the owner's public replies.

let site: TestApp & { clock: TestClock };
let cookie: string;
const DAY = 86_400_000;

beforeAll(async () => {
  site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com' } });
  cookie = await login(site.app);
});
afterAll(async () => site.close());

const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  site.app.inject({
    method,
    url,
    headers: { cookie, origin: 'http://estadia.test' },
    ...(payload ? json(payload) : {}),
  });
const at = (day: string) => site.clock.set(Date.parse(`${day}T10:00:00Z`));
const publicReviews = async () =>
  (await site.app.inject({ url: '/api/reviews?limit=50' })).json().items as Array<Record<string, unknown>>;

/** A stay booked, paid in full by transfer, lived and over: completed the day of its check-out. */
async function completedStay(checkIn: string, checkOut: string, name = 'Ana Silva') {
  at('2027-01-10');
  const created = await book(site.app, { paymentMethod: 'bank_transfer', checkIn, checkOut, name });
  const { totalCents } = (await site.app.inject({ url: apiPathOf(created.body.bookingUrl) })).json();
  expect(
    (await admin('POST', `/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: totalCents })).json()
      .status,
  ).toBe('paid');
  at(checkOut);
  await site.app.bookingJobs.runOnce();
  return created.body;
}

/** The review link of the booking's thank-you mail (not sent: no SMTP here, so its body is kept). */
async function invitationToken(code: string): Promise<string> {
  const booking = await site.app.db
    .selectFrom('bookings')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const mail = await site.app.db
    .selectFrom('mailOutbox')
    .select(['textBody', 'subject'])
    .where('key', '=', `booking:${booking.id}:review-request`)
    .executeTakeFirstOrThrow();
  expect(mail.subject).toBe('Thank you for staying at Casa do Lago');
  const token = /\?review=([\w-]{43})#reviews/.exec(mail.textBody)?.[1];
  if (!token) throw new Error('no review link in the mail');
  return token;
}

describe('a verified-stay review', () => {
  it('is asked for the day after check-out, once, and its link makes one review of that stay', async () => {
    const stay = await completedStay('2027-04-05', '2027-04-08');
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ reviewsAsked: 0 });
    at('2027-04-09');
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ reviewsAsked: 1 });
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ reviewsAsked: 0 });
    const token = await invitationToken(stay.code);

    expect((await site.app.inject({ url: `/api/review-invitations/${token}` })).json()).toEqual({
      firstName: 'Ana',
      stayMonth: '2027-04',
    });
    const review = { clientName: 'Ana', rating: 5, comment: 'The lake at dawn!', invitation: token };
    expect((await site.app.inject({ method: 'POST', url: '/api/reviews', ...json(review) })).statusCode).toBe(201);
    const again = await site.app.inject({
      method: 'POST',
      url: '/api/reviews',
      ...json({ ...review, comment: 'Twice?' }),
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatchObject({ code: 'gone', field: 'invitation' });
    expect((await site.app.inject({ url: `/api/review-invitations/${token}` })).statusCode).toBe(410);

    const [stored] = await site.app.db
      .selectFrom('reviews')
      .select(['id', 'verified', 'stayMonth'])
      .where('comment', '=', 'The lake at dawn!')
      .execute();
    expect(stored).toMatchObject({ verified: 1, stayMonth: '2027-04' });
    expect(await publicReviews()).toEqual([]);
    await admin('POST', `/api/admin/reviews/${stored!.id}/approve`);
    expect((await publicReviews())[0]).toMatchObject({
      comment: 'The lake at dawn!',
      verified: true,
      stayMonth: '2027-04',
      reply: null,
    });
  });

  it('stops working after 30 days, and a link that is no invitation is a 404', async () => {
    const stay = await completedStay('2027-05-03', '2027-05-06', 'Bruno Costa');
    at('2027-05-07');
    await site.app.bookingJobs.runOnce();
    const token = await invitationToken(stay.code);
    site.clock.advance(30 * DAY + 1000);
    expect((await site.app.inject({ url: `/api/review-invitations/${token}` })).statusCode).toBe(410);
    expect(
      (
        await site.app.inject({
          method: 'POST',
          url: '/api/reviews',
          ...json({ clientName: 'Bruno', rating: 4, comment: 'Late', invitation: token }),
        })
      ).statusCode,
    ).toBe(410);
    expect((await site.app.inject({ url: `/api/review-invitations/${'B'.repeat(43)}` })).statusCode).toBe(404);
    expect(
      (
        await site.app.inject({
          method: 'POST',
          url: '/api/reviews',
          ...json({ clientName: 'X', rating: 4, comment: 'Forged', invitation: 'B'.repeat(43) }),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      await site.app.db.selectFrom('reviews').select('id').where('comment', 'in', ['Late', 'Forged']).execute(),
    ).toEqual([]);
  });

  it('is never asked of a cancelled booking, and a review without a link never shows the badge', async () => {
    at('2027-01-10');
    const cancelled = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-06-07',
      checkOut: '2027-06-10',
      name: 'Carla Dias',
    });
    await site.app.inject({ method: 'POST', url: apiPathOf(cancelled.body.bookingUrl, '/cancel') });
    at('2027-06-11');
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ reviewsAsked: 0 });

    await site.app.inject({
      method: 'POST',
      url: '/api/reviews',
      ...json({ clientName: 'Walk-in', rating: 3, comment: 'Passing by' }),
    });
    const [plain] = await site.app.db.selectFrom('reviews').select('id').where('comment', '=', 'Passing by').execute();
    await admin('POST', `/api/admin/reviews/${plain!.id}/approve`);
    expect((await publicReviews()).find((r) => r.comment === 'Passing by')).toMatchObject({
      verified: false,
      stayMonth: null,
    });
  });
});

describe("the owner's reply", () => {
  it('is written, replaced and removed on an approved review, and shows under it', async () => {
    const [review] = await site.app.db
      .selectFrom('reviews')
      .select('id')
      .where('comment', '=', 'The lake at dawn!')
      .execute();
    expect(
      (await admin('PUT', `/api/admin/reviews/${review!.id}/reply`, { text: '  Thank you, Ana!  ' })).statusCode,
    ).toBe(204);
    expect((await publicReviews()).find((r) => r.id === review!.id)?.reply).toEqual({
      text: 'Thank you, Ana!',
      at: expect.any(String),
    });
    await admin('PUT', `/api/admin/reviews/${review!.id}/reply`, { text: 'Obrigado, Ana!' });
    expect(((await publicReviews()).find((r) => r.id === review!.id)?.reply as { text: string }).text).toBe(
      'Obrigado, Ana!',
    );
    expect((await admin('DELETE', `/api/admin/reviews/${review!.id}/reply`)).statusCode).toBe(204);
    expect((await publicReviews()).find((r) => r.id === review!.id)?.reply).toBeNull();
    expect((await admin('PUT', `/api/admin/reviews/${review!.id}/reply`, { text: '' })).statusCode).toBe(400);
  });

  it('is refused on a review not approved', async () => {
    await site.app.inject({
      method: 'POST',
      url: '/api/reviews',
      ...json({ clientName: 'Pending', rating: 2, comment: 'Not yet' }),
    });
    const [pending] = await site.app.db.selectFrom('reviews').select('id').where('comment', '=', 'Not yet').execute();
    expect((await admin('PUT', `/api/admin/reviews/${pending!.id}/reply`, { text: 'Hello' })).statusCode).toBe(404);
    expect(
      (
        await site.app.inject({
          method: 'PUT',
          url: `/api/admin/reviews/${pending!.id}/reply`,
          ...json({ text: 'Hello' }),
        })
      ).statusCode,
    ).toBe(401);
  });
});
