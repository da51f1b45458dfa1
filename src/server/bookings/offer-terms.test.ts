import { readFileSync } from 'node:fs';
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
import { ownerSession, stayBody } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';

// An offer's guest accepts its terms on the booking page before choosing how to pay or paying, and
// the contract then says when; a stay the owner entered says so and shows no policy it was never
// given (docs/decisions/0052-offers-accept-their-terms.md). The offer carries the owner's words
// and is priced and taxed for the party; its mail dates the hold in the guest's language.

let stripe: FakeStripe;
let site: TestApp & { clock: TestClock };
let owner: Awaited<ReturnType<typeof ownerSession>>;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  const clock = testClock();
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
  const demo = JSON.parse(readFileSync('content/property.json', 'utf8')) as { pricing: object };
  site = await createBookingSite({
    clock,
    // Children under 13 pay no tourist tax here, as in a municipality's rule with an age.
    content: {
      pricing: {
        ...demo.pricing,
        touristTax: { municipality: 'Test', perGuestPerNight: 200, maxNights: 7, minAge: 13 },
      },
    },
    booking: {
      mode: 'inquiry',
      offerHoldHours: 48,
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
    payload: { name: 'Lena Vogel', email, checkIn: '2027-05-03', checkOut: '2027-05-08', ...changes },
  });
  expect(stored.statusCode, stored.body).toBe(202);
  const row = await site.app.db
    .selectFrom('inquiries')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

const bookingOf = (code: string) =>
  site.app.db.selectFrom('bookings').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const mailOf = (key: string) =>
  site.app.db.selectFrom('mailOutbox').select(['subject', 'textBody']).where('key', '=', key).executeTakeFirstOrThrow();
const taxOf = (lines: Array<{ kind: string; amount: number }>) =>
  lines.filter((l) => l.kind === 'touristTax').reduce((sum, l) => sum + l.amount, 0);

describe('an offer’s terms', () => {
  it('are accepted on the booking page before any way to pay is offered; the contract then says when', async () => {
    const id = await inquiry({ guests: 2, locale: 'pt-PT', checkIn: '2027-04-05', checkOut: '2027-04-09' });
    const offered = await owner.post(`/api/admin/inquiries/${id}/offer`, { totalCents: 70_000 });
    expect(offered.statusCode, offered.body).toBe(201);
    const { code, payUrl } = offered.json<{ code: string; payUrl: string }>();
    const view = async () => (await site.app.inject({ url: apiPathOf(payUrl) })).json();

    // Offered, not accepted: nothing says the guest accepted, and nothing can be paid.
    expect(await view()).toMatchObject({
      termsToAccept: true,
      paymentChoices: [],
      canPayBalance: false,
      bankTransfer: null,
      terms: { acceptedAt: null, ownerEntered: false, cancellation: expect.any(Array) },
    });
    const choose = await site.app.inject({
      method: 'POST',
      url: apiPathOf(payUrl, '/payment-method'),
      payload: { paymentMethod: 'bank_transfer' },
    });
    expect(choose.statusCode).toBe(409);
    expect(choose.json().error).toMatchObject({ code: 'terms_not_accepted', field: 'acceptTerms' });
    const pay = await site.app.inject({ method: 'POST', url: apiPathOf(payUrl, '/pay-balance') });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.code).toBe('terms_not_accepted');
    expect((await bookingOf(code)).paymentMethod).toBe('stripe');
    const mail = await mailOf(`booking:${(await bookingOf(code)).id}:offer`);
    expect(mail.textBody).not.toContain('Aceitou');
    expect(mail.textBody).not.toContain('PT50000201231234567890154');

    // A day later the guest ticks the box: accepted then, and only then may they choose and pay.
    site.clock.advance(DAY);
    const unticked = await site.app.inject({
      method: 'POST',
      url: apiPathOf(payUrl, '/accept-terms'),
      payload: { acceptTerms: false },
    });
    expect(unticked.statusCode).toBe(400);
    const accepted = await site.app.inject({
      method: 'POST',
      url: apiPathOf(payUrl, '/accept-terms'),
      payload: { acceptTerms: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const acceptedAt = new Date(site.clock.now()).toISOString();
    expect(accepted.json()).toMatchObject({
      termsToAccept: false,
      paymentChoices: ['stripe', 'bank_transfer'],
      canPayBalance: true,
      terms: { acceptedAt },
    });
    const stored = JSON.parse((await bookingOf(code)).terms!);
    expect(stored).toMatchObject({ acceptedAt, locale: 'pt-PT', ownerEntered: false });
    // Again: nothing changes, the first acceptance stays.
    site.clock.advance(60_000);
    const again = await site.app.inject({
      method: 'POST',
      url: apiPathOf(payUrl, '/accept-terms'),
      payload: { acceptTerms: true },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().terms.acceptedAt).toBe(acceptedAt);

    const opened = await site.app.inject({ method: 'POST', url: apiPathOf(payUrl, '/pay-balance') });
    expect(opened.statusCode, opened.body).toBe(200);
    await stripe.completeSession(opened.json().checkoutUrl.split('/').at(-1), 'card');
    await expect.poll(async () => (await view()).status).toBe('confirmed');
    const confirmation = await mailOf(`booking:${(await bookingOf(code)).id}:confirmed`);
    expect(confirmation.textBody).toContain('Aceitou estas condições a 11 de janeiro de 2027');
  });

  it('are refused by a booking that is not an offer', async () => {
    const { code } = (
      await owner.post('/api/admin/stays', stayBody({ checkIn: '2027-08-02', checkOut: '2027-08-05' }))
    ).json<{ code: string }>();
    const link = (await owner.post(`/api/admin/stays/${code}/guest-link`)).json<{ url: string }>().url;
    const refused = await site.app.inject({
      method: 'POST',
      url: apiPathOf(link, '/accept-terms'),
      payload: { acceptTerms: true },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('conflict');
  });
});

describe('a stay the owner entered', () => {
  it('says the owner entered it, with no policy it was never given and no acceptance', async () => {
    const created = await owner.post(
      '/api/admin/stays',
      stayBody({
        channel: 'phone',
        checkIn: '2027-08-09',
        checkOut: '2027-08-12',
        platformReference: undefined,
        commissionCents: undefined,
        touristTaxCollectedBy: 'owner',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { code } = created.json<{ code: string }>();
    const link = (await owner.post(`/api/admin/stays/${code}/guest-link`)).json<{ url: string }>().url;
    const view = (await site.app.inject({ url: apiPathOf(link) })).json();
    expect(view.terms).toMatchObject({ acceptedAt: null, ownerEntered: true, cancellation: [], noWithdrawal: '' });
    expect(view.termsToAccept).toBe(false);
    const admin = (await owner.get(`/api/admin/bookings/${code}`)).json();
    expect(admin.terms).toMatchObject({ acceptedAt: null, ownerEntered: true });
  });
});

describe('an offer', () => {
  it('carries the owner’s message to the page and the mail, and dates its hold in the guest’s language at the house', async () => {
    const id = await inquiry({ guests: 2, locale: 'pt-PT', checkIn: '2027-06-07', checkOut: '2027-06-11' });
    const message = 'Olá Lena,\nA casa tem berço se precisar. <b>Até breve!</b>';
    const offered = await owner.post(`/api/admin/inquiries/${id}/offer`, { totalCents: 80_000, message });
    expect(offered.statusCode, offered.body).toBe(201);
    const { code, payUrl } = offered.json<{ code: string; payUrl: string }>();
    expect((await site.app.inject({ url: apiPathOf(payUrl) })).json().ownerMessage).toBe(message);
    const row = await bookingOf(code);
    const mail = await mailOf(`booking:${row.id}:offer`);
    expect(mail.textBody).toContain('A casa tem berço se precisar.');
    // 48 hours from 2027-01-11 10:00 UTC (the clock after the tests above), in Lisbon: winter, UTC+0.
    const hold = new Date(row.holdUntil!);
    expect(mail.textBody).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(mail.textBody).not.toContain('UTC');
    expect(mail.textBody).toContain(
      `${hold.getUTCDate()} de janeiro de 2027, ${String(hold.getUTCHours()).padStart(2, '0')}:${String(hold.getUTCMinutes()).padStart(2, '0')}`,
    );
    const html = await site.app.db
      .selectFrom('mailOutbox')
      .select('htmlBody')
      .where('key', '=', `booking:${row.id}:offer`)
      .executeTakeFirstOrThrow();
    expect(html.htmlBody).not.toContain('<b>Até breve!</b>');
  });

  it('without a guest count asks for it, in a field, and is priced and taxed for the party given', async () => {
    const id = await inquiry({ checkIn: '2027-07-05', checkOut: '2027-07-09' });
    const refused = await owner.post(`/api/admin/inquiries/${id}/offer`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'invalid_field', field: 'adults' });
    const offered = await owner.post(`/api/admin/inquiries/${id}/offer`, { adults: 2, childrenAges: [4] });
    expect(offered.statusCode, offered.body).toBe(201);
    const row = await bookingOf(offered.json().code);
    expect(row.guests).toBe(3);
    expect(JSON.parse(row.childrenAges)).toEqual([4]);
    const quote = (
      await site.app.inject({ url: '/api/quote?checkIn=2027-07-05&checkOut=2027-07-09&adults=2&childrenAges=4' })
    ).json();
    expect(taxOf(JSON.parse(row.quote).lines)).toBe(taxOf(quote.lines));
  });

  it('follows the ages the guest gave in the inquiry: children under the exemption age are not taxed', async () => {
    const id = await inquiry({ adults: 2, childrenAges: [3, 16], checkIn: '2027-09-06', checkOut: '2027-09-10' });
    const stored = await site.app.db
      .selectFrom('inquiries')
      .select(['guests', 'adults', 'childrenAges'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ guests: 4, adults: 2, childrenAges: '[3,16]' });
    const childrenAlone = await site.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { name: 'Lena Vogel', email: 'lena@example.com', childrenAges: [3] },
    });
    expect(childrenAlone.statusCode).toBe(400);
    expect(childrenAlone.json().error).toMatchObject({ code: 'invalid_field', field: 'adults' });
    const offered = await owner.post(`/api/admin/inquiries/${id}/offer`, {});
    expect(offered.statusCode, offered.body).toBe(201);
    const row = await bookingOf(offered.json().code);
    const asAdults = (
      await site.app.inject({ url: '/api/quote?checkIn=2027-09-06&checkOut=2027-09-10&adults=4' })
    ).json();
    const withAges = (
      await site.app.inject({ url: '/api/quote?checkIn=2027-09-06&checkOut=2027-09-10&adults=2&childrenAges=3,16' })
    ).json();
    expect(taxOf(withAges.lines)).toBeLessThan(taxOf(asAdults.lines));
    expect(taxOf(JSON.parse(row.quote).lines)).toBe(taxOf(withAges.lines));
    expect(row.guests).toBe(4);
  });

  it('answers the inquiry: making an offer, declining or confirming marks it handled, out of "Needs action"', async () => {
    const offered = await inquiry({ guests: 2, checkIn: '2027-10-04', checkOut: '2027-10-08' });
    const declined = await inquiry({ guests: 2, checkIn: '2027-10-11', checkOut: '2027-10-15' });
    const confirmed = await inquiry({ guests: 2, checkIn: '2027-10-18', checkOut: '2027-10-22' });
    expect((await owner.post(`/api/admin/inquiries/${offered}/offer`, {})).statusCode).toBe(201);
    expect((await owner.post(`/api/admin/inquiries/${declined}/decline`)).statusCode).toBe(200);
    expect((await owner.post(`/api/admin/inquiries/${confirmed}/confirm`)).statusCode).toBe(201);
    const rows = await site.app.db
      .selectFrom('inquiries')
      .select(['id', 'handledAt', 'handledBy'])
      .where('id', 'in', [offered, declined, confirmed])
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(row, row.id).toMatchObject({ handledAt: new Date(site.clock.now()).toISOString(), handledBy: 'owner' });
  });
});
