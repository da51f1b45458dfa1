import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  book,
  createBookingSite,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  testClock,
} from '../../../tests/support/server/booking-site.js';
import { FakeInvoiceXpress, type HeldCall } from '../../../tests/support/server/fake-invoicexpress.js';
import { FakeStripe } from '../../../tests/support/server/fake-stripe.js';
import { listenForStripeWebhooks } from '../../../tests/support/server/stripe-webhooks.js';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { makeBackup } from '../backup/make-backup.js';
import { restoreBackup } from '../backup/restore-backup.js';
import type { Config } from '../config.js';
import type { InvoicingCounts } from './invoicing-jobs.js';

// One certified document per payment whatever overlaps (docs/decisions/0058-jobs-never-overlap-themselves.md):
// two servers' invoicing runs going on at once against a provider that takes 70 s per call (the
// fake holds each answer while the test moves the clock), and a backup taken before an invoice
// was issued, restored, and the job run again. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.

vi.setConfig({ testTimeout: 60_000 });

const ROOT = join(import.meta.dirname, '../../..');
const LEGAL = (JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as { legal: object }).legal;
const START = Date.UTC(2027, 0, 10, 10);
/** How long the slow provider takes over each call. */
const CALL_MS = 70_000;

let stripe: FakeStripe;
let ix: FakeInvoiceXpress;
const clock = testClock(START);
const later: Array<() => Promise<void>> = [];

function providerEnv() {
  return { INVOICEXPRESS_ACCOUNT: 'casadolago', INVOICEXPRESS_API_KEY: ix.apiKey, INVOICING_API_URL: ix.url };
}

async function startSite(env: Record<string, string> = {}) {
  const s = await createBookingSite({
    clock,
    stripeUrl: stripe.baseUrl,
    content: { legal: { ...LEGAL, invoicing: { nightsVatPercent: 6 } } },
    env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com', ...providerEnv(), ...env },
  });
  await listenForStripeWebhooks(s.app, stripe);
  return s;
}

/** Another server on the site's database and content. */
async function secondServer(of: TestApp, env: Record<string, string> = {}) {
  return createTestApp(
    {
      DATABASE_URL: of.databaseUrl,
      CONTENT_DIR: (of.app.config as { contentDir: string }).contentDir,
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.baseUrl,
      ...providerEnv(),
      ...env,
    },
    { now: clock.now },
  );
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
});
afterEach(async () => {
  ix.holdAnswers(false);
  for (const step of later.splice(0).reverse()) await step();
});

/** A stay with its 30 % deposit paid by card: one settled payment to invoice. */
async function paidDeposit(app: TestApp['app'], checkIn: string, checkOut: string, email = 'ana@example.com') {
  const created = await book(app, { checkIn, checkOut, email });
  expect(created.status).toBe(201);
  await stripe.completeSession((created.body.checkoutUrl ?? '').split('/').at(-1) as string, 'card');
  const payment = await app.db
    .selectFrom('payments')
    .innerJoin('bookings', 'bookings.id', 'payments.bookingId')
    .select(['payments.id', 'payments.status'])
    .where('bookings.code', '=', created.body.code)
    .executeTakeFirstOrThrow();
  expect(payment.status).toBe('succeeded');
  return payment.id;
}

/** Answers every held call 70 s later on the clock, one at a time in the order they came, until `done` settles. */
async function slowProvider(done: Promise<unknown>, first: HeldCall[] = []) {
  let over = false;
  void done.finally(() => (over = true));
  for (const call of first) {
    clock.advance(CALL_MS);
    call.release();
  }
  while (!over) {
    const call = await Promise.race([ix.nextHeld(), done.then(() => undefined)]);
    if (!call) break;
    clock.advance(CALL_MS);
    call.release();
  }
  await done;
}

describe('two servers whose invoicing runs overlap', () => {
  it('give each payment one document at a slow provider, the first run skipping its next tick and stopping once the other took the lease', async () => {
    const a = await startSite();
    later.push(() => a.close());
    const b = await secondServer(a);
    later.unshift(() => b.app.close());
    const payments = [
      await paidDeposit(a.app, '2028-04-03', '2028-04-06'),
      await paidDeposit(a.app, '2028-05-01', '2028-05-04', 'bruno@example.com'),
    ];
    ix.holdAnswers();
    // A's run: the two documents recorded, one claimed, its look-up out at the provider.
    const runA = a.app.invoicingJobs.runOnce();
    const lookupA = await ix.nextHeld();
    clock.advance(CALL_MS);
    // A's lease term (60 s) has passed while its call is out: the lease would let A run again,
    // but a run still going on this server skips the tick.
    expect(await a.app.invoicingJobs.runOnce()).toBeUndefined();
    // B's run is not turned away: it takes the lease and the other document, for real.
    const runB = b.app.invoicingJobs.runOnce();
    const lookupB = await ix.nextHeld();
    expect([lookupA.reference, lookupB.reference].sort()).toEqual([...payments].sort());
    // B's mail of its document is answered 503 (the job tries it again a minute on): its row goes
    // back to the due ones, the state where A's stale view of it would once have made a second.
    ix.failWhen((doc, method, path) => doc.reference === lookupB.reference && path.endsWith('/email-document.json'));
    let counts: [InvoicingCounts | undefined, InvoicingCounts | undefined] = [undefined, undefined];
    const both = Promise.all([runA, runB]).then((c) => void (counts = c));
    await slowProvider(both, [lookupA, lookupB]);
    // Both runs issued a document: the overlap was real.
    expect(counts.map((c) => c?.issued)).toEqual([1, 1]);
    ix.holdAnswers(false);
    clock.advance(2 * 60_000);
    await a.app.invoicingJobs.runOnce();
    await b.app.invoicingJobs.runOnce();

    const byPayment = payments.map((id) => ix.documents.filter((d) => d.reference === id));
    expect(byPayment.map((docs) => docs.length)).toEqual([1, 1]);
    expect(ix.documents.every((d) => d.status === 'settled')).toBe(true);
    expect(byPayment.map((docs) => docs[0]!.emails)).toEqual([['ana@example.com'], ['bruno@example.com']]);
    const rows = await a.app.db.selectFrom('invoiceDocuments').select(['paymentId', 'status', 'providerId']).execute();
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    for (const row of rows)
      expect(row.providerId).toBe(String(ix.documents.find((d) => d.reference === row.paymentId)!.id));
  });
});

describe('a backup restored after an invoice was issued', () => {
  it('gives no second document: the job asks the provider by reference and adopts the one it has', async () => {
    const first = await startSite();
    const backups = join(first.dir, 'backups');
    const config = { ...(first.app.config as Config), backup: { dir: backups, keepDays: 30 } };
    const paymentId = await paidDeposit(first.app, '2028-04-03', '2028-04-06');
    const { file } = await makeBackup(config, clock.now());
    await first.app.invoicingJobs.runOnce();
    expect(ix.documents).toHaveLength(1);
    const issued = ix.documents[0]!;
    expect(issued).toMatchObject({ reference: paymentId, status: 'settled' });

    // The rollback: the site stopped, the backup restored over its database, the site started again.
    await first.app.close();
    await restoreBackup(config, file, { force: true });
    const restored = await secondServer(first);
    later.push(async () => {
      await restored.app.close();
      await first.close();
    });
    const before = await restored.app.db.selectFrom('invoiceDocuments').selectAll().execute();
    expect(before).toEqual([]);
    await restored.app.invoicingJobs.runOnce();

    expect(ix.documents).toHaveLength(1);
    const row = await restored.app.db
      .selectFrom('invoiceDocuments')
      .selectAll()
      .where('paymentId', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'sent',
      providerId: String(issued.id),
      number: issued.sequence_number!.split('/').reverse().join('/'),
      createSentAt: null,
    });
  });
});

describe('a tax number changed while a document is being issued', () => {
  it('is refused while the job holds the document and while its create is out, as the correction is', async () => {
    const s = await startSite();
    later.push(() => s.close());
    const created = await book(s.app, { checkIn: '2028-04-03', checkOut: '2028-04-06', country: 'PT' });
    await stripe.completeSession((created.body.checkoutUrl ?? '').split('/').at(-1) as string, 'card');
    const cookie = await login(s.app);
    const change = (nif: string) =>
      s.app.inject({
        method: 'PUT',
        url: `/api/admin/bookings/${created.body.code}/nif`,
        headers: { cookie, origin: 'http://estadia.test' },
        ...json({ nif, country: 'PT' }),
      });
    ix.holdAnswers();
    const run = s.app.invoicingJobs.runOnce();
    // Held by the job, its look-up out: the number it will carry is being read.
    const lookup = await ix.nextHeld();
    const during = await change('123456789');
    expect(during.statusCode).toBe(409);
    expect(during.json().error.code).toBe('conflict');
    lookup.release();
    // Its create out at the provider.
    const create = await ix.nextHeld();
    expect(create).toMatchObject({ method: 'POST', path: '/invoice_receipts.json' });
    expect((await change('123456789')).statusCode).toBe(409);
    ix.holdAnswers(false);
    create.release();
    await run;
    expect(ix.documents).toHaveLength(1);
    expect(ix.documents[0]!.client.fiscal_id).toBeUndefined();
    const stored = await s.app.db
      .selectFrom('bookings')
      .select('nif')
      .where('code', '=', created.body.code)
      .executeTakeFirstOrThrow();
    expect(stored.nif).toBeNull();
  });
});

describe('a finalise whose answer was lost', () => {
  it('is asked by reference on the retry, and the final document adopted, not refused as already finalised', async () => {
    const s = await startSite();
    later.push(() => s.close());
    const paymentId = await paidDeposit(s.app, '2028-04-03', '2028-04-06');
    ix.holdAnswers();
    const run = s.app.invoicingJobs.runOnce();
    (await ix.nextHeld()).release();
    (await ix.nextHeld()).release();
    const finalise = await ix.nextHeld();
    expect(finalise).toMatchObject({ method: 'PUT', path: expect.stringMatching(/change-state\.json$/) });
    ix.holdAnswers(false);
    finalise.drop();
    expect(await run).toMatchObject({ issued: 0, retrying: 1 });
    expect(ix.documents).toMatchObject([{ reference: paymentId, status: 'settled' }]);
    clock.advance(2 * 60_000);
    expect(await s.app.invoicingJobs.runOnce()).toMatchObject({ issued: 1, rejected: 0 });
    expect(ix.documents).toHaveLength(1);
    expect(ix.documents[0]!.emails).toEqual(['ana@example.com']);
    const row = await s.app.db
      .selectFrom('invoiceDocuments')
      .selectAll()
      .where('paymentId', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', error: null });
    expect(row.number).toBe(ix.documents[0]!.sequence_number!.split('/').reverse().join('/'));
  });
});
