import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPathOf,
  book,
  createBookingSite,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  testClock,
} from '../../../tests/support/server/booking-site.js';
import { FakeStripe, type RecordedRequest } from '../../../tests/support/server/fake-stripe.js';
import { listenForStripeWebhooks } from '../../../tests/support/server/stripe-webhooks.js';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { cancelBooking } from '../bookings/cancel-booking.js';
import { findBookingByCode } from '../stay-record/bookings-data.js';
import { mailsByKeyPrefix } from '../mail/outbox-data.js';

// The money paths that must never lose or double a euro: balance charges whose answer is lost,
// a balance paid two ways, refunds and disputes made in Stripe's dashboard, a refund older than
// Stripe's memory of its key. The real stripe SDK against the fake Stripe on loopback, each test
// on a site of its own (a fresh database), so no other booking's charge crosses its path.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2027, 0, 10, 10);
// A lost answer costs the SDK's two retries with their back-off (about 1.5 s) on a busy machine.
vi.setConfig({ testTimeout: 40_000 });

let stripe: FakeStripe;
let site: TestApp & { clock: ReturnType<typeof testClock> };
const clock = testClock(START);

beforeAll(async () => {
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
});
afterAll(async () => {
  await stripe?.stop();
});
beforeEach(async () => {
  clock.set(START);
  Object.assign(stripe, { autoWebhooks: true, holdEvents: false, nextOffSession: 'succeeded' });
  stripe.held.splice(0);
  site = await createBookingSite({
    clock,
    stripeUrl: stripe.baseUrl,
    env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com' },
  });
  await listenForStripeWebhooks(site.app, stripe);
});
afterEach(async () => {
  stripe.holdEvents = false;
  stripe.held.splice(0);
  await site?.close();
});

const sessionOf = (url: string | undefined) => (url ?? '').split('/').at(-1) as string;
const view = async (bookingUrl: string) => (await site.app.inject({ url: apiPathOf(bookingUrl) })).json();
const row = (code: string) =>
  site.app.db.selectFrom('bookings').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const paymentsOf = async (code: string) =>
  site.app.db
    .selectFrom('payments')
    .selectAll()
    .where('bookingId', '=', (await row(code)).id)
    .orderBy('createdAt')
    .execute();
const subjects = async (code: string) =>
  (await mailsByKeyPrefix(site.app.db, 'booking:')).filter((m) => m.subject.includes(code)).map((m) => m.subject);
const count = (all: string[], subject: string) => all.filter((s) => s === subject).length;
const chargesOf = (bookingId: string) =>
  stripe.requests.filter(
    (r: RecordedRequest) =>
      r.method === 'POST' &&
      r.path === '/v1/payment_intents' &&
      (r.body.metadata as { bookingId?: string } | undefined)?.bookingId === bookingId,
  );
const dueDay = (balanceDueOn: string) => Date.parse(`${balanceDueOn}T09:00:00Z`);
const admin = async (code: string) => {
  const cookie = await login(site.app);
  const list = await site.app.inject({ url: '/api/admin/bookings?status=upcoming&limit=100', headers: { cookie } });
  return list.json().items.find((b: { code: string }) => b.code === code);
};
const markTransfer = async (code: string, amountCents: number) => {
  const answer = await site.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${code}/mark-paid`,
    headers: { cookie: await login(site.app), origin: 'http://estadia.test' },
    ...json({ amountCents }),
  });
  expect(answer.statusCode).toBe(200);
};

/** A stay in 2028 with its deposit paid by `method`: confirmed, its balance of 295.40 € due 30 days before. */
async function confirmed(method: 'card' | 'mb_way' = 'card') {
  const created = await book(site.app, { checkIn: '2028-03-06', checkOut: '2028-03-09' });
  await stripe.completeSession(sessionOf(created.body.checkoutUrl), method);
  const seen = await view(created.body.bookingUrl);
  expect(seen).toMatchObject({ status: 'confirmed', paidCents: 12_660, totalCents: 42_200 });
  const booking = await row(created.body.code);
  return { ...created.body, id: booking.id, balanceDueOn: seen.balanceDueOn as string };
}

describe('a balance charge whose outcome is unknown', () => {
  it('keeps its row when the answer times out after Stripe charged, asks again with the same key, and counts it once', async () => {
    const booking = await confirmed();
    stripe.holdEvents = true;
    stripe.loseNextAnswer('/v1/payment_intents', 'timeout');
    clock.set(dueDay(booking.balanceDueOn));
    await site.app.bookingJobs.runOnce();
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'balance_due', paidCents: 12_660 });
    const [, kept] = await paymentsOf(booking.code);
    expect(kept).toMatchObject({ kind: 'balance', status: 'pending', stripePaymentIntent: null });
    expect(stripe.intentsWith({ bookingId: booking.id, kind: 'balance' })).toHaveLength(1);

    clock.advance(5 * MINUTE);
    await site.app.bookingJobs.runOnce();
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'paid', paidCents: 42_200, dueCents: 0 });
    // Every attempt was the same request: the same payment id and key, so Stripe answered with the charge it made.
    const attempts = chargesOf(booking.id);
    expect(attempts.length).toBeGreaterThanOrEqual(4);
    expect(new Set(attempts.map((r) => r.idempotencyKey))).toEqual(new Set([`${booking.id}:balance:off-session`]));
    expect(new Set(attempts.map((r) => (r.body.metadata as { paymentId: string }).paymentId))).toEqual(
      new Set([kept!.id]),
    );
    expect(attempts.at(-1)?.replayed).toBe(true);
    expect(stripe.intentsWith({ bookingId: booking.id, kind: 'balance' })).toHaveLength(1);

    // Its events, late, twice and out of order, change nothing.
    expect(await stripe.releaseEvents({ reverse: true, twice: true })).toEqual([200, 200]);
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'paid', paidCents: 42_200 });
    expect((await paymentsOf(booking.code)).map((p) => [p.kind, p.status])).toEqual([
      ['deposit', 'succeeded'],
      ['balance', 'succeeded'],
    ]);
    expect(count(await subjects(booking.code), `Payment received: €295.40 (${booking.code})`)).toBe(1);
  });

  it('after a 5xx looks the charge up among the customer’s intents by its metadata, never posts the same key again, and counts it once', async () => {
    const booking = await confirmed();
    stripe.holdEvents = true;
    stripe.loseNextAnswer('/v1/payment_intents', 'error500');
    clock.set(dueDay(booking.balanceDueOn));
    await site.app.bookingJobs.runOnce();
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'balance_due', paidCents: 12_660 });
    expect((await paymentsOf(booking.code))[1]).toMatchObject({ status: 'pending', stripePaymentIntent: null });
    const posted = chargesOf(booking.id).length;
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/payment_intents')).toBe(false);

    clock.advance(5 * MINUTE);
    await site.app.bookingJobs.runOnce();
    // The key would only replay its 500: Stripe's list of the customer's intents answered instead.
    expect(chargesOf(booking.id)).toHaveLength(posted);
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/payment_intents')).toBe(true);
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'paid', paidCents: 42_200, dueCents: 0 });
    expect(stripe.intentsWith({ bookingId: booking.id, kind: 'balance' })).toHaveLength(1);

    // The event Stripe sent at the charge arrives late, twice: counted once.
    expect(await stripe.releaseEvents({ twice: true })).toEqual([200, 200]);
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'paid', paidCents: 42_200 });
    expect(count(await subjects(booking.code), `Payment received: €295.40 (${booking.code})`)).toBe(1);
  });

  it('after a 5xx with nothing charged, opens no balance page while the charge is unknown, and after a day gives the guest a link', async () => {
    const booking = await confirmed();
    stripe.loseNextAnswer('/v1/payment_intents', 'error500-undone');
    clock.set(dueDay(booking.balanceDueOn));
    await site.app.bookingJobs.runOnce();
    expect(stripe.intentsWith({ bookingId: booking.id, kind: 'balance' })).toHaveLength(0);
    // Unknown to the site: no page the guest could pay beside the card.
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'balance_due', canPayBalance: false });
    const refused = await site.app.inject({ method: 'POST', url: apiPathOf(booking.bookingUrl, '/pay-balance') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'conflict' } });

    clock.advance(5 * MINUTE);
    await site.app.bookingJobs.runOnce();
    const posted = chargesOf(booking.id).length;
    expect(stripe.intentsWith({ bookingId: booking.id, kind: 'balance' })).toHaveLength(0);
    expect((await paymentsOf(booking.code))[1]).toMatchObject({ status: 'pending', stripePaymentIntent: null });

    // A day without a charge found: no more attempts; the guest gets a link, the owner is told, a page opens.
    clock.advance(23 * HOUR);
    await site.app.bookingJobs.runOnce();
    clock.advance(10 * MINUTE);
    await site.app.bookingJobs.runOnce();
    expect(chargesOf(booking.id)).toHaveLength(posted);
    const mails = await subjects(booking.code);
    expect(count(mails, `Please pay the balance of your booking (${booking.code})`)).toBe(1);
    expect(count(mails, `Balance not collected: ${booking.code}`)).toBe(1);
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'balance_due', canPayBalance: true });
    const page = await site.app.inject({ method: 'POST', url: apiPathOf(booking.bookingUrl, '/pay-balance') });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().checkoutUrl).toMatch(/\/pay\/cs_/);
  });

  it('treats a detached card (an invalid request) like a refused one: the guest gets the balance link and the owner is told', async () => {
    const booking = await confirmed();
    stripe.detachPaymentMethod((await row(booking.code)).stripePaymentMethod!);
    clock.set(dueDay(booking.balanceDueOn));
    await site.app.bookingJobs.runOnce();
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'balance_due', canPayBalance: true });
    expect((await paymentsOf(booking.code))[1]).toMatchObject({ kind: 'balance', status: 'failed' });
    const mails = await subjects(booking.code);
    expect(mails).toContain(`Please pay the balance of your booking (${booking.code})`);
    expect(mails).toContain(`Balance not collected: ${booking.code}`);
    // Refused is final: no more attempts.
    clock.advance(10 * MINUTE);
    await site.app.bookingJobs.runOnce();
    expect(chargesOf(booking.id)).toHaveLength(1);
  });
});

describe('only a card is charged off-session', () => {
  it('keeps nothing of an MB WAY deposit (Stripe gives it a customer and a payment method) and mails the balance link on the due day', async () => {
    const booking = await confirmed('mb_way');
    const intent = stripe.intentsWith({ bookingId: booking.id })[0]!;
    expect(intent.customer).toMatch(/^cus_/);
    expect(stripe.paymentMethod(intent.payment_method).type).toBe('mb_way');
    expect(await row(booking.code)).toMatchObject({ stripeCustomer: null, stripePaymentMethod: null });
    clock.set(dueDay(booking.balanceDueOn));
    await site.app.bookingJobs.runOnce();
    expect(chargesOf(booking.id)).toEqual([]);
    expect(await subjects(booking.code)).toContain(`Please pay the balance of your booking (${booking.code})`);
  });
});

describe('a balance is paid once', () => {
  it('is not charged to the card while the guest has a Multibanco reference for it open', async () => {
    const booking = await confirmed();
    clock.set(dueDay(booking.balanceDueOn) - 2 * DAY);
    const page = await site.app.inject({ method: 'POST', url: apiPathOf(booking.bookingUrl, '/pay-balance') });
    const sessionId = sessionOf(page.json().checkoutUrl);
    await stripe.completeSession(sessionId, 'multibanco');
    clock.set(dueDay(booking.balanceDueOn));
    await site.app.bookingJobs.runOnce();
    expect(chargesOf(booking.id)).toEqual([]);
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'balance_due', paidCents: 12_660 });
    await stripe.settleAsync(sessionId, true);
    clock.advance(10 * MINUTE);
    await site.app.bookingJobs.runOnce();
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'paid', paidCents: 42_200 });
    expect(chargesOf(booking.id)).toEqual([]);
  });

  it('closes the open balance page and cancels the open Multibanco reference once the booking is paid', async () => {
    const withPage = await confirmed();
    const page = await site.app.inject({ method: 'POST', url: apiPathOf(withPage.bookingUrl, '/pay-balance') });
    const openId = sessionOf(page.json().checkoutUrl);
    await markTransfer(withPage.code, 29_540);
    expect(stripe.session(openId).status).toBe('expired');
    expect((await paymentsOf(withPage.code)).find((p) => p.stripeSessionId === openId)?.status).toBe('expired');

    const other = await book(site.app, { checkIn: '2028-04-03', checkOut: '2028-04-06' });
    await stripe.completeSession(sessionOf(other.body.checkoutUrl), 'card');
    const reference = await site.app.inject({ method: 'POST', url: apiPathOf(other.body.bookingUrl, '/pay-balance') });
    const referenceId = sessionOf(reference.json().checkoutUrl);
    await stripe.completeSession(referenceId, 'multibanco');
    await markTransfer(other.body.code, 29_540);
    expect(stripe.paymentIntent(stripe.session(referenceId).payment_intent).status).toBe('canceled');
    expect((await paymentsOf(other.body.code)).find((p) => p.stripeSessionId === referenceId)?.status).toBe('failed');
    expect(await view(other.body.bookingUrl)).toMatchObject({ status: 'paid', paidCents: 42_200, refundedCents: 0 });
    // Paid in full: no "please pay" mail for the reference that was cancelled.
    expect(await subjects(other.body.code)).not.toContain(
      `Please pay the balance of your booking (${other.body.code})`,
    );
  });

  it('refunds at once money that arrives on a booking already paid in full, and tells the owner', async () => {
    const booking = await confirmed();
    const page = await site.app.inject({ method: 'POST', url: apiPathOf(booking.bookingUrl, '/pay-balance') });
    const sessionId = sessionOf(page.json().checkoutUrl);
    await stripe.completeSession(sessionId, 'multibanco');
    // The guest pays the reference and a transfer; the site learns of the reference last.
    stripe.holdEvents = true;
    await stripe.settleAsync(sessionId, true);
    await markTransfer(booking.code, 29_540);
    await site.app.bookingJobs.runOnce();
    await stripe.releaseEvents({ twice: true });
    const intentId = stripe.session(sessionId).payment_intent as string;
    expect(stripe.refundsOf(intentId).map((r) => [r.amount, r.status])).toEqual([[29_540, 'requires_action']]);
    // A Multibanco refund waits for the guest's bank details: not counted until Stripe says it succeeded.
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'paid', paidCents: 71_740, refundedCents: 0 });
    expect((await paymentsOf(booking.code)).find((p) => p.kind === 'refund')).toMatchObject({
      status: 'pending',
      stripeRefundId: stripe.refundsOf(intentId)[0]!.id,
    });
    stripe.holdEvents = false;
    await stripe.finishRefund(stripe.refundsOf(intentId)[0]!.id, 'succeeded');
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'paid', paidCents: 71_740, refundedCents: 29_540 });
    // The extra carries its share of the tourist tax, as its invoice does (decision 0059).
    const refund = await site.app.db
      .selectFrom('payments')
      .select(['amountCents', 'refundTaxCents'])
      .where('bookingId', '=', booking.id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refund).toEqual([{ amountCents: 29_540, refundTaxCents: 840 }]);
    expect(count(await subjects(booking.code), `Paid twice: the extra was refunded: ${booking.code}`)).toBe(1);
  });
});

describe('a cancellation', () => {
  it('refunds by the booking as it is when cancelled, not as it was read before', async () => {
    const booking = await confirmed();
    const stale = await findBookingByCode(site.app.db, booking.code);
    await markTransfer(booking.code, 29_540);
    // Far from arrival: the policy gives everything back, the transfer included.
    const result = await cancelBooking(site.app.bookings, stale!, 'guest');
    expect(result).toEqual({ status: 'cancelled', refundCents: 42_200 });
    const refunds = (await paymentsOf(booking.code)).filter((p) => p.kind === 'refund');
    expect(refunds.map((p) => [p.method, p.amountCents]).sort()).toEqual([
      ['bank_transfer', 29_540],
      ['stripe', 12_660],
    ]);
  });
});

describe('refunds and disputes made outside the site', () => {
  it('follows a dashboard refund of half the deposit in the booking’s refunded figure, once', async () => {
    const booking = await confirmed();
    const intentId = stripe.intentsWith({ bookingId: booking.id })[0]!.id;
    stripe.holdEvents = true;
    await stripe.dashboardRefund(intentId, 6_330);
    // refund.created and charge.refunded, each twice.
    expect(await stripe.releaseEvents({ twice: true })).toEqual([200, 200, 200, 200]);
    expect(await view(booking.bookingUrl)).toMatchObject({
      status: 'confirmed',
      paidCents: 12_660,
      refundedCents: 6_330,
    });
    expect(await admin(booking.code)).toMatchObject({ refundedCents: 6_330, refundIfCancelledCents: 6_330 });
    // A second one, and the site's own refund at a cancellation, each counted once.
    await stripe.dashboardRefund(intentId, 1_000);
    await stripe.releaseEvents();
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 7_330 });
    stripe.holdEvents = false;
    const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(booking.bookingUrl, '/cancel') });
    expect(cancelled.json()).toEqual({ status: 'cancelled', refundCents: 5_330 });
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 12_660 });
    expect(stripe.refundsOf(intentId).map((r) => r.amount)).toEqual([6_330, 1_000, 5_330]);
  });

  it('flags a dispute for the owner with its amount and deadline, and mails the owner once per event kind, in any order', async () => {
    const booking = await confirmed();
    const intentId = stripe.intentsWith({ bookingId: booking.id })[0]!.id;
    const respondBy = START + 9 * DAY;
    stripe.holdEvents = true;
    const dispute = await stripe.openDispute(intentId, respondBy);
    expect(await stripe.releaseEvents({ twice: true })).toEqual([200, 200]);
    expect((await admin(booking.code)).dispute).toEqual({
      status: 'needs_response',
      amountCents: 12_660,
      respondBy: new Date(respondBy).toISOString(),
    });
    expect(count(await subjects(booking.code), `A payment was disputed: ${booking.code}`)).toBe(1);
    const single = await site.app.inject({
      url: `/api/admin/bookings/${booking.code}`,
      headers: { cookie: await login(site.app) },
    });
    expect(single.json()).toMatchObject({
      code: booking.code,
      dispute: { status: 'needs_response', amountCents: 12_660 },
    });

    await stripe.closeDispute(dispute.id, 'won');
    // The "closed" event first, then a stale "created" again: Stripe, asked, says won.
    stripe.held.push(stripe.event('charge.dispute.created', { ...dispute, status: 'needs_response' }));
    expect(await stripe.releaseEvents({ twice: true })).toEqual([200, 200, 200, 200]);
    expect((await admin(booking.code)).dispute).toMatchObject({ status: 'won', amountCents: 12_660 });
    const mails = await subjects(booking.code);
    expect(count(mails, `A payment was disputed: ${booking.code}`)).toBe(1);
    expect(count(mails, `A dispute was closed: ${booking.code}`)).toBe(1);
  });
});

describe('a refund whose answer was lost', () => {
  it('is looked for with refunds.list once Stripe has forgotten its key, and never sent twice', async () => {
    const booking = await confirmed();
    const intentId = stripe.intentsWith({ bookingId: booking.id })[0]!.id;
    stripe.holdEvents = true;
    stripe.loseNextAnswer('/v1/refunds', 'timeout');
    const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(booking.bookingUrl, '/cancel') });
    expect(cancelled.json()).toEqual({ status: 'cancelled', refundCents: 12_660 });
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 0 });
    expect(stripe.refundsOf(intentId)).toHaveLength(1);
    stripe.held.splice(0);

    clock.advance(25 * HOUR);
    const posts = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').length;
    const before = posts();
    await site.app.bookingJobs.runOnce();
    expect(posts()).toBe(before);
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/refunds')).toBe(true);
    expect(stripe.refundsOf(intentId)).toHaveLength(1);
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'cancelled', refundedCents: 12_660 });
    expect((await paymentsOf(booking.code)).find((p) => p.kind === 'refund')).toMatchObject({ status: 'succeeded' });
  });
});

describe('two servers on one database', () => {
  it('charge an unknown balance once when both run the job at once, and count its event reaching both once', async () => {
    const other = await createTestApp(
      {
        DATABASE_URL: site.databaseUrl,
        CONTENT_DIR: site.app.config.contentDir,
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.baseUrl,
        MAIL_TO: 'owner@example.com',
      },
      { now: clock.now },
    );
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const address = other.app.server.address();
      if (!address || typeof address !== 'object') throw new Error('not listening');
      const booking = await confirmed();
      stripe.holdEvents = true;
      stripe.loseNextAnswer('/v1/payment_intents', 'error500');
      clock.set(dueDay(booking.balanceDueOn));
      const runs = await Promise.all([site.app.bookingJobs.runOnce(), other.app.bookingJobs.runOnce()]);
      expect(runs.filter((r) => r === undefined)).toHaveLength(1);
      clock.advance(5 * MINUTE);
      await Promise.all([site.app.bookingJobs.runOnce(), other.app.bookingJobs.runOnce()]);
      expect(stripe.intentsWith({ bookingId: booking.id, kind: 'balance' })).toHaveLength(1);

      const [event] = stripe.held.splice(0);
      const answers = await Promise.all([
        stripe.send(event!),
        stripe.send(event!, { url: `http://127.0.0.1:${address.port}/api/payments/stripe/webhook` }),
        stripe.send(
          { ...event!, id: `${event!.id}_again` },
          { url: `http://127.0.0.1:${address.port}/api/payments/stripe/webhook` },
        ),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(await view(booking.bookingUrl)).toMatchObject({ status: 'paid', paidCents: 42_200 });
      expect(count(await subjects(booking.code), `Payment received: €295.40 (${booking.code})`)).toBe(1);
    } finally {
      await other.app.close();
    }
  }, 60_000);
});
