import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPathOf,
  book,
  createBookingSite,
  secondBookingServer,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  testClock,
} from '../../../tests/support/server/booking-site.js';
import { FakeInvoiceXpress } from '../../../tests/support/server/fake-invoicexpress.js';
import { FakeStripe } from '../../../tests/support/server/fake-stripe.js';
import { listenForStripeWebhooks } from '../../../tests/support/server/stripe-webhooks.js';
import { stayBody } from '../../../tests/support/server/stays.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { insertPayment } from '../payments/payments-data.js';
import { mailsByKeyPrefix } from '../mail/outbox-data.js';

// The documents beyond a guest's own payments, through the fake InvoiceXpress on loopback: a stay
// the owner entered as paid to them directly gets its one invoice-receipt like any payment, and a
// tax number corrected after the invoice gives one credit note of the old invoice and one new
// invoice, exactly once through repeated requests, lost answers and two servers. On SQLite, and
// on PostgreSQL with TEST_DATABASE_URL.

vi.setConfig({ testTimeout: 60_000 });

const ROOT = join(import.meta.dirname, '../../..');
const LEGAL = (JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as { legal: object }).legal;
const MINUTE = 60_000;
const START = Date.UTC(2027, 0, 10, 10);
const NEW_NIF = '501964843';

let stripe: FakeStripe;
let ix: FakeInvoiceXpress;
let site: TestApp & { clock: ReturnType<typeof testClock> };
let other: TestApp | undefined;
const clock = testClock(START);

async function startSite(withProvider = true) {
  const s = await createBookingSite({
    clock,
    stripeUrl: stripe.baseUrl,
    content: { legal: { ...LEGAL, invoicing: { nightsVatPercent: 6 } } },
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

/** A second server on the same database, its invoicing job racing the first's. */
async function secondServer() {
  other = await secondBookingServer(site, stripe.baseUrl, {
    INVOICEXPRESS_ACCOUNT: 'casadolago',
    INVOICEXPRESS_API_KEY: ix.apiKey,
    INVOICING_API_URL: ix.url,
  });
  return other;
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
  await other?.app.close();
  other = undefined;
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
/** The owner enters a phone stay paid to the owner directly. */
const enterPhoneStay = (headers: Record<string, string>, changes: Record<string, unknown>) =>
  site.app.inject({
    method: 'POST',
    url: '/api/admin/stays',
    headers,
    ...json(
      stayBody({
        channel: 'phone',
        children: [],
        commissionCents: undefined,
        touristTaxCollectedBy: 'owner',
        ...changes,
      }),
    ),
  });
/** Both servers' jobs at once, twice each, then a minute on: as often as it takes. */
async function race(rounds = 3) {
  for (let round = 0; round < rounds; round++) {
    await Promise.all([run(), other!.app.invoicingJobs.runOnce(), run(), other!.app.invoicingJobs.runOnce()]);
    clock.advance(MINUTE);
  }
}
const fiscalIds = () => ix.documents.map((d) => [d.kind, d.status, d.client.fiscal_id ?? null, d.totalCents]);

describe('a stay the owner entered as paid directly', () => {
  it('is a settled payment that gets its one finalised invoice-receipt, with two servers racing', async () => {
    site = await startSite();
    const headers = await admin();
    const created = await enterPhoneStay(headers, {
      checkIn: '2028-04-03',
      checkOut: '2028-04-06',
      country: 'PT',
      priceCents: 42_000,
      platformReference: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { code } = created.json<{ code: string }>();
    const booking = await row(code);
    const [payment, ...more] = await paymentsOf(code);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      kind: 'full',
      method: 'owner',
      status: 'succeeded',
      amountCents: 42_000,
      idempotencyKey: `${booking.id}:full:owner`,
    });
    // Its key is unique: the same payment cannot be recorded twice.
    expect(await insertPayment(site.app.db, { ...payment!, id: 'another-row' })).toBe(false);

    await secondServer();
    await race();
    expect(ix.documents).toHaveLength(1);
    expect(ix.documents[0]).toMatchObject({
      kind: 'invoice_receipts',
      status: 'settled',
      reference: payment!.id,
      totalCents: 42_000,
      emails: ['jonas@example.com'],
    });
    expect(ix.documents[0]!.items.map((i) => i.tax?.name)).toEqual(['IVA6']);
    expect(await documents(code)).toEqual([
      expect.objectContaining({ kind: 'invoice_receipt', paymentId: payment!.id, state: 'sent', number: 'FR/1' }),
    ]);
    // The books count its price once, on its check-in day, and the export names its invoice.
    const report = (await site.app.inject({ url: '/api/admin/reports?year=2028', headers })).json() as {
      months: Array<{ month: string; channel: string; grossCents: number }>;
    };
    expect(report.months.filter((m) => m.grossCents !== 0)).toEqual([
      expect.objectContaining({ month: '2028-04', channel: 'phone', grossCents: 42_000 }),
    ]);
    const csv = await site.app.inject({
      url: '/api/admin/export.csv?from=2028-04-01&to=2028-04-30&locale=en',
      headers,
    });
    const lines = csv.body.split('\r\n').filter((l) => l.includes(code));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('FR/1');
  });

  it('is invoiced without a country when the owner gave none, rather than refused for an empty one', async () => {
    site = await startSite();
    const headers = await admin();
    const created = await enterPhoneStay(headers, { country: undefined, priceCents: 30_000, platformReference: '' });
    expect(created.statusCode, created.body).toBe(201);
    await run();
    expect(ix.documents).toHaveLength(1);
    expect(ix.documents[0]!.client).not.toHaveProperty('country');
    expect(await documents(created.json<{ code: string }>().code)).toEqual([
      expect.objectContaining({ kind: 'invoice_receipt', state: 'sent' }),
    ]);
  });

  it('is issued with no mail step when the guest gave no e-mail address: "issued, not mailed", not refused', async () => {
    site = await startSite();
    const headers = await admin();
    const created = await enterPhoneStay(headers, { email: undefined, priceCents: 30_000, platformReference: '' });
    expect(created.statusCode, created.body).toBe(201);
    const { code } = created.json<{ code: string }>();
    const mailCalls = () => ix.requests.filter((r) => r.path.endsWith('/email-document.json')).length;
    const before = mailCalls();
    await run();
    clock.advance(2 * 60 * MINUTE);
    await run();
    expect(ix.documents).toHaveLength(1);
    expect(ix.documents[0]).toMatchObject({ status: 'settled', emails: [] });
    expect(ix.documents[0]!.client).not.toHaveProperty('email');
    expect(mailCalls()).toBe(before);
    expect(await documents(code)).toEqual([
      expect.objectContaining({
        kind: 'invoice_receipt',
        state: 'not_mailed',
        number: expect.stringMatching(/^FR\/\d+$/),
        error: null,
      }),
    ]);
    expect((await documents(code))[0]!.pdfUrl).toEqual(expect.any(String));
    const refused = (await mailsByKeyPrefix(site.app.db, 'booking:')).filter((m) =>
      m.subject.startsWith('Invoice refused'),
    );
    expect(refused).toEqual([]);
  });

  it('is listed in "To invoice" without a provider', async () => {
    site = await startSite(false);
    const headers = await admin();
    const created = await enterPhoneStay(headers, { priceCents: 30_000 });
    const { code } = created.json<{ code: string }>();
    const list = (await site.app.inject({ url: '/api/admin/to-invoice', headers })).json();
    expect(list.items.map((i: { kind: string; amountCents: number; bookingCode: string }) => i)).toEqual([
      expect.objectContaining({ kind: 'payment', amountCents: 30_000, bookingCode: code }),
    ]);
    // A platform's stay is paid to the platform: no payment of the guest to the house.
    const airbnb = await site.app.inject({
      method: 'POST',
      url: '/api/admin/stays',
      headers,
      ...json(stayBody({ checkIn: '2027-07-07', checkOut: '2027-07-10' })),
    });
    expect(airbnb.statusCode).toBe(201);
    expect(await paymentsOf(airbnb.json<{ code: string }>().code)).toEqual([]);
  });
});

/** A stay of 3 nights in April 2028 (€422) with its 30 % deposit (€126.60) paid by card, invoiced with the NIF 123456789. */
async function invoiced() {
  const created = await book(site.app, {
    checkIn: '2028-04-03',
    checkOut: '2028-04-06',
    country: 'PT',
    nif: '123456789',
  });
  expect(created.status).toBe(201);
  await stripe.completeSession(sessionOf(created.body.checkoutUrl), 'card');
  await run();
  expect(fiscalIds()).toEqual([['invoice_receipts', 'settled', '123456789', 12_660]]);
  const booking = await row(created.body.code);
  return { ...created.body, id: booking.id, balanceDueOn: booking.balanceDueOn as string };
}

const correct = async (code: string, nif: string, app = site.app) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${code}/nif-correction`,
    headers: { cookie: await login(app), origin: 'http://estadia.test' },
    ...json({ nif, country: 'PT' }),
  });

describe('the tax number corrected after the invoice', () => {
  it('gives one credit note of the old invoice and one new invoice with the new number; later documents follow it', async () => {
    site = await startSite();
    const booking = await invoiced();
    // The ordinary change is refused once the invoice is issued.
    const put = await site.app.inject({
      method: 'PUT',
      url: `/api/admin/bookings/${booking.code}/nif`,
      headers: await admin(),
      ...json({ nif: NEW_NIF, country: 'PT' }),
    });
    expect(put.statusCode).toBe(409);
    const refused = await correct(booking.code, '123456780');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'invalid_field', field: 'nif' });
    const same = await correct(booking.code, '123456789');
    expect(same.statusCode).toBe(409);

    const corrected = await correct(booking.code, NEW_NIF);
    expect(corrected.json()).toEqual({ nif: NEW_NIF, country: 'PT', corrected: 1 });
    // Asked again (a double click, a retry): nothing more to record.
    expect((await correct(booking.code, NEW_NIF)).json()).toEqual({ nif: NEW_NIF, country: 'PT', corrected: 0 });
    // Each correction the owner made is in the audit list, by the booking's code, never the number.
    const audit = await site.app.inject({ url: '/api/admin/audit', headers: await admin() });
    const entries = audit.json<{ items: Array<{ action: string; detail: string }> }>().items;
    expect(entries.filter((e) => e.action === 'tax_number_corrected').map((e) => e.detail)).toEqual([
      booking.code,
      booking.code,
    ]);
    expect(JSON.stringify(entries)).not.toContain(NEW_NIF);
    await run();
    clock.advance(MINUTE);
    await run();
    const [old, note, fresh] = ix.documents;
    expect(fiscalIds()).toEqual([
      ['invoice_receipts', 'settled', '123456789', 12_660],
      ['credit_notes', 'final', '123456789', 12_660],
      ['invoice_receipts', 'settled', NEW_NIF, 12_660],
    ]);
    expect(note!.owner_invoice_id).toBe(old!.id);
    expect(note!.items).toEqual(old!.items);
    expect(fresh!.items).toEqual(old!.items);
    expect(fresh!.observations).toContain('Substitui');
    const [deposit] = await paymentsOf(booking.code);
    // The owner's page calls the credit note a correction, not a second payment.
    expect((await documents(booking.code)).map((d) => [d.kind, d.paymentId, d.state, d.correction])).toEqual([
      ['invoice_receipt', deposit!.id, 'sent', false],
      ['credit_note', deposit!.id, 'sent', true],
      ['invoice_receipt', deposit!.id, 'sent', false],
    ]);
    // Each document's PDF by its own link.
    const links = (await documents(booking.code)).map((d) => d.pdfUrl);
    expect(new Set(links).size).toBe(3);
    // The accountant's export names the payment's invoice as it stands: the new one.
    const number = (d: typeof old) => d!.sequence_number!.split('/').reverse().join('/');
    const csv = await site.app.inject({
      url: '/api/admin/export.csv?from=2027-01-01&to=2027-01-31&locale=en',
      headers: await admin(),
    });
    expect(csv.body).toContain(`;${number(fresh)};`);
    expect(csv.body).not.toContain(`;${number(old)};`);

    // The balance's invoice names the new invoice as already invoiced, not the cancelled one.
    clock.set(Date.parse(`${booking.balanceDueOn}T09:00:00Z`));
    await site.app.bookingJobs.runOnce();
    await run();
    const balance = ix.documents[3]!;
    expect(balance).toMatchObject({ kind: 'invoice_receipts', status: 'settled', totalCents: 29_540 });
    expect(balance.client.fiscal_id).toBe(NEW_NIF);
    expect(balance.observations).toContain(`Já faturado: ${number(fresh)} (`);
    expect(balance.observations).not.toContain(`${number(old)} (`);
  });

  it('credits a later refund against the new invoice', async () => {
    site = await startSite();
    const booking = await invoiced();
    await correct(booking.code, NEW_NIF);
    await run();
    clock.advance(MINUTE);
    await run();
    clock.advance(MINUTE);
    const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(booking.bookingUrl, '/cancel') });
    expect(cancelled.json()).toEqual({ status: 'cancelled', refundCents: 12_660 });
    await run();
    expect(ix.documents).toHaveLength(4);
    const refundNote = ix.documents[3]!;
    expect(refundNote).toMatchObject({ kind: 'credit_notes', owner_invoice_id: ix.documents[2]!.id });
    expect(refundNote.client.fiscal_id).toBe(NEW_NIF);
  });

  it('issues each document once when the provider times out after creating and two servers race', async () => {
    site = await startSite();
    const booking = await invoiced();
    await secondServer();
    // Both servers take the owner's request at once.
    const answers = await Promise.all([correct(booking.code, NEW_NIF), correct(booking.code, NEW_NIF, other!.app)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().corrected).sort()).toEqual([0, 1]);
    ix.timeoutAfterCreate();
    await race(5);
    expect(fiscalIds()).toEqual([
      ['invoice_receipts', 'settled', '123456789', 12_660],
      ['credit_notes', 'final', '123456789', 12_660],
      ['invoice_receipts', 'settled', NEW_NIF, 12_660],
    ]);
    expect(ix.documents.slice(1).every((d) => d.emails.length === 1)).toBe(true);
    const rows = await site.app.db
      .selectFrom('invoiceDocuments')
      .select(['kind', 'status'])
      .where('bookingId', '=', booking.id)
      .orderBy('createdAt')
      .orderBy('kind', 'desc')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('is refused before any invoice, and without a provider', async () => {
    site = await startSite();
    const created = await book(site.app, { checkIn: '2028-04-03', checkOut: '2028-04-06' });
    const early = await correct(created.body.code, NEW_NIF);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toContain('change the tax number itself');
    await site.close();
    site = await startSite(false);
    const other = await book(site.app, { checkIn: '2028-04-03', checkOut: '2028-04-06' });
    const manual = await correct(other.body.code, NEW_NIF);
    expect(manual.statusCode).toBe(409);
    expect(manual.json().error.message).toContain('by hand');
  });
});
