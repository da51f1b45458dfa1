import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBooking } from '../../shared/bookings.js';
import type { NeedsAction } from '../../shared/needs-action.js';
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
import { login, type TestApp } from '../../../tests/support/server/test-app.js';

// A refund keeps its make-up (tourist tax, rest) when it is planned, and its credit note follows
// it: the tax line first, the rest over the VAT lines (docs/decisions/0059-refund-make-up-and-credit-notes.md).
// A hand-invoiced payment's refund goes to "To invoice", and a document waiting over a day to
// "Needs action". Through the fake InvoiceXpress and the fake Stripe on loopback; on SQLite, and on
// PostgreSQL with TEST_DATABASE_URL.

vi.setConfig({ testTimeout: 60_000 });

const ROOT = join(import.meta.dirname, '../../..');
const LEGAL = (JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as { legal: object }).legal;
const DAY = 24 * 60 * 60_000;
const START = Date.UTC(2027, 0, 10, 10);
/** €100 a night, no fees; €2 of tourist tax per guest and night for up to 10 nights. */
const PRICING = {
  currency: 'EUR',
  nightly: 10_000,
  minNights: 2,
  touristTax: { municipality: 'Test', perGuestPerNight: 200, maxNights: 10 },
};
/** Half back from 10 days before arrival, nothing later. */
const CANCELLATION = [
  { daysBeforeArrival: 10, refundPercent: 50 },
  { daysBeforeArrival: 0, refundPercent: 0 },
];

let stripe: FakeStripe;
let ix: FakeInvoiceXpress;
let site: TestApp & { clock: ReturnType<typeof testClock> };
const clock = testClock(START);

async function startSite(withProvider = true) {
  const s = await createBookingSite({
    clock,
    stripeUrl: stripe.baseUrl,
    booking: { cancellation: CANCELLATION },
    content: { pricing: PRICING, legal: { ...LEGAL, invoicing: { nightsVatPercent: 6 } } },
    env: {
      SUBMISSIONS_PER_WINDOW: '1000',
      MAIL_TO: 'owner@example.com',
      ...(withProvider
        ? { INVOICEXPRESS_ACCOUNT: 'casadolago', INVOICEXPRESS_API_KEY: ix.apiKey, INVOICING_API_URL: ix.url }
        : {}),
    },
  });
  await listenForStripeWebhooks(s.app, stripe);
  return s;
}

beforeAll(async () => {
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
  ix = await FakeInvoiceXpress.start();
});
afterAll(async () => {
  await stripe?.stop();
  await ix?.stop();
});
beforeEach(() => {
  clock.set(START);
  ix.documents.splice(0);
  Object.assign(stripe, { autoWebhooks: true, holdEvents: false, nextOffSession: 'succeeded' });
});
afterEach(async () => {
  await site?.close();
});

const sessionOf = (url: string | undefined) => (url ?? '').split('/').at(-1) as string;
const row = (code: string) =>
  site.app.db.selectFrom('bookings').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const refundsOf = async (code: string) =>
  site.app.db
    .selectFrom('payments')
    .selectAll()
    .where('bookingId', '=', (await row(code)).id)
    .where('kind', '=', 'refund')
    .orderBy('amountCents', 'desc')
    .execute();
const admin = async () => ({ cookie: await login(site.app), origin: 'http://estadia.test' });
const get = async <T>(url: string) => {
  const answer = await site.app.inject({ url, headers: await admin() });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
};
const run = () => site.app.invoicingJobs.runOnce();
/** A fake document's line with its VAT, in cents, as the provider computes it. */
const withVat = (item: { unit_price: string; tax?: { name: string } }) =>
  Math.round(Number(item.unit_price) * (1 + Number(item.tax?.name.replace('IVA', '') ?? 23) / 100) * 100);
const linesOf = (doc: { items: Array<{ name: string; unit_price: string; tax?: { name: string } }> }) =>
  doc.items.map((i) => [i.name, withVat(i)]);

/** Ten nights for two (€1,000 of nights at 6 % and €40 of tourist tax), paid by card. */
async function paidStay(checkIn = '2027-01-25', checkOut = '2027-02-04') {
  const created = await book(site.app, { checkIn, checkOut, guests: 2 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await stripe.completeSession(sessionOf(created.body.checkoutUrl), 'card');
  return created.body;
}

const cancel = async (bookingUrl: string) => {
  const answer = await site.app.inject({ method: 'POST', url: apiPathOf(bookingUrl, '/cancel') });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ refundCents: number }>();
};

describe('credit notes that follow the refund', () => {
  it('credits the €40 of tax and €500 of nights of a 50 % cancellation of €1,040 (not €519.23 and €20.77)', async () => {
    site = await startSite();
    const booking = await paidStay();
    expect(await row(booking.code)).toMatchObject({ status: 'paid', paidCents: 104_000, totalCents: 104_000 });
    await run();
    expect(linesOf(ix.documents[0]!)).toEqual([
      ['Alojamento', 100_000],
      ['Taxa-turistica', 4_000],
    ]);
    clock.advance(DAY);
    expect(await cancel(booking.bookingUrl)).toEqual({ status: 'cancelled', refundCents: 54_000 });
    expect((await refundsOf(booking.code)).map((r) => [r.amountCents, r.refundTaxCents, r.status])).toEqual([
      [54_000, 4_000, 'succeeded'],
    ]);
    await run();
    const note = ix.documents[1]!;
    expect(note).toMatchObject({ kind: 'credit_notes', owner_invoice_id: ix.documents[0]!.id, totalCents: 54_000 });
    expect(linesOf(note)).toEqual([
      ['Alojamento', 50_000],
      ['Taxa-turistica', 4_000],
    ]);
    // The owner's payments list shows the refund's make-up; a charge has none.
    const view = await get<AdminBooking>(`/api/admin/bookings/${booking.code}`);
    expect(view.payments.map((p) => [p.kind, p.amountCents, p.makeUp])).toEqual([
      ['full', 104_000, null],
      ['refund', 54_000, { touristTaxCents: 4_000, restCents: 50_000 }],
    ]);
  });

  it('credits only tax for the tax refunded after a change of dates', async () => {
    site = await startSite();
    const booking = await paidStay();
    await run();
    const moved = await site.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.code}/dates`,
      headers: await admin(),
      payload: { checkIn: '2027-01-25', checkOut: '2027-02-02' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await row(booking.code)).toMatchObject({ totalCents: 103_200, refundedCents: 800 });
    expect((await refundsOf(booking.code)).map((r) => [r.amountCents, r.refundTaxCents])).toEqual([[800, 800]]);
    await run();
    expect(ix.documents.map((d) => d.kind)).toEqual(['invoice_receipts', 'credit_notes']);
    expect(linesOf(ix.documents[1]!)).toEqual([['Taxa-turistica', 800]]);
    const view = await get<AdminBooking>(`/api/admin/bookings/${booking.code}`);
    expect(view.payments.find((p) => p.kind === 'refund')?.makeUp).toEqual({ touristTaxCents: 800, restCents: 0 });
  });

  it('takes the tax back from the deposit and the balance that each held it, so each credit note credits tax its invoice carries', async () => {
    site = await startSite();
    // Arrival in 64 days: a 30 % deposit now, the balance 30 days before arrival.
    const booking = await paidStay('2027-03-15', '2027-03-25');
    const first = await row(booking.code);
    expect(first).toMatchObject({ paidCents: 31_200 });
    await run();
    clock.set(Date.parse(`${first.balanceDueOn as string}T09:00:00Z`));
    await site.app.bookingJobs.runOnce();
    expect(await row(booking.code)).toMatchObject({ status: 'paid', paidCents: 104_000 });
    await run();
    expect(ix.documents.map(linesOf)).toEqual([
      [
        ['Alojamento', 30_000],
        ['Taxa-turistica', 1_200],
      ],
      [
        ['Alojamento', 70_000],
        ['Taxa-turistica', 2_800],
      ],
    ]);
    clock.advance(DAY);
    expect(await cancel(booking.bookingUrl)).toMatchObject({ refundCents: 54_000 });
    // All from the balance's card charge but the €12 of tax the deposit held.
    expect((await refundsOf(booking.code)).map((r) => [r.amountCents, r.refundTaxCents])).toEqual([
      [52_800, 2_800],
      [1_200, 1_200],
    ]);
    await run();
    const notes = ix.documents.filter((d) => d.kind === 'credit_notes');
    const byInvoice = new Map(notes.map((n) => [n.owner_invoice_id, linesOf(n)]));
    expect(byInvoice.get(ix.documents[0]!.id)).toEqual([['Taxa-turistica', 1_200]]);
    expect(byInvoice.get(ix.documents[1]!.id)).toEqual([
      ['Alojamento', 50_000],
      ['Taxa-turistica', 2_800],
    ]);
  });
});

describe('every refund keeps its make-up', () => {
  it("keeps a dashboard refund's share of tax, and the owner's refund the tax still held", async () => {
    site = await startSite();
    const booking = await paidStay();
    await run();
    const intentId = stripe.intentsWith({ bookingId: (await row(booking.code)).id })[0]!.id;
    await stripe.dashboardRefund(intentId, 10_400);
    await vi.waitFor(async () => expect(await row(booking.code)).toMatchObject({ refundedCents: 10_400 }), {
      timeout: 20_000,
      interval: 50,
    });
    const cancelled = await site.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.code}/cancel`,
      headers: await admin(),
      payload: { refundCents: 30_000 },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const view = await get<AdminBooking>(`/api/admin/bookings/${booking.code}`);
    // 10 % of the charge carried 10 % of its tax; of the €936 still held, €36 is tax, all given back.
    const refunds = view.payments.filter((p) => p.kind === 'refund').toSorted((a, b) => a.amountCents - b.amountCents);
    expect(refunds.map((p) => [p.amountCents, p.makeUp])).toEqual([
      [10_400, { touristTaxCents: 400, restCents: 10_000 }],
      [30_000, { touristTaxCents: 3_600, restCents: 26_400 }],
    ]);
    await run();
    const notes = ix.documents.filter((d) => d.kind === 'credit_notes').toSorted((a, b) => a.totalCents - b.totalCents);
    expect(notes.map(linesOf)).toEqual([
      [
        ['Alojamento', 10_000],
        ['Taxa-turistica', 400],
      ],
      [
        ['Alojamento', 26_400],
        ['Taxa-turistica', 3_600],
      ],
    ]);
  });
});

describe('a refund of a payment invoiced by hand', () => {
  it('goes to "To invoice" as a credit note to issue by hand, and waits in "Needs action" after a day', async () => {
    site = await startSite();
    const booking = await paidStay();
    const [payment] = (await get<{ items: Array<{ paymentId: string }> }>('/api/admin/to-invoice')).items;
    const ticked = await site.app.inject({
      method: 'POST',
      url: `/api/admin/to-invoice/${payment!.paymentId}/done`,
      headers: await admin(),
    });
    expect(ticked.statusCode).toBe(204);
    await cancel(booking.bookingUrl);
    await run();
    await run();
    // The provider never sees the refund, and no credit note waits for an invoice it never issued.
    expect(ix.documents).toHaveLength(0);
    expect(await site.app.db.selectFrom('invoiceDocuments').select('status').execute()).toEqual([{ status: 'manual' }]);
    const list = await get<{ items: Array<Record<string, unknown>> }>('/api/admin/to-invoice');
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'refund',
        creditsHandInvoice: true,
        amountCents: 54_000,
        lines: [
          expect.objectContaining({ kind: 'nights', amountCents: 50_000, vatPercent: 6 }),
          expect.objectContaining({ kind: 'touristTax', amountCents: 4_000, vatPercent: 0 }),
        ],
      }),
    ]);
    const csv = await site.app.inject({ url: '/api/admin/to-invoice.csv', headers: await admin() });
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]!.endsWith(';credits_invoice_by_hand')).toBe(true);
    expect(rows.slice(1).map((r) => r.split(';').slice(7))).toEqual([
      ['Alojamento', '500,00', '6', '', 'yes'],
      ['Taxa municipal turística (não sujeita a IVA)', '40,00', '0', 'M99', 'yes'],
    ]);

    const needs = () => get<NeedsAction>('/api/admin/needs-action');
    expect((await needs()).documents).toEqual({ count: 0, items: [] });
    clock.advance(DAY + 60_000);
    expect((await needs()).documents).toEqual({
      count: 1,
      items: [
        {
          code: booking.code,
          name: 'Ana Silva',
          kind: 'credit_note',
          paymentId: list.items[0]!.paymentId,
          amountCents: 54_000,
          state: 'to_invoice',
          since: expect.any(String),
          error: null,
        },
      ],
    });
    const done = await site.app.inject({
      method: 'POST',
      url: `/api/admin/to-invoice/${list.items[0]!.paymentId as string}/done`,
      headers: await admin(),
    });
    expect(done.statusCode).toBe(204);
    expect((await needs()).documents.count).toBe(0);
  });
});

describe('documents waiting in "Needs action"', () => {
  it('lists a document the provider refused once it has waited over a day, with the refusal', async () => {
    site = await startSite();
    const booking = await paidStay();
    ix.rejectNext('O NIF do cliente é inválido');
    await run();
    const needs = () => get<NeedsAction>('/api/admin/needs-action');
    clock.advance(23 * 60 * 60_000);
    expect((await needs()).documents.count).toBe(0);
    clock.advance(2 * 60 * 60_000);
    const waiting = await needs();
    expect(waiting.documents.items).toEqual([
      expect.objectContaining({
        code: booking.code,
        kind: 'invoice_receipt',
        amountCents: 104_000,
        state: 'rejected',
        error: 'O NIF do cliente é inválido',
      }),
    ]);
  });
});
