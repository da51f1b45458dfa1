import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiPathOf,
  book,
  createBookingSite,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  testClock,
  type TestClock,
} from '../../../tests/support/server/booking-site.js';
import { FakeStripe } from '../../../tests/support/server/fake-stripe.js';
import { listenForStripeWebhooks } from '../../../tests/support/server/stripe-webhooks.js';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { mailsByKeyPrefix } from '../mail/outbox-data.js';

// Bookings paid through Stripe Checkout: the real stripe SDK against a fake Stripe API on
// loopback, and webhooks signed as Stripe signs them, posted to the real server.

let stripe: FakeStripe;
let site: TestApp & { clock: TestClock };
let cookie: string;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  const clock = testClock();
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
  site = await createBookingSite({
    clock,
    stripeUrl: stripe.baseUrl,
    env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com' },
  });
  await listenForStripeWebhooks(site.app, stripe);
  cookie = await login(site.app);
});
afterAll(async () => {
  await site?.close();
  await stripe?.stop();
});
beforeEach(() => {
  stripe.autoWebhooks = true;
  stripe.nextOffSession = 'succeeded';
});

const view = async (bookingUrl: string) => (await site.app.inject({ url: apiPathOf(bookingUrl) })).json();
const sessionOf = (checkoutUrl: string | undefined) => (checkoutUrl ?? '').split('/').at(-1) as string;
const taken = async () =>
  (await site.app.inject({ url: '/api/availability?from=2027-01-01&to=2028-01-01' })).json().unavailable as Array<{
    start: string;
  }>;
const subjects = async (code: string) =>
  (await mailsByKeyPrefix(site.app.db, 'booking:')).filter((m) => m.subject.includes(code)).map((m) => m.subject);

describe('a card deposit', () => {
  it('opens Checkout with a keyed request, holds the nights, and confirms the booking once the webhook is read back from Stripe', async () => {
    const created = await book(site.app, { checkIn: '2027-05-03', checkOut: '2027-05-06' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'awaiting_payment', totalCents: 42_200, dueNowCents: 12_660 });
    expect(created.body.checkoutUrl).toMatch(new RegExp(`^${stripe.baseUrl}/pay/cs_`));
    const id = sessionOf(created.body.checkoutUrl);
    const session = stripe.session(id);
    expect(session).toMatchObject({
      amount_total: 12_660,
      currency: 'eur',
      client_reference_id: created.body.code,
      customer_email: 'ana@example.com',
    });
    const bookingId = (
      await site.app.db
        .selectFrom('bookings')
        .select('id')
        .where('code', '=', created.body.code)
        .executeTakeFirstOrThrow()
    ).id;
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').map((r) => r.idempotencyKey)).toEqual([
      `${bookingId}:deposit:1`,
    ]);
    expect((await taken()).map((r) => r.start)).toContain('2027-05-03');

    await stripe.completeSession(id, 'card');
    const after = await view(created.body.bookingUrl);
    expect(after).toMatchObject({
      status: 'confirmed',
      paidCents: 12_660,
      dueCents: 29_540,
      balanceDueOn: '2027-04-03',
      canPayBalance: true,
    });
    const saved = await site.app.db
      .selectFrom('bookings')
      .select(['stripeCustomer', 'stripePaymentMethod'])
      .where('code', '=', created.body.code)
      .executeTakeFirstOrThrow();
    expect(saved.stripeCustomer).toMatch(/^cus_/);
    expect(saved.stripePaymentMethod).toMatch(/^pm_/);
    expect(await subjects(created.body.code)).toEqual(
      expect.arrayContaining([
        `Your booking is confirmed: ${created.body.code}`,
        `Payment received: €126.60 (${created.body.code})`,
        `Payment received: ${created.body.code}`,
      ]),
    );
  });

  it('counts a webhook delivered twice, or to two servers, once', async () => {
    const created = await book(site.app, { checkIn: '2027-05-17', checkOut: '2027-05-20' });
    const id = sessionOf(created.body.checkoutUrl);
    stripe.autoWebhooks = false;
    await stripe.completeSession(id, 'card');
    const event = stripe.event('checkout.session.completed', stripe.session(id));
    const answers = await Promise.all([stripe.send(event), stripe.send(event), stripe.send(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await view(created.body.bookingUrl)).toMatchObject({ status: 'confirmed', paidCents: 12_660 });
    const payments = await site.app.db
      .selectFrom('payments')
      .innerJoin('bookings', 'bookings.id', 'payments.bookingId')
      .select(['payments.status'])
      .where('bookings.code', '=', created.body.code)
      .execute();
    expect(payments).toEqual([{ status: 'succeeded' }]);
    expect((await subjects(created.body.code)).filter((s) => s.startsWith('Payment received: €'))).toHaveLength(1);
  });

  it('ends in the right state when the events come out of order: an "expired" after the payment changes nothing', async () => {
    const created = await book(site.app, { checkIn: '2027-05-24', checkOut: '2027-05-27' });
    const id = sessionOf(created.body.checkoutUrl);
    stripe.autoWebhooks = false;
    const staleExpired = stripe.event('checkout.session.expired', { ...stripe.session(id), status: 'expired' });
    await stripe.completeSession(id, 'card');
    // The stale event arrives first: Stripe, asked, says the page was paid.
    expect((await stripe.send(staleExpired)).status).toBe(200);
    expect(await view(created.body.bookingUrl)).toMatchObject({ status: 'confirmed', paidCents: 12_660 });
    expect((await stripe.send(stripe.event('checkout.session.completed', stripe.session(id)))).status).toBe(200);
    expect(await view(created.body.bookingUrl)).toMatchObject({ status: 'confirmed', paidCents: 12_660 });
  });

  it('refuses a webhook with a bad signature with 400, and changes nothing', async () => {
    const created = await book(site.app, { checkIn: '2027-06-07', checkOut: '2027-06-10' });
    const id = sessionOf(created.body.checkoutUrl);
    stripe.autoWebhooks = false;
    await stripe.completeSession(id, 'card');
    const forged = await stripe.send(stripe.event('checkout.session.completed', stripe.session(id)), {
      secret: 'whsec_not_the_secret',
    });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ error: { code: 'invalid_body' } });
    expect(await view(created.body.bookingUrl)).toMatchObject({ status: 'awaiting_payment', paidCents: 0 });
    expect(await site.app.db.selectFrom('stripeEvents').select('id').execute()).toHaveLength(4);
  });

  it('confirms a payment whose webhook was lost, at the next reconcile', async () => {
    // The page of the last test was paid, and its only webhook was forged: the job asks Stripe.
    const pending = await site.app.db
      .selectFrom('bookings')
      .select('code')
      .where('status', '=', 'awaiting_payment')
      .execute();
    expect(pending).toHaveLength(1);
    site.clock.advance(MINUTE);
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ reconciled: 1 });
    const row = await site.app.db
      .selectFrom('bookings')
      .select(['status', 'paidCents'])
      .where('code', '=', pending[0]!.code)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'confirmed', paidCents: 12_660 });
  });
});

describe('two servers on one database', () => {
  it('count an event that reaches both at once, once', async () => {
    const other = await createTestApp(
      {
        DATABASE_URL: site.databaseUrl,
        CONTENT_DIR: site.app.config.contentDir,
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.baseUrl,
      },
      { now: site.clock.now },
    );
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const address = other.app.server.address();
      if (!address || typeof address !== 'object') throw new Error('not listening');
      const created = await book(site.app, { checkIn: '2027-06-14', checkOut: '2027-06-17' });
      const id = sessionOf(created.body.checkoutUrl);
      stripe.autoWebhooks = false;
      await stripe.completeSession(id, 'card');
      const event = stripe.event('checkout.session.completed', stripe.session(id));
      const answers = await Promise.all([
        stripe.send(event),
        stripe.send(event, { url: `http://127.0.0.1:${address.port}/api/payments/stripe/webhook` }),
        stripe.send(event),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(await view(created.body.bookingUrl)).toMatchObject({ status: 'confirmed', paidCents: 12_660 });
      expect((await subjects(created.body.code)).filter((s) => s.startsWith('Payment received: €'))).toHaveLength(1);
    } finally {
      await other.app.close();
    }
  });
});

describe('a request paid by card', () => {
  it('is paid from the booking page once the owner accepts it', async () => {
    const requestSite = await createBookingSite({
      clock: site.clock,
      booking: { mode: 'request' },
      stripeUrl: stripe.baseUrl,
      env: { SUBMISSIONS_PER_WINDOW: '1000' },
    });
    const savedUrl = stripe.webhookUrl;
    try {
      await listenForStripeWebhooks(requestSite.app, stripe);
      const requested = await book(requestSite.app, { checkIn: '2027-09-13', checkOut: '2027-09-16' });
      expect(requested.body).toMatchObject({ status: 'requested' });
      expect(requested.body.checkoutUrl).toBeUndefined();
      const ownerCookie = await login(requestSite.app);
      await requestSite.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${requested.body.code}/accept`,
        headers: { cookie: ownerCookie, origin: 'http://estadia.test' },
        ...json({}),
      });
      const before = (await requestSite.app.inject({ url: apiPathOf(requested.body.bookingUrl) })).json();
      expect(before).toMatchObject({ status: 'awaiting_payment', canPayBalance: true, checkoutUrl: null });
      const page = await requestSite.app.inject({
        method: 'POST',
        url: apiPathOf(requested.body.bookingUrl, '/pay-balance'),
      });
      const id = sessionOf(page.json().checkoutUrl);
      expect(stripe.session(id).amount_total).toBe(Math.ceil(before.totalCents * 0.3));
      await stripe.completeSession(id, 'card');
      expect((await requestSite.app.inject({ url: apiPathOf(requested.body.bookingUrl) })).json()).toMatchObject({
        status: 'confirmed',
        canPayBalance: true,
      });
    } finally {
      stripe.webhookUrl = savedUrl;
      await requestSite.close();
    }
  });
});

describe('an abandoned Checkout', () => {
  it('frees the nights when the page expires, and tells the guest', async () => {
    const created = await book(site.app, { checkIn: '2027-06-21', checkOut: '2027-06-24' });
    const id = sessionOf(created.body.checkoutUrl);
    expect((await taken()).map((r) => r.start)).toContain('2027-06-21');
    site.clock.advance(31 * MINUTE);
    await stripe.expireSession(id);
    expect(await view(created.body.bookingUrl)).toMatchObject({ status: 'expired', dueCents: 0 });
    expect((await taken()).map((r) => r.start)).not.toContain('2027-06-21');
    expect(await subjects(created.body.code)).toContain(`Your booking has expired: ${created.body.code}`);
  });

  it('frees them without any webhook: the job closes the page at Stripe when the hold ends', async () => {
    stripe.autoWebhooks = false;
    const created = await book(site.app, { checkIn: '2027-07-03', checkOut: '2027-07-10' });
    site.clock.advance(31 * MINUTE);
    await site.app.bookingJobs.runOnce();
    const id = sessionOf(created.body.checkoutUrl);
    expect(stripe.session(id).status).toBe('expired');
    // Every POST to Stripe carries a key made of the booking's payment and the purpose.
    expect(stripe.requests.find((r) => r.path === `/v1/checkout/sessions/${id}/expire`)?.idempotencyKey).toMatch(
      /^[\w-]+:(deposit|full):1:expire$/,
    );
    expect(await view(created.body.bookingUrl)).toMatchObject({ status: 'expired' });
  });
});

describe('Multibanco', () => {
  it('is offered only for an arrival 10 or more days away', async () => {
    const far = await book(site.app, { checkIn: '2027-09-06', checkOut: '2027-09-09' });
    expect(stripe.session(sessionOf(far.body.checkoutUrl)).allowed_payment_method_types).toEqual([
      'card',
      'mb_way',
      'multibanco',
    ]);
    const today = new Date(site.clock.now()).toISOString().slice(0, 10);
    const soon = new Date(Date.parse(`${today}T00:00:00Z`) + 5 * DAY).toISOString().slice(0, 10);
    const near = await book(site.app, {
      checkIn: soon,
      checkOut: new Date(Date.parse(`${soon}T00:00:00Z`) + 3 * DAY).toISOString().slice(0, 10),
    });
    expect(near.status).toBe(201);
    expect(stripe.session(sessionOf(near.body.checkoutUrl)).allowed_payment_method_types).toEqual(['card', 'mb_way']);
    // Paid in full at booking: the stay starts inside the balance window.
    expect(near.body.dueNowCents).toBe(near.body.totalCents);
  });

  it('holds the nights while the reference is unpaid, until it is paid', async () => {
    const created = await book(site.app, { checkIn: '2027-09-20', checkOut: '2027-09-23' });
    const id = sessionOf(created.body.checkoutUrl);
    await stripe.completeSession(id, 'multibanco');
    site.clock.advance(2 * DAY);
    await site.app.bookingJobs.runOnce();
    const waiting = await view(created.body.bookingUrl);
    expect(waiting.status).toBe('awaiting_payment');
    expect(waiting.holdUntil > new Date(site.clock.now()).toISOString()).toBe(true);
    await stripe.settleAsync(id, true);
    expect(await view(created.body.bookingUrl)).toMatchObject({ status: 'confirmed', paidCents: 12_660 });
    // Nothing saved for the balance: a Multibanco payment cannot be charged again.
    const saved = await site.app.db
      .selectFrom('bookings')
      .select('stripePaymentMethod')
      .where('code', '=', created.body.code)
      .executeTakeFirstOrThrow();
    expect(saved.stripePaymentMethod).toBeNull();
  });

  it('lets the nights go when the reference expires unpaid', async () => {
    const created = await book(site.app, { checkIn: '2027-10-04', checkOut: '2027-10-07' });
    const id = sessionOf(created.body.checkoutUrl);
    await stripe.completeSession(id, 'multibanco');
    site.clock.advance(8 * DAY);
    await stripe.settleAsync(id, false);
    await site.app.bookingJobs.runOnce();
    expect(await view(created.body.bookingUrl)).toMatchObject({ status: 'expired' });
    expect((await taken()).map((r) => r.start)).not.toContain('2027-10-04');
  });
});

describe('the balance', () => {
  async function confirmedByCard(checkIn: string, checkOut: string) {
    const created = await book(site.app, { checkIn, checkOut });
    await stripe.completeSession(sessionOf(created.body.checkoutUrl), 'card');
    expect((await view(created.body.bookingUrl)).status).toBe('confirmed');
    return created.body;
  }
  const dueDay = (balanceDueOn: string) => Date.parse(`${balanceDueOn}T09:00:00Z`);

  it('is charged off-session to the saved card on its due day, with a reminder 7 days before', async () => {
    const booking = await confirmedByCard('2028-03-06', '2028-03-09');
    const { balanceDueOn } = await view(booking.bookingUrl);
    site.clock.set(dueDay(balanceDueOn) - 7 * DAY);
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ reminded: 1 });
    site.clock.set(dueDay(balanceDueOn));
    await site.app.bookingJobs.runOnce();
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'paid', paidCents: 42_200, dueCents: 0 });
    const charge = stripe.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        (r.body as { metadata?: { bookingId?: string } }).metadata,
    );
    expect(charge?.idempotencyKey).toMatch(/:balance:off-session$/);
    expect(await subjects(booking.code)).toEqual(
      expect.arrayContaining([
        `The balance of your booking is due on 5 February 2028 (${booking.code})`,
        `Payment received: €295.40 (${booking.code})`,
      ]),
    );
  });

  it('mails the guest a link and tells the owner when the bank asks for authentication', async () => {
    const booking = await confirmedByCard('2028-04-03', '2028-04-06');
    const { balanceDueOn } = await view(booking.bookingUrl);
    stripe.nextOffSession = 'authentication_required';
    site.clock.set(dueDay(balanceDueOn));
    await site.app.bookingJobs.runOnce();
    expect(await view(booking.bookingUrl)).toMatchObject({
      status: 'balance_due',
      dueCents: 29_540,
      canPayBalance: true,
    });
    expect(await subjects(booking.code)).toEqual(
      expect.arrayContaining([
        `Please pay the balance of your booking (${booking.code})`,
        `Balance not collected: ${booking.code}`,
      ]),
    );
    const link = await site.app.inject({ method: 'POST', url: apiPathOf(booking.bookingUrl, '/pay-balance') });
    expect(link.statusCode).toBe(200);
    const id = sessionOf(link.json().checkoutUrl);
    expect(stripe.session(id).amount_total).toBe(29_540);
    await stripe.completeSession(id, 'mb_way');
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'paid', dueCents: 0 });
  });

  it('is marked overdue for the owner after the grace days, and nothing is cancelled', async () => {
    const booking = await confirmedByCard('2028-05-01', '2028-05-04');
    const { balanceDueOn } = await view(booking.bookingUrl);
    stripe.nextOffSession = 'card_declined';
    site.clock.set(dueDay(balanceDueOn));
    await site.app.bookingJobs.runOnce();
    site.clock.set(dueDay(balanceDueOn) + 4 * DAY);
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ overdue: 1 });
    const listed = (
      await site.app.inject({ url: '/api/admin/bookings?status=upcoming&limit=100', headers: { cookie } })
    )
      .json()
      .items.find((b: { code: string }) => b.code === booking.code);
    expect(listed).toMatchObject({ status: 'balance_due', overdue: true });
  });
});

describe('a cancelled card booking', () => {
  it('is refunded through Stripe by the policy, once', async () => {
    site.clock.set(Date.UTC(2027, 0, 10, 10));
    const created = await book(site.app, { checkIn: '2027-11-08', checkOut: '2027-11-11' });
    await stripe.completeSession(sessionOf(created.body.checkoutUrl), 'card');
    const before = await view(created.body.bookingUrl);
    expect(before.refundIfCancelledCents).toBe(12_660);
    const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(created.body.bookingUrl, '/cancel') });
    expect(cancelled.json()).toEqual({ status: 'cancelled', refundCents: 12_660 });
    // Sent to Stripe: nothing is owed back any more, and nothing is due.
    expect(await view(created.body.bookingUrl)).toMatchObject({
      status: 'cancelled',
      refundedCents: 12_660,
      dueCents: 0,
      owedBack: null,
    });
    // The guest is told the refund goes back to the card, and when; nothing of a transfer or an IBAN.
    const mail = await site.app.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('subject', '=', `Your booking is cancelled: ${created.body.code}`)
      .executeTakeFirstOrThrow();
    expect(mail.textBody).toMatch(
      /€126\.60 goes back to the card you paid with: it reaches your account in 5 to 10 days\./,
    );
    expect(mail.textBody).not.toMatch(/IBAN|transfer/);
    const refundPosts = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    const refunds = refundPosts();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ body: { amount: '12660' } });
    await site.app.bookingJobs.runOnce();
    expect(refundPosts()).toHaveLength(1);
    // The owner cannot refund it again.
    const again = await site.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${created.body.code}/cancel`,
      headers: { cookie, origin: 'http://estadia.test' },
      ...json({ refundCents: 1 }),
    });
    expect(again.statusCode).toBe(409);
  });
});
