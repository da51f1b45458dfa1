import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { mailsByKeyPrefix } from '../mail/outbox-data.js';

// Invoicing through the fake InvoiceXpress on loopback, driven by the real client, with the real
// Stripe SDK against the fake Stripe: every settled payment gets one finalised invoice-receipt
// with its lines and VAT, every refund a credit note of its invoice, exactly once through lost
// answers, 5xx, refusals and two servers. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.

vi.setConfig({ testTimeout: 60_000 });

const ROOT = join(import.meta.dirname, '../../..');
const LEGAL = (JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as { legal: object }).legal;
const MINUTE = 60_000;
const START = Date.UTC(2027, 0, 10, 10);

let stripe: FakeStripe;
let ix: FakeInvoiceXpress;
let site: TestApp & { clock: ReturnType<typeof testClock> };
const clock = testClock(START);

async function startSite(invoicing: object = { nightsVatPercent: 6 }, withProvider = true, databaseUrl?: string) {
  const s = await createBookingSite({
    clock,
    stripeUrl: stripe.baseUrl,
    content: { legal: { ...LEGAL, invoicing } },
    env: {
      SUBMISSIONS_PER_WINDOW: '1000',
      MAIL_TO: 'owner@example.com',
      ...(withProvider
        ? { INVOICEXPRESS_ACCOUNT: 'casadolago', INVOICEXPRESS_API_KEY: ix.apiKey, INVOICING_API_URL: ix.url }
        : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
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
beforeEach(async () => {
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
const paymentsOf = async (code: string) =>
  site.app.db
    .selectFrom('payments')
    .selectAll()
    .where('bookingId', '=', (await row(code)).id)
    .orderBy('createdAt')
    .execute();
const admin = async () => ({ cookie: await login(site.app), origin: 'http://estadia.test' });
const documents = async (code: string) =>
  (await site.app.inject({ url: `/api/admin/stays/${code}/documents`, headers: await admin() })).json().items as Array<
    Record<string, unknown>
  >;
const run = () => site.app.invoicingJobs.runOnce();
/** A fake document's total per VAT rate, in cents, and its lines' amounts with VAT, as the provider computes them. */
const withVat = (item: { unit_price: string; tax?: { name: string } }) =>
  Math.round(Number(item.unit_price) * (1 + Number(item.tax?.name.replace('IVA', '') ?? 23) / 100) * 100);

/** A stay of 3 nights in April 2028 (€422: 3 × €120 nights, €50 cleaning, €12 tourist tax) with its 30 % deposit paid by card. */
async function confirmed(changes: Record<string, unknown> = {}) {
  const created = await book(site.app, { checkIn: '2028-04-03', checkOut: '2028-04-06', ...changes });
  expect(created.status).toBe(201);
  await stripe.completeSession(sessionOf(created.body.checkoutUrl), 'card');
  const booking = await row(created.body.code);
  expect(booking).toMatchObject({ status: 'confirmed', paidCents: 12_660, totalCents: 42_200 });
  return { ...created.body, id: booking.id, balanceDueOn: booking.balanceDueOn as string };
}

describe('invoices for payments', () => {
  it('gives a Stripe deposit and then its balance two finalised invoice-receipts with their lines and VAT, the second naming the first', async () => {
    site = await startSite();
    const booking = await confirmed();
    await run();
    expect(ix.documents).toHaveLength(1);
    const [deposit] = ix.documents;
    expect(deposit).toMatchObject({
      kind: 'invoice_receipts',
      status: 'settled',
      tax_exemption: 'M99',
      totalCents: 12_660,
    });
    expect(deposit!.client).toMatchObject({ name: 'Ana Silva', country: 'Germany', email: 'ana@example.com' });
    expect(deposit!.client.fiscal_id).toBeUndefined();
    // 30 % of each line: nights €108 and cleaning €15 at 6 %, the tourist tax €3.60 outside VAT.
    expect(deposit!.items.map((i) => [i.name, i.tax?.name, withVat(i)])).toEqual([
      ['Alojamento', 'IVA6', 10_800],
      ['Limpeza', 'IVA6', 1_500],
      ['Taxa-turistica', 'IVA0', 360],
    ]);
    expect(deposit!.items[0]!.description).toMatch(/^Adiantamento: /);
    expect(deposit!.emails).toEqual(['ana@example.com']);
    const payments = await paymentsOf(booking.code);
    expect(deposit!.reference).toBe(payments[0]!.id);

    clock.set(Date.parse(`${booking.balanceDueOn}T09:00:00Z`));
    await site.app.bookingJobs.runOnce();
    expect(await row(booking.code)).toMatchObject({ status: 'paid', paidCents: 42_200 });
    await run();
    expect(ix.documents).toHaveLength(2);
    const balance = ix.documents[1]!;
    expect(balance).toMatchObject({ status: 'settled', totalCents: 29_540 });
    expect(balance.items.map(withVat)).toEqual([25_200, 3_500, 840]);
    expect(balance.observations).toContain(`Já faturado: ${deposit!.sequence_number!.split('/').reverse().join('/')}`);
    expect(await documents(booking.code)).toEqual([
      expect.objectContaining({ kind: 'invoice_receipt', state: 'sent', number: 'FR/1', error: null }),
      expect.objectContaining({ kind: 'invoice_receipt', state: 'sent', number: 'FR/2', error: null }),
    ]);
    // Stripe's fee of each card payment, read from its balance transaction.
    expect((await paymentsOf(booking.code)).map((p) => p.stripeFeeCents)).toEqual([215, 468]);
  });

  it('links the PDF for the owner and the guest, asking the provider each time', async () => {
    site = await startSite();
    const booking = await confirmed();
    await run();
    const [doc] = await documents(booking.code);
    const first = await site.app.inject({ url: doc!.pdfUrl as string, headers: await admin() });
    expect(first.statusCode).toBe(409);
    const second = await site.app.inject({ url: doc!.pdfUrl as string, headers: await admin() });
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe(`${ix.url}/pdfs/${ix.documents[0]!.id}.pdf`);
    const guest = await site.app.inject({
      url: apiPathOf(booking.bookingUrl, `/documents/${doc!.paymentId as string}/pdf`),
    });
    expect(guest.statusCode).toBe(302);
    const stranger = await site.app.inject({
      url: `/api/bookings/${booking.code}/documents/${doc!.paymentId as string}/pdf?t=${'x'.repeat(43)}`,
    });
    expect(stranger.statusCode).not.toBe(302);
  });

  it("lists to the guest only their own booking's issued documents, each with its PDF link", async () => {
    site = await startSite();
    const mine = await confirmed();
    const other = await confirmed({ checkIn: '2028-04-10', checkOut: '2028-04-13' });
    const before = await site.app.inject({ url: apiPathOf(mine.bookingUrl, '/documents') });
    // Nothing issued yet: the recorded intention has no PDF.
    expect(before.json()).toEqual({ items: [] });
    await run();
    const listed = await site.app.inject({ url: apiPathOf(mine.bookingUrl, '/documents') });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const [payment] = await paymentsOf(mine.code);
    const token = new URL(mine.bookingUrl).searchParams.get('t') as string;
    expect(listed.json()).toEqual({
      items: [
        {
          kind: 'invoice_receipt',
          paymentId: payment!.id,
          number: ix.documents
            .find((d) => d.reference === payment!.id)!
            .sequence_number!.split('/')
            .reverse()
            .join('/'),
          pdfUrl: `/api/bookings/${mine.code}/documents/${payment!.id}/pdf?t=${encodeURIComponent(token)}`,
        },
      ],
    });
    // The other booking's documents are its own; this guest's token opens none of them.
    const theirs = await site.app.inject({ url: apiPathOf(other.bookingUrl, '/documents') });
    const [theirPayment] = await paymentsOf(other.code);
    expect(theirs.json().items.map((d: { paymentId: string }) => d.paymentId)).toEqual([theirPayment!.id]);
    const crossed = await site.app.inject({ url: `/api/bookings/${other.code}/documents?t=${token}` });
    expect(crossed.statusCode).toBe(404);
  });

  it('gives a bank transfer marked paid one invoice-receipt', async () => {
    site = await startSite({ nightsVatPercent: 4, feesVatPercent: 23 });
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2028-04-03',
      checkOut: '2028-04-06',
    });
    const marked = await site.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${created.body.code}/mark-paid`,
      headers: await admin(),
      ...json({ amountCents: 12_660 }),
    });
    expect(marked.statusCode).toBe(200);
    await run();
    expect(ix.documents).toHaveLength(1);
    expect(ix.documents[0]!.items.map((i) => i.tax?.name)).toEqual(['IVA4', 'IVA23', 'IVA0']);
    expect(ix.documents[0]!.totalCents).toBe(12_660);
  });

  it('gives a refund a credit note that references its invoice, for the refunded amount in proportion', async () => {
    site = await startSite();
    const booking = await confirmed();
    await run();
    clock.advance(MINUTE);
    const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(booking.bookingUrl, '/cancel') });
    expect(cancelled.json()).toEqual({ status: 'cancelled', refundCents: 12_660 });
    await run();
    expect(ix.documents.map((d) => [d.kind, d.status])).toEqual([
      ['invoice_receipts', 'settled'],
      ['credit_notes', 'final'],
    ]);
    const note = ix.documents[1]!;
    expect(note.owner_invoice_id).toBe(ix.documents[0]!.id);
    expect(note.totalCents).toBe(12_660);
    expect(note.items.map(withVat)).toEqual([10_800, 1_500, 360]);
    expect((await documents(booking.code)).map((d) => [d.kind, d.state])).toEqual([
      ['invoice_receipt', 'sent'],
      ['credit_note', 'sent'],
    ]);
  });

  it('exempts the nights under art. 53.º with the code the owner set', async () => {
    site = await startSite({ nightsVatPercent: 0, exemptionCode: 'M10' });
    await confirmed();
    await run();
    expect(ix.documents[0]).toMatchObject({ tax_exemption: 'M10', totalCents: 12_660 });
    expect(ix.documents[0]!.items.map((i) => i.tax?.name)).toEqual(['IVA0', 'IVA0', 'IVA0']);
  });
});

describe('exactly once', () => {
  it('asks by reference after the provider timed out having created it: one document after the retries', async () => {
    site = await startSite();
    const booking = await confirmed();
    ix.timeoutAfterCreate();
    await run();
    expect(ix.documents).toHaveLength(1);
    expect(ix.documents[0]!.status).toBe('draft');
    expect((await documents(booking.code))[0]).toMatchObject({ state: 'pending' });
    // Before its backoff nothing is tried; after it, found by reference and finalised.
    const asked = ix.requests.length;
    await run();
    expect(ix.requests).toHaveLength(asked);
    clock.advance(2 * MINUTE);
    await run();
    expect(ix.documents).toHaveLength(1);
    expect(ix.documents[0]!.status).toBe('settled');
    expect((await documents(booking.code))[0]).toMatchObject({ state: 'sent', error: null });
  });

  it('tries 5xx answers again with backoff and never makes a second document', async () => {
    site = await startSite();
    const booking = await confirmed();
    ix.failNext(503, 2);
    await run();
    expect((await documents(booking.code))[0]).toMatchObject({ state: 'pending', error: 'InvoiceXpress answered 503' });
    clock.advance(MINUTE);
    await run();
    clock.advance(2 * MINUTE);
    await run();
    expect(ix.documents).toHaveLength(1);
    expect((await documents(booking.code))[0]).toMatchObject({ state: 'sent' });
  });

  it("takes a 422 to the owner's list and mail with the provider's message, and does not retry it blindly", async () => {
    site = await startSite();
    const booking = await confirmed();
    ix.rejectNext('Fiscal ID is invalid');
    await run();
    clock.advance(2 * 60 * MINUTE);
    await run();
    expect(ix.documents).toHaveLength(0);
    expect((await documents(booking.code))[0]).toMatchObject({
      state: 'rejected',
      error: 'Fiscal ID is invalid',
      pdfUrl: null,
    });
    const mails = await mailsByKeyPrefix(site.app.db, 'booking:');
    expect(mails.filter((m) => m.subject === `Invoice refused by the invoicing program: ${booking.code}`)).toHaveLength(
      1,
    );
    // The owner corrects the tax number: tried again.
    const put = await site.app.inject({
      method: 'PUT',
      url: `/api/admin/bookings/${booking.code}/nif`,
      headers: await admin(),
      ...json({ nif: '123456789', country: 'PT' }),
    });
    expect(put.json()).toEqual({ nif: '123456789', country: 'PT' });
    await run();
    expect(ix.documents).toHaveLength(1);
    expect(ix.documents[0]!.client).toMatchObject({ fiscal_id: '123456789', country: 'Portugal' });
  });
});

describe('the guest’s tax number', () => {
  it('refuses 123456780 by its check digit, accepts 123456789, and the invoice carries it', async () => {
    site = await startSite();
    const refused = await book(site.app, {
      country: 'PT',
      nif: '123456780',
      checkIn: '2028-04-03',
      checkOut: '2028-04-06',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_field', field: 'nif' });
    // The form's empty field is no NIF, never a wrong one.
    const withoutNif = await book(site.app, { country: 'PT', nif: ' ', checkIn: '2028-05-01', checkOut: '2028-05-04' });
    expect(withoutNif.status, JSON.stringify(withoutNif.body)).toBe(201);
    const stored = await site.app.db
      .selectFrom('bookings')
      .select('nif')
      .where('code', '=', withoutNif.body.code)
      .executeTakeFirstOrThrow();
    expect(stored.nif).toBeNull();
    const booking = await confirmed({ country: 'PT', nif: '123 456 789' });
    await run();
    expect(ix.documents[0]!.client).toMatchObject({
      fiscal_id: '123456789',
      country: 'Portugal',
      code: 'PT-123456789',
    });
    // Issued: neither the guest nor the owner can change it any more.
    const late = await site.app.inject({
      method: 'PUT',
      url: apiPathOf(booking.bookingUrl, '/nif'),
      ...json({ nif: '123456789', country: 'PT' }),
    });
    expect(late.statusCode).toBe(409);
  });

  it('takes another country’s VAT number as typed, by the guest’s link, until the invoice', async () => {
    site = await startSite();
    const created = await book(site.app, { checkIn: '2028-04-03', checkOut: '2028-04-06' });
    const bad = await site.app.inject({
      method: 'PUT',
      url: apiPathOf(created.body.bookingUrl, '/nif'),
      ...json({ nif: '123456780', country: 'PT' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_field', field: 'nif' });
    const put = await site.app.inject({
      method: 'PUT',
      url: apiPathOf(created.body.bookingUrl, '/nif'),
      ...json({ nif: 'DE 123 456 789', country: 'DE' }),
    });
    expect(put.json()).toEqual({ nif: 'DE123456789', country: 'DE' });
    // The guest's page shows it back, for the check-in's form.
    const view = await site.app.inject({ url: apiPathOf(created.body.bookingUrl) });
    expect(view.json().invoiceNif).toEqual({ nif: 'DE123456789', country: 'DE' });
    await stripe.completeSession(sessionOf(created.body.checkoutUrl), 'card');
    await run();
    expect(ix.documents[0]!.client).toMatchObject({ fiscal_id: 'DE123456789', country: 'Germany' });
  });
});

describe('without a provider', () => {
  it('lists every payment and refund in "To invoice", with its CSV, until the owner ticks each done', async () => {
    site = await startSite({ nightsVatPercent: 6 }, false);
    const booking = await confirmed({ country: 'PT', nif: '123456789' });
    clock.advance(MINUTE);
    await site.app.inject({ method: 'POST', url: apiPathOf(booking.bookingUrl, '/cancel') });
    await run();
    expect(ix.documents).toHaveLength(0);
    const list = (await site.app.inject({ url: '/api/admin/to-invoice', headers: await admin() })).json();
    expect(list.items.map((i: { kind: string; amountCents: number }) => [i.kind, i.amountCents])).toEqual([
      ['payment', 12_660],
      ['refund', 12_660],
    ]);
    expect(list.items[0]).toMatchObject({
      guestName: 'Ana Silva',
      nif: '123456789',
      country: 'PT',
      bookingCode: booking.code,
    });
    expect(list.items[0].lines.map((l: { vatPercent: number }) => l.vatPercent)).toEqual([6, 6, 0]);
    const csv = await site.app.inject({ url: '/api/admin/to-invoice.csv', headers: await admin() });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFFdate;kind;booking;guest')).toBe(true);
    const rows = csv.body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toContain(`;payment;${booking.code};Ana Silva;PT;123456789;126,60;`);
    const done = await site.app.inject({
      method: 'POST',
      url: `/api/admin/to-invoice/${list.items[0].paymentId as string}/done`,
      headers: await admin(),
    });
    expect(done.statusCode).toBe(204);
    const after = (await site.app.inject({ url: '/api/admin/to-invoice', headers: await admin() })).json();
    expect(after.items.map((i: { kind: string }) => i.kind)).toEqual(['refund']);
    expect((await documents(booking.code))[0]).toMatchObject({ state: 'manual', pdfUrl: null });
  });
});

describe('two servers', () => {
  it('never invoice the same payment twice with the job racing', async () => {
    site = await startSite();
    const other = await createTestApp(
      {
        DATABASE_URL: site.databaseUrl,
        CONTENT_DIR: (site.app.config as { contentDir: string }).contentDir,
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.baseUrl,
        INVOICEXPRESS_ACCOUNT: 'casadolago',
        INVOICEXPRESS_API_KEY: ix.apiKey,
        INVOICING_API_URL: ix.url,
      },
      { now: clock.now },
    );
    try {
      const codes: string[] = [];
      for (const [checkIn, checkOut] of [
        ['2028-04-03', '2028-04-06'],
        ['2028-05-01', '2028-05-04'],
        ['2028-06-05', '2028-06-08'],
      ] as const)
        codes.push((await confirmed({ checkIn, checkOut })).code);
      for (let round = 0; round < 3; round++) {
        await Promise.all([run(), other.app.invoicingJobs.runOnce(), run(), other.app.invoicingJobs.runOnce()]);
        clock.advance(MINUTE);
      }
      expect(ix.documents).toHaveLength(3);
      expect(new Set(ix.documents.map((d) => d.reference)).size).toBe(3);
      expect(ix.documents.every((d) => d.status === 'settled' && d.emails.length === 1)).toBe(true);
      const rows = await site.app.db.selectFrom('invoiceDocuments').select('status').execute();
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    } finally {
      await other.app.close();
    }
  });
});
