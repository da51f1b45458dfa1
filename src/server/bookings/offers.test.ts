import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPathOf,
  createBookingSite,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  testClock,
  type TestClock,
} from '../../../tests/support/server/booking-site.js';
import { FakeStripe } from '../../../tests/support/server/fake-stripe.js';
import { listenForStripeWebhooks } from '../../../tests/support/server/stripe-webhooks.js';
import { ownerSession } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';

// An inquiry the owner answers with an offer: a direct booking awaiting its deposit at the typed
// price, its nights held until offerHoldHours; the guest pays through Stripe from the booking page,
// or the offer expires at its deadline and frees the nights. Declining mails the guest politely.

let stripe: FakeStripe;
let site: TestApp & { clock: TestClock };
let owner: Awaited<ReturnType<typeof ownerSession>>;
const HOUR = 60 * 60_000;

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
    env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com' },
  });
  await listenForStripeWebhooks(site.app, stripe);
  owner = await ownerSession(site.app);
});
afterAll(async () => {
  await site?.close();
  await stripe?.stop();
});

async function inquiry(changes: Record<string, unknown>): Promise<string> {
  const email = `guest-${Math.random().toString(36).slice(2)}@example.com`;
  const stored = await site.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    payload: { name: 'Lena Vogel', email, guests: 2, checkIn: '2027-05-03', checkOut: '2027-05-08', ...changes },
  });
  expect(stored.statusCode, stored.body).toBe(202);
  const row = await site.app.db
    .selectFrom('inquiries')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

const mailOf = (key: string) =>
  site.app.db.selectFrom('mailOutbox').select(['subject', 'textBody']).where('key', '=', key).executeTakeFirstOrThrow();

/** The guest accepts the offer's terms on the booking page, as they must before paying (decision 0052). */
async function acceptTerms(payUrl: string) {
  const accepted = await site.app.inject({
    method: 'POST',
    url: apiPathOf(payUrl, '/accept-terms'),
    payload: { acceptTerms: true },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

const taken = async () =>
  (await site.app.inject({ url: '/api/availability?from=2027-01-01&to=2028-01-01' })).json().unavailable as Array<{
    start: string;
    end: string;
  }>;

describe('an offer for an inquiry', () => {
  it('at a typed price: held until its deadline, mailed in the guest language, paid by deposit through Stripe, then confirmed', async () => {
    const id = await inquiry({ locale: 'pt-PT' });
    const offered = await owner.post(`/api/admin/inquiries/${id}/offer`, { totalCents: 90_000 });
    expect(offered.statusCode, offered.body).toBe(201);
    const { code, payUrl, mailed } = offered.json<{ code: string; payUrl: string; mailed: boolean }>();
    expect(payUrl).toMatch(new RegExp(`/booking/${code}\\?t=`));
    // No SMTP_URL here: the admin tells the owner to pass the link on, never that it was mailed.
    expect(mailed).toBe(false);
    expect((await owner.get(`/api/admin/bookings/${code}`)).json()).toMatchObject({ mailOn: false });
    expect((await owner.post(`/api/admin/inquiries/${id}/offer`, { totalCents: 80_000 })).statusCode).toBe(409);

    const row = await site.app.db.selectFrom('bookings').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'awaiting_payment',
      channel: 'direct',
      inquiryId: id,
      locale: 'pt-PT',
    });
    expect(row.holdUntil).toBe(new Date(site.clock.now() + 36 * HOUR).toISOString());
    const quote = JSON.parse(row.quote) as { lines: Array<{ kind: string; amount: number }>; total: number };
    // The typed price replaces the accommodation's lines; the tourist tax stays, by its rule.
    expect(quote.lines.filter((l) => l.kind !== 'touristTax').map((l) => l.amount)).toEqual([90_000]);
    const tax = quote.lines.filter((l) => l.kind === 'touristTax').reduce((sum, l) => sum + l.amount, 0);
    expect(row.totalCents).toBe(90_000 + tax);
    expect(quote.total).toBe(row.totalCents);
    expect(JSON.parse(row.terms!)).toMatchObject({ locale: 'pt-PT', cancellation: expect.any(Array) });
    expect(await taken()).toContainEqual({ start: '2027-05-03', end: '2027-05-08' });
    const mail = await mailOf(`booking:${row.id}:offer`);
    expect(mail.subject).toContain('A nossa proposta');
    expect(mail.textBody).toContain(payUrl);

    await acceptTerms(payUrl);
    const opened = await site.app.inject({ method: 'POST', url: apiPathOf(payUrl, '/pay-balance') });
    expect(opened.statusCode, opened.body).toBe(200);
    const session = opened.json<{ checkoutUrl: string }>().checkoutUrl.split('/').at(-1) as string;
    await stripe.completeSession(session, 'card');
    await expect.poll(async () => (await site.app.inject({ url: apiPathOf(payUrl) })).json().status).toBe('confirmed');
    const paid = await site.app.db
      .selectFrom('bookings')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(paid.paidCents).toBe(row.dueNowCents);
    expect(paid.dueNowCents).toBeLessThan(90_000);
  });

  it('lets the guest choose how to pay on the booking page, among the site’s ways, until a payment is under way', async () => {
    const id = await inquiry({ checkIn: '2027-06-14', checkOut: '2027-06-18' });
    const { code, payUrl } = (await owner.post(`/api/admin/inquiries/${id}/offer`, { totalCents: 60_000 })).json();
    const view = async () => (await site.app.inject({ url: apiPathOf(payUrl) })).json();
    const choose = (paymentMethod: string) =>
      site.app.inject({ method: 'POST', url: apiPathOf(payUrl, '/payment-method'), payload: { paymentMethod } });
    await acceptTerms(payUrl);
    expect(await view()).toMatchObject({
      paymentMethod: 'stripe',
      paymentChoices: ['stripe', 'bank_transfer'],
      canPayBalance: true,
      bankTransfer: null,
    });

    const transfer = await choose('bank_transfer');
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.json()).toMatchObject({
      paymentMethod: 'bank_transfer',
      paymentChoices: ['stripe', 'bank_transfer'],
      canPayBalance: false,
      bankTransfer: { reference: code, holder: 'Casa do Lago', amountCents: transfer.json().dueNowCents },
    });
    const unknown = await choose('cash');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.field).toBe('paymentMethod');

    const card = await choose('stripe');
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({ paymentMethod: 'stripe', canPayBalance: true, bankTransfer: null });
    const opened = await site.app.inject({ method: 'POST', url: apiPathOf(payUrl, '/pay-balance') });
    expect(opened.statusCode, opened.body).toBe(200);
    // A Stripe page open could still be paid: the method is settled while it is.
    expect((await view()).paymentChoices).toEqual([]);
    const late = await choose('bank_transfer');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('conflict');

    await stripe.completeSession(opened.json().checkoutUrl.split('/').at(-1), 'card');
    await expect.poll(async () => (await view()).status).toBe('confirmed');
    expect(await view()).toMatchObject({ paymentMethod: 'stripe', paymentChoices: [] });
  });

  it('left unpaid, expires at its deadline and frees its nights', async () => {
    const id = await inquiry({ checkIn: '2027-07-05', checkOut: '2027-07-12' });
    const offered = await owner.post(`/api/admin/inquiries/${id}/offer`, {});
    expect(offered.statusCode, offered.body).toBe(201);
    const { code } = offered.json<{ code: string }>();
    expect(await taken()).toContainEqual({ start: '2027-07-05', end: '2027-07-12' });
    site.clock.advance(36 * HOUR - 60_000);
    await site.app.bookingJobs.runOnce();
    expect(
      (await site.app.db.selectFrom('bookings').select('status').where('code', '=', code).executeTakeFirstOrThrow())
        .status,
    ).toBe('awaiting_payment');
    site.clock.advance(2 * 60_000);
    await site.app.bookingJobs.runOnce();
    expect(
      (await site.app.db.selectFrom('bookings').select('status').where('code', '=', code).executeTakeFirstOrThrow())
        .status,
    ).toBe('expired');
    site.app.publicAvailability.clear();
    expect(await taken()).not.toContainEqual({ start: '2027-07-05', end: '2027-07-12' });
  });

  it('is refused for nights already taken, naming the stay in the way', async () => {
    const first = await inquiry({ checkIn: '2027-09-06', checkOut: '2027-09-10' });
    const second = await inquiry({ checkIn: '2027-09-08', checkOut: '2027-09-12' });
    const { code } = (await owner.post(`/api/admin/inquiries/${first}/offer`, { totalCents: 50_000 })).json();
    const refused = await owner.post(`/api/admin/inquiries/${second}/offer`, { totalCents: 50_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'dates_unavailable', message: expect.stringContaining(code) });
  });

  it('declined, mails the guest politely in their language, once', async () => {
    const id = await inquiry({ locale: 'pt-PT', checkIn: '2027-10-04', checkOut: '2027-10-08' });
    const declined = await owner.post(`/api/admin/inquiries/${id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    // No SMTP_URL here: the answer waits in the outbox, and the admin says the guest was not told.
    expect(declined.json()).toEqual({ mailed: false });
    expect((await owner.post(`/api/admin/inquiries/${id}/decline`)).statusCode).toBe(409);
    const mail = await mailOf(`inquiry:${id}:declined`);
    expect(mail.subject).toContain('O seu pedido de informação');
    expect(mail.textBody).toContain('Lamentamos');
  });
});
