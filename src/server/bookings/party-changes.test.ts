import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBooking } from '../../shared/bookings.js';
import {
  apiPathOf,
  book,
  createBookingSite,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  testClock,
} from '../../../tests/support/server/booking-site.js';
import { FakeInvoiceXpress } from '../../../tests/support/server/fake-invoicexpress.js';
import { FakeStripe } from '../../../tests/support/server/fake-stripe.js';
import { listenForStripeWebhooks } from '../../../tests/support/server/stripe-webhooks.js';
import { stayBody } from '../../../tests/support/server/stays.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { changeParty } from './change-party.js';

// The owner changes who stays in a booking (docs/decisions/0069-changing-a-bookings-party.md):
// the nights keep their agreed price, the extra-guest fee and the tourist tax follow the party
// and its ages, a surplus goes back (tax first, with its credit note), and a paid stay that now
// costs more owes the difference, paid by the guest from their page and invoiced. Through the
// fake Stripe and the fake InvoiceXpress; on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

vi.setConfig({ testTimeout: 60_000 });

const ROOT = join(import.meta.dirname, '../../..');
const LEGAL = (JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as { legal: object }).legal;
const START = Date.UTC(2027, 0, 10, 10);
/** €100 a night; €15 a night from the 3rd guest; €2 of tourist tax per guest from 13 years and night. */
const PRICING = {
  currency: 'EUR',
  nightly: 10_000,
  minNights: 2,
  extraGuest: { from: 3, perNight: 1_500 },
  touristTax: { municipality: 'Test', perGuestPerNight: 200, maxNights: 10, minAge: 13 },
};
/** Within 30 days of the clock: paid in full at once. */
const SOON = { checkIn: '2027-01-25', checkOut: '2027-01-28' };
/** Months ahead: a 30 % deposit now. */
const LATER = { checkIn: '2027-06-07', checkOut: '2027-06-10' };

let stripe: FakeStripe;
let ix: FakeInvoiceXpress;
let site: TestApp & { clock: ReturnType<typeof testClock> };
let cookie: string;
const clock = testClock(START);

beforeAll(async () => {
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
  ix = await FakeInvoiceXpress.start();
});
afterAll(async () => {
  await stripe?.stop();
  await ix?.stop();
});
beforeEach(async () => {
  clock.set(START);
  ix.documents.splice(0);
  site = await createBookingSite({
    clock,
    stripeUrl: stripe.baseUrl,
    content: { pricing: PRICING, legal: { ...LEGAL, invoicing: { nightsVatPercent: 6 } } },
    env: {
      SUBMISSIONS_PER_WINDOW: '1000',
      INVOICEXPRESS_ACCOUNT: 'casadolago',
      INVOICEXPRESS_API_KEY: ix.apiKey,
      INVOICING_API_URL: ix.url,
    },
  });
  await listenForStripeWebhooks(site.app, stripe);
  cookie = await login(site.app);
});
afterEach(async () => {
  await site?.close();
});

const headers = () => ({ cookie, origin: 'http://estadia.test' });
const post = (url: string, payload: object = {}) =>
  site.app.inject({ method: 'POST', url, headers: headers(), ...json(payload) });
const changePartyOf = (code: string, party: object) => post(`/api/admin/bookings/${code}/party`, party);
const view = async (code: string) =>
  (await site.app.inject({ url: `/api/admin/bookings/${code}`, headers: headers() })).json<AdminBooking>();
const row = (code: string) =>
  site.app.db.selectFrom('bookings').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const paymentsOf = async (code: string) =>
  site.app.db
    .selectFrom('payments')
    .selectAll()
    .where('bookingId', '=', (await row(code)).id)
    .orderBy('createdAt')
    .orderBy('amountCents', 'desc')
    .execute();
const partyMail = async (code: string) =>
  site.app.db
    .selectFrom('mailOutbox')
    .select(['subject', 'textBody', 'key'])
    .where('key', 'like', `booking:${(await row(code)).id}:party-changed:%`)
    .orderBy('createdAt')
    .execute();
const sessionOf = (url: string | undefined) => (url ?? '').split('/').at(-1) as string;
/** The invoicing job, a few runs a minute apart: a document waits a minute for the booking's earlier ones. */
async function invoice() {
  for (let run = 0; run < 3; run++) {
    await site.app.invoicingJobs.runOnce();
    clock.advance(61_000);
  }
}
const withVat = (item: { unit_price: string; tax?: { name: string } }) =>
  Math.round(Number(item.unit_price) * (1 + Number(item.tax?.name.replace('IVA', '') ?? 23) / 100) * 100);
const linesOf = (doc: { items: Array<{ name: string; unit_price: string; tax?: { name: string } }> }) =>
  doc.items.map((i) => [i.name, withVat(i)]);

async function booked(party: { adults: number; childrenAges?: number[] }, changes: Record<string, unknown> = {}) {
  const created = await book(site.app, { ...SOON, guests: undefined, ...party, ...changes });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** Booked by card for `party` and paid in full. */
async function paidByCard(party: { adults: number; childrenAges?: number[] }) {
  const created = await booked(party);
  await stripe.completeSession(sessionOf(created.checkoutUrl), 'card');
  await vi.waitFor(async () => expect(await row(created.code)).toMatchObject({ status: 'paid' }), {
    timeout: 20_000,
    interval: 50,
  });
  return created;
}

describe("changing a booking's party", () => {
  it('prices more guests on a booking not yet paid: the nights as agreed, the fee and the tax for the new party', async () => {
    const created = await booked({ adults: 2 }, { ...LATER, paymentMethod: 'bank_transfer', locale: 'pt-PT' });
    expect(await row(created.code)).toMatchObject({ status: 'awaiting_payment', totalCents: 31_200 });
    clock.advance(60_000);

    const changed = await changePartyOf(created.code, { adults: 3, childrenAges: [4] });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json<AdminBooking>();
    // €300 of nights; 2 extra guests × 3 nights × €15; tax for the 3 adults only (the child is 4).
    expect(after).toMatchObject({
      status: 'awaiting_payment',
      guests: 4,
      childrenAges: [4],
      totalCents: 30_000 + 9_000 + 1_800,
      dueNowCents: created.dueNowCents,
    });
    expect(after.quote.lines.map((l) => [l.kind, l.amount, l.guests])).toEqual([
      ['nights', 30_000, null],
      ['extraGuests', 9_000, 2],
      ['touristTax', 1_800, 3],
    ]);
    expect(after.quote.total).toBe(40_800);
    expect(after.history.at(-1)).toMatchObject({
      from: 'awaiting_payment',
      to: 'awaiting_payment',
      by: 'owner',
      at: new Date(START + 60_000).toISOString(),
      note: 'Party changed from 2 adults to 3 adults and 1 child (age 4); total 31200 → 40800 cents',
    });
    // The guest is told in their language, with plurals, the new total and what is left to pay.
    const [mail] = await partyMail(created.code);
    expect(mail?.subject).toBe(`Hóspedes alterados: a sua reserva na Casa do Lago (${created.code})`);
    expect(mail?.textBody).toContain('passa a ser para 3 adultos e 1 criança (idade: 4) (antes: 2 adultos)');
    expect(mail?.textBody).toMatch(/O total passa a ser 408\s€\. Em falta: 408\s€\./);
  });

  it('makes a paid stay owe the difference of more guests, never charged to the saved card, then paid by the guest and invoiced', async () => {
    // The deposit by card (the card is saved for the balance), the balance paid early from the page.
    const created = await booked({ adults: 2 }, LATER);
    await stripe.completeSession(sessionOf(created.checkoutUrl), 'card');
    await vi.waitFor(async () => expect(await row(created.code)).toMatchObject({ status: 'confirmed' }), {
      timeout: 20_000,
      interval: 50,
    });
    expect(await row(created.code)).toMatchObject({ stripePaymentMethod: expect.any(String) });
    const payBalance = async () => {
      const page = await site.app.inject({ method: 'POST', url: apiPathOf(created.bookingUrl, '/pay-balance') });
      expect(page.statusCode, page.body).toBe(200);
      await stripe.completeSession(sessionOf(page.json().checkoutUrl), 'card');
    };
    await payBalance();
    await vi.waitFor(async () => expect(await row(created.code)).toMatchObject({ status: 'paid', paidCents: 31_200 }), {
      timeout: 20_000,
      interval: 50,
    });
    await invoice();
    expect(ix.documents).toHaveLength(2);

    const changed = await changePartyOf(created.code, { adults: 3, childrenAges: [] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      status: 'balance_due',
      totalCents: 31_200 + 4_500 + 600,
      paidCents: 31_200,
      dueCents: 5_100,
      balanceDueOn: '2027-01-10',
    });
    expect(changed.json<AdminBooking>().history.at(-1)).toMatchObject({
      from: 'paid',
      to: 'balance_due',
      by: 'owner',
      note: 'The larger party owes the difference',
    });
    const [mail] = await partyMail(created.code);
    expect(mail?.textBody).toContain('The difference, €51, is to pay: please pay it from your booking page.');

    // The job never charges the saved card for it, that day or later.
    await site.app.bookingJobs.runOnce();
    clock.advance(2 * 24 * 60 * 60_000);
    await site.app.bookingJobs.runOnce();
    expect((await paymentsOf(created.code)).map((p) => [p.kind, p.amountCents, p.status])).toEqual([
      ['balance', 21_840, 'succeeded'],
      ['deposit', 9_360, 'succeeded'],
    ]);

    // The guest pays it from their page; it is invoiced on its own.
    await payBalance();
    await vi.waitFor(async () => expect(await row(created.code)).toMatchObject({ status: 'paid', paidCents: 36_300 }), {
      timeout: 20_000,
      interval: 50,
    });
    await invoice();
    // One invoice per payment: the deposit and the balance (issued in either order), then the difference.
    expect(ix.documents.map((d) => [d.kind, d.totalCents]).slice(2)).toEqual([['invoice_receipts', 5_100]]);
    expect(ix.documents.map((d) => d.totalCents).toSorted((a, b) => a - b)).toEqual([5_100, 9_360, 21_840]);
  });

  it('refunds the surplus of fewer guests on a paid card booking, tax first, and credits it', async () => {
    const created = await paidByCard({ adults: 3, childrenAges: [15] });
    // 2 extra guests × 3 nights × €15, and 4 taxed guests (15 is over 13).
    expect(await row(created.code)).toMatchObject({ totalCents: 30_000 + 9_000 + 2_400, paidCents: 41_400 });
    await invoice();

    const changed = await changePartyOf(created.code, { adults: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ status: 'paid', totalCents: 31_200, guests: 2, childrenAges: [] });
    const refunds = (await paymentsOf(created.code)).filter((p) => p.kind === 'refund');
    expect(
      refunds.map((r) => [r.amountCents, r.refundTaxCents, r.status, r.idempotencyKey.endsWith(':party:1')]),
    ).toEqual([[10_200, 1_200, 'succeeded', true]]);
    expect(await row(created.code)).toMatchObject({ refundedCents: 10_200 });
    const [mail] = await partyMail(created.code);
    expect(mail?.textBody).toContain('The total is now €312. €102 goes back to the card you paid with');

    await invoice();
    const note = ix.documents.find((d) => d.kind === 'credit_notes');
    expect(note).toMatchObject({ owner_invoice_id: ix.documents[0]!.id, totalCents: 10_200 });
    // The tax that fell credits the tax line; the rest goes over the stay's VAT lines (decision 0059).
    expect(linesOf(note!)).toEqual([
      ['Alojamento', 6_923],
      ['Alojamento-hospedes', 2_077],
      ['Taxa-turistica', 1_200],
    ]);
  });

  it('owes the surplus of fewer guests back by transfer to a guest who paid by transfer, for the owner to send', async () => {
    const created = await booked({ adults: 4 }, { paymentMethod: 'bank_transfer' });
    const paid = await post(`/api/admin/bookings/${created.code}/mark-paid`, { amountCents: 41_400 });
    expect(paid.json()).toMatchObject({ status: 'paid', paidCents: 41_400 });
    await invoice();

    const changed = await changePartyOf(created.code, { adults: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      status: 'paid',
      totalCents: 31_200,
      owedBack: { cardCents: 0, transferCents: 10_200, ibanMasked: null },
    });
    const [refund] = (await paymentsOf(created.code)).filter((p) => p.kind === 'refund');
    expect(refund).toMatchObject({
      method: 'bank_transfer',
      status: 'pending',
      amountCents: 10_200,
      refundTaxCents: 1_200,
    });
    const [mail] = await partyMail(created.code);
    expect(mail?.textBody).toContain('please give the IBAN of the account to send it to on your booking page');

    // The guest gives the account; the owner sends the money and marks it sent; its credit note follows.
    const given = await site.app.inject({
      method: 'PUT',
      url: apiPathOf(created.bookingUrl, '/refund-account'),
      ...json({ iban: 'DE89 3704 0044 0532 0130 00' }),
    });
    expect(given.statusCode, given.body).toBe(200);
    const sent = await post(`/api/admin/payments/${refund!.id}/refund-sent`, { day: '2027-01-10' });
    expect(sent.statusCode, sent.body).toBe(204);
    expect(await row(created.code)).toMatchObject({ refundedCents: 10_200 });
    await invoice();
    expect(ix.documents.map((d) => [d.kind, d.totalCents])).toEqual([
      ['invoice_receipts', 41_400],
      ['credit_notes', 10_200],
    ]);
    expect(linesOf(ix.documents[1]!)).toEqual([
      ['Alojamento', 6_923],
      ['Alojamento-hospedes', 2_077],
      ['Taxa-turistica', 1_200],
    ]);
  });

  it('keeps the price of a stay the owner entered, paid outside the site, whoever stays', async () => {
    const entered = await post(
      '/api/admin/stays',
      stayBody({
        channel: 'phone',
        adults: 4,
        children: [],
        platformReference: undefined,
        priceCents: 30_000,
        commissionCents: 0,
        touristTaxCollectedBy: 'owner',
        ...LATER,
      }),
    );
    expect(entered.statusCode, entered.body).toBe(201);
    const { code } = entered.json<{ code: string }>();
    const before = await view(code);
    expect(before).toMatchObject({ status: 'paid', totalCents: 30_000, paidCents: 30_000 });

    const changed = await changePartyOf(code, { adults: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    // The one line the owner typed is the price whoever stays, and it carried no tax: nothing to reprice.
    expect(changed.json()).toMatchObject({ status: 'paid', guests: 2, totalCents: 30_000, dueCents: 0 });
    expect(changed.json<AdminBooking>().quote.lines.map((l) => [l.kind, l.amount])).toEqual([['nights', 30_000]]);
    expect((await paymentsOf(code)).filter((p) => p.kind === 'refund')).toEqual([]);
  });

  it('taxes the children by their ages under the stay’s own rule', async () => {
    const created = await booked({ adults: 2 }, { ...LATER, paymentMethod: 'bank_transfer' });
    const taxOf = (b: AdminBooking) => b.quote.lines.filter((l) => l.kind === 'touristTax').map((l) => l.guests);
    const older = await changePartyOf(created.code, { adults: 2, childrenAges: [4, 12, 13] });
    expect(taxOf(older.json())).toEqual([3]);
    const younger = await changePartyOf(created.code, { adults: 2, childrenAges: [4, 12, 12] });
    expect(taxOf(younger.json())).toEqual([2]);
    // Three extra guests either way: only the tax changed.
    expect(older.json().totalCents - younger.json().totalCents).toBe(3 * 200);
  });

  it('refuses a party the house cannot take, the same party, a booking that is over, an unknown code', async () => {
    const created = await booked({ adults: 2 }, { ...LATER, paymentMethod: 'bank_transfer' });
    const refused = async (party: object) => (await changePartyOf(created.code, party)).json().error;
    expect(await refused({ adults: 8 })).toMatchObject({ code: 'invalid_field', field: 'adults' });
    expect(await refused({ adults: 5, childrenAges: [3, 4, 5] })).toMatchObject({ field: 'adults' });
    expect(await refused({ adults: 0, childrenAges: [4] })).toMatchObject({ field: 'adults' });
    expect(await refused({ adults: 2, childrenAges: [18] })).toMatchObject({ field: 'childrenAges.0' });
    expect(await refused({ adults: 2, childrenAges: [] })).toMatchObject({ code: 'same_party', field: 'adults' });
    expect((await changePartyOf('ZZZZ-ZZ', { adults: 3 })).statusCode).toBe(404);
    expect(await view(created.code)).toMatchObject({ guests: 2, totalCents: 31_200 });

    expect((await post(`/api/admin/bookings/${created.code}/cancel`, { refundCents: 0 })).statusCode).toBe(200);
    const over = await changePartyOf(created.code, { adults: 3 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'conflict' });
  });

  it('refuses a change read before another one (the optimistic check)', async () => {
    const created = await booked({ adults: 2 }, { ...LATER, paymentMethod: 'bank_transfer' });
    const stale = await row(created.code);
    expect((await changePartyOf(created.code, { adults: 3 })).statusCode).toBe(200);
    await expect(changeParty(site.app.bookings, stale, { adults: 4, childrenAges: [] })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await view(created.code)).toMatchObject({ guests: 3 });
  });
});
