import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPathOf,
  createBookingSite,
  secondBookingServer,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  testClock,
  type TestClock,
} from '../../../tests/support/server/booking-site.js';
import { FakeStripe } from '../../../tests/support/server/fake-stripe.js';
import { listenForStripeWebhooks } from '../../../tests/support/server/stripe-webhooks.js';
import { ownerSession } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';
import { CHECKOUT_HOLD_MINUTES } from '../../shared/booking-policy.js';

// An offer's guest switches the way of paying while a Stripe Checkout page is being opened for the
// same booking: the two are one conditional UPDATE each of the booking's row, so exactly one wins
// and a transfer is never asked for while a card page could still be paid
// (docs/decisions/0047-outcomes-in-view.md).

let stripe: FakeStripe;
let site: TestApp & { clock: TestClock };
let owner: Awaited<ReturnType<typeof ownerSession>>;
let other: TestApp | undefined;

beforeAll(async () => {
  const clock = testClock();
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
  site = await createBookingSite({
    clock,
    booking: {
      mode: 'inquiry',
      offerHoldHours: 36,
      bankTransfer: { iban: 'PT50000201231234567890154', holder: 'Casa do Lago' },
    },
    stripeUrl: stripe.baseUrl,
    env: { SUBMISSIONS_PER_WINDOW: '1000' },
  });
  await listenForStripeWebhooks(site.app, stripe);
  owner = await ownerSession(site.app);
});
afterAll(async () => {
  await other?.close();
  await site?.close();
  await stripe?.stop();
});

let nextWeek = 0;
/** An offer for a stay of its own (a week apart from the others), paid through Stripe until switched. */
async function offer(): Promise<{ code: string; payUrl: string }> {
  const week = nextWeek++;
  const day = (n: number) => new Date(Date.UTC(2027, 8, 6 + week * 7 + n)).toISOString().slice(0, 10);
  const email = `race-${week}-${Math.random().toString(36).slice(2)}@example.com`;
  const stored = await site.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    payload: { name: 'Lena Vogel', email, guests: 2, checkIn: day(0), checkOut: day(4) },
  });
  expect(stored.statusCode, stored.body).toBe(202);
  const { id } = await site.app.db
    .selectFrom('inquiries')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const offered = await owner.post(`/api/admin/inquiries/${id}/offer`, { totalCents: 50_000 });
  expect(offered.statusCode, offered.body).toBe(201);
  // The guest accepts the offer's terms first: only then may they choose or pay (decision 0052).
  const { payUrl } = offered.json<{ payUrl: string }>();
  const accepted = await site.app.inject({
    method: 'POST',
    url: apiPathOf(payUrl, '/accept-terms'),
    payload: { acceptTerms: true },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return offered.json();
}

const choose = (payUrl: string, paymentMethod: string, server: TestApp = site) =>
  server.app.inject({ method: 'POST', url: apiPathOf(payUrl, '/payment-method'), payload: { paymentMethod } });
const openPage = (payUrl: string, server: TestApp = site) =>
  server.app.inject({ method: 'POST', url: apiPathOf(payUrl, '/pay-balance') });
const view = async (payUrl: string) => (await site.app.inject({ url: apiPathOf(payUrl) })).json();
const sessionsOf = (code: string) =>
  stripe.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.body.client_reference_id === code,
  );

describe('switching an offer’s way of paying while its Checkout page opens', () => {
  it('is refused while Stripe is still making the page, and while the page is open', async () => {
    const { code, payUrl } = await offer();
    // Stripe makes the page but holds its answer until the switch has been tried.
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const making = new Promise<void>((resolve) => (asked = resolve));
    stripe.beforeAnswer = async (request) => {
      if (request.path !== '/v1/checkout/sessions') return;
      asked();
      await answered;
    };
    try {
      const opening = openPage(payUrl);
      await making;
      expect((await view(payUrl)).paymentChoices).toEqual([]);
      const refused = await choose(payUrl, 'bank_transfer');
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.code).toBe('conflict');
      release();
      const opened = await opening;
      expect(opened.statusCode, opened.body).toBe(200);
    } finally {
      stripe.beforeAnswer = undefined;
    }
    expect(await view(payUrl)).toMatchObject({ paymentMethod: 'stripe', bankTransfer: null, paymentChoices: [] });
    expect((await choose(payUrl, 'bank_transfer')).statusCode).toBe(409);

    // Once the page has expired unpaid, the guest may choose again.
    site.clock.advance((CHECKOUT_HOLD_MINUTES + 3) * 60_000);
    const later = await choose(payUrl, 'bank_transfer');
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ paymentMethod: 'bank_transfer', bankTransfer: { reference: code } });
  });

  it('frees the switch again when Stripe made no page, and ends the payment row, so the guest can choose a transfer', async () => {
    const { code, payUrl } = await offer();
    stripe.loseNextAnswer('/v1/checkout/sessions', 'error500', 1);
    const failed = await openPage(payUrl);
    expect(failed.statusCode, failed.body).toBe(502);
    const row = await site.app.db
      .selectFrom('bookings')
      .select('checkoutUntil')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.checkoutUntil).toBeNull();
    // The payment row ends with the claim: no pending row without a page keeps the guest from a transfer.
    const payments = await site.app.db
      .selectFrom('payments')
      .innerJoin('bookings', 'bookings.id', 'payments.bookingId')
      .select(['payments.status', 'payments.checkoutUrl'])
      .where('bookings.code', '=', code)
      .execute();
    expect(payments).toEqual([{ status: 'failed', checkoutUrl: null }]);
    expect((await view(payUrl)).paymentChoices).toContain('bank_transfer');
    const switched = await choose(payUrl, 'bank_transfer');
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ paymentMethod: 'bank_transfer', bankTransfer: { reference: code } });
  });

  it('lets exactly one of the two win when both are asked at once, and never opens a page for a transfer', async () => {
    await race(site);
  });

  it('does so too when the two are asked of two servers on one database', async () => {
    const second = await secondBookingServer(site, stripe.baseUrl, { SUBMISSIONS_PER_WINDOW: '1000' });
    other = second;
    await race(second);
  });
});

/** Twelve offers, each switched on the first server while its page is opened on `opener`. */
async function race(opener: TestApp) {
  for (let round = 0; round < 12; round++) {
    const { code, payUrl } = await offer();
    const [switched, opened] = await Promise.all([choose(payUrl, 'bank_transfer'), openPage(payUrl, opener)]);
    expect([switched.statusCode, opened.statusCode].sort(), `${switched.body} ${opened.body}`).toEqual([200, 409]);
    const booking = await view(payUrl);
    if (switched.statusCode === 200) {
      expect(booking).toMatchObject({ paymentMethod: 'bank_transfer', bankTransfer: { reference: code } });
      expect(sessionsOf(code)).toEqual([]);
    } else {
      expect(booking).toMatchObject({ paymentMethod: 'stripe', bankTransfer: null, paymentChoices: [] });
      expect(sessionsOf(code)).toHaveLength(1);
    }
  }
}
