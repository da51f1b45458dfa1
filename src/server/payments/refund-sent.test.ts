import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { ownerSession } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';

// A refund by transfer, planned when a guest cancels, is sent by the owner and marked sent with its
// day: it is then settled, counted on the booking, credited by a credit note and counted in the
// reports and the accountant's CSV; until then, and when a refund fails, it waits in "Needs action"
// (docs/decisions/0060-a-transfer-refund-marked-sent.md).

const ROOT = join(import.meta.dirname, '../../..');
const LEGAL = (JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as { legal: object }).legal;
const START = Date.UTC(2027, 0, 10, 10);
const DAY = 24 * 60 * 60_000;
const clock = testClock(START);
let stripe: FakeStripe;
let ix: FakeInvoiceXpress;
let site: TestApp & { clock: typeof clock };
let owner: Awaited<ReturnType<typeof ownerSession>>;

beforeAll(async () => {
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
  ix = await FakeInvoiceXpress.start();
  site = await createBookingSite({
    clock,
    stripeUrl: stripe.baseUrl,
    content: { legal: { ...LEGAL, invoicing: { nightsVatPercent: 6 } } },
    env: {
      SUBMISSIONS_PER_WINDOW: '1000',
      MAIL_TO: 'owner@example.com',
      INVOICEXPRESS_ACCOUNT: 'casadolago',
      INVOICEXPRESS_API_KEY: ix.apiKey,
      INVOICING_API_URL: ix.url,
    },
  });
  await listenForStripeWebhooks(site.app, stripe);
  owner = await ownerSession(site.app);
});
afterAll(async () => {
  await site?.close();
  await stripe?.stop();
  await ix?.stop();
});

interface AdminPayment {
  id: string;
  kind: string;
  method: string;
  status: string;
  amountCents: number;
  settledAt: string | null;
}
const adminBooking = async (code: string) =>
  (await owner.get(`/api/admin/bookings/${code}`)).json<{
    refundedCents: number;
    owedBack: unknown;
    payments: AdminPayment[];
  }>();
const needs = async () => (await owner.get('/api/admin/needs-action')).json<NeedsAction>();
const refundSent = (paymentId: string, payload: unknown) =>
  owner.post(`/api/admin/payments/${paymentId}/refund-sent`, payload);
const refundsOfMonth = async (month: string) => {
  const report = (await owner.get(`/api/admin/reports?year=${month.slice(0, 4)}`)).json<{
    months: Array<{ month: string; refundsCents: number }>;
  }>();
  return report.months.filter((r) => r.month === month).reduce((n, r) => n + r.refundsCents, 0);
};
const csvRefunds = async (from: string, to: string) =>
  (await owner.get(`/api/admin/export.csv?from=${from}&to=${to}&locale=en`)).body
    .split('\r\n')
    .map((l) => l.split(';'))
    .filter((l) => l[1] === 'refund');

/** A transfer booking whose deposit the owner marked received, cancelled by the guest in the full refund's tier. */
async function cancelledTransfer(checkIn: string, checkOut: string) {
  const created = await book(site.app, { paymentMethod: 'bank_transfer', checkIn, checkOut });
  expect(created.status).toBe(201);
  const paid = await owner.post(`/api/admin/bookings/${created.body.code}/mark-paid`, {
    amountCents: created.body.dueNowCents,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(created.body.bookingUrl, '/cancel') });
  expect(cancelled.json()).toEqual({ status: 'cancelled', refundCents: created.body.dueNowCents });
  const refund = (await adminBooking(created.body.code)).payments.find((p) => p.kind === 'refund');
  expect(refund).toMatchObject({ method: 'bank_transfer', status: 'pending', settledAt: null });
  return { ...created.body, refund: refund! };
}

describe('POST /api/admin/payments/:paymentId/refund-sent', () => {
  it('settles, counts, credits and books a transfer refund once, on the day it went out', async () => {
    clock.set(START);
    const booking = await cancelledTransfer('2027-06-07', '2027-06-10');
    const amount = booking.dueNowCents;
    await site.app.invoicingJobs.runOnce();
    expect(ix.documents.filter((d) => d.kind === 'invoice_receipts')).toHaveLength(1);

    // Until it is sent: owed back, waiting in "Needs action", nowhere in the books.
    expect(await adminBooking(booking.code)).toMatchObject({
      refundedCents: 0,
      owedBack: { transferCents: amount },
    });
    expect((await needs()).refunds).toEqual({
      count: 1,
      items: [
        {
          paymentId: booking.refund.id,
          kind: 'transfer_to_send',
          code: booking.code,
          name: 'Ana Silva',
          method: 'bank_transfer',
          amountCents: amount,
          since: new Date(START).toISOString(),
        },
      ],
    });
    expect(await refundsOfMonth('2027-01')).toBe(0);
    expect(await csvRefunds('2027-01-01', '2027-01-31')).toEqual([]);

    // Two days later the owner says it went out yesterday; a double click records it once.
    clock.set(START + 2 * DAY);
    const [first, second] = await Promise.all([
      refundSent(booking.refund.id, { day: '2027-01-11' }),
      refundSent(booking.refund.id, { day: '2027-01-11' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([204, 204]);
    expect((await refundSent(booking.refund.id, { day: '2027-01-11' })).statusCode).toBe(204);
    const after = await adminBooking(booking.code);
    expect(after.refundedCents).toBe(amount);
    expect(after.owedBack).toBeNull();
    expect(after.payments.find((p) => p.id === booking.refund.id)).toMatchObject({
      status: 'succeeded',
      settledAt: '2027-01-11T12:00:00.000Z',
    });
    // Another day for the same refund is not the same click: refused.
    const other = await refundSent(booking.refund.id, { day: '2027-01-12' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('not_pending_transfer_refund');
    expect((await adminBooking(booking.code)).refundedCents).toBe(amount);

    expect((await needs()).refunds).toEqual({ count: 0, items: [] });
    expect(await refundsOfMonth('2027-01')).toBe(amount);
    const rows = await csvRefunds('2027-01-01', '2027-01-31');
    expect(rows.map((l) => [l[0], l[2], l[7]])).toEqual([
      ['2027-01-11', booking.code, `-${(amount / 100).toFixed(2)}`],
    ]);

    // The invoicing job credits it, as it does a card refund.
    await site.app.invoicingJobs.runOnce();
    const credit = ix.documents.filter((d) => d.kind === 'credit_notes');
    expect(credit).toHaveLength(1);
    expect(credit[0]).toMatchObject({ totalCents: amount, reference: booking.refund.id });
    const documents = (await owner.get(`/api/admin/stays/${booking.code}/documents`)).json<{
      items: Array<{ kind: string; paymentId: string; state: string }>;
    }>();
    expect(documents.items.find((d) => d.paymentId === booking.refund.id)).toMatchObject({ kind: 'credit_note' });

    // Noted once in the audit list, with the stay and the day.
    const audit = (await owner.get('/api/admin/audit')).json<{ items: Array<{ action: string; detail: string }> }>();
    expect(audit.items.filter((i) => i.detail?.includes('sent by transfer'))).toEqual([
      expect.objectContaining({
        action: 'refund',
        detail: `${booking.code}: ${amount} cents sent by transfer on 2027-01-11`,
      }),
    ]);
  });

  it('refuses a day in the future or before the refund was planned, another payment, and a stale proof', async () => {
    clock.set(START + 10 * DAY);
    const booking = await cancelledTransfer('2027-06-14', '2027-06-17');
    const deposit = (await adminBooking(booking.code)).payments.find((p) => p.kind === 'deposit')!;

    for (const [day, status] of [
      ['2027-01-21', 400],
      ['2027-01-19', 400],
      ['2027-1-20', 400],
    ] as const) {
      const answer = await refundSent(booking.refund.id, { day });
      expect(answer.statusCode, day).toBe(status);
      expect(answer.json().error).toMatchObject({ code: 'invalid_field', field: 'day' });
    }
    expect((await refundSent(booking.refund.id, {})).json().error).toMatchObject({ field: 'day' });
    const notRefund = await refundSent(deposit.id, { day: '2027-01-20' });
    expect(notRefund.statusCode).toBe(409);
    expect(notRefund.json().error.code).toBe('not_pending_transfer_refund');
    expect((await refundSent('no-such-payment', { day: '2027-01-20' })).statusCode).toBe(404);
    // An id no payment can have is refused before the query: PostgreSQL fails on a NUL in text.
    const nul = await refundSent('%00', { day: '2027-01-20' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toMatchObject({ code: 'invalid_field', field: 'paymentId' });

    // A session that proved itself more than 5 minutes ago proves it again first (decision 0036).
    const proved = await site.app.db.selectFrom('adminSessions').select('provedAt').executeTakeFirstOrThrow();
    await site.app.db.updateTable('adminSessions').set({ provedAt: '2020-01-01T00:00:00.000Z' }).execute();
    const stale = await refundSent(booking.refund.id, { day: '2027-01-20' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('reauth_required');
    await site.app.db.updateTable('adminSessions').set({ provedAt: proved.provedAt }).execute();
    expect((await adminBooking(booking.code)).refundedCents).toBe(0);

    // Sent today: settled now.
    expect((await refundSent(booking.refund.id, { day: '2027-01-20' })).statusCode).toBe(204);
    expect((await adminBooking(booking.code)).payments.find((p) => p.id === booking.refund.id)).toMatchObject({
      status: 'succeeded',
      settledAt: new Date(clock.now()).toISOString(),
    });
  });

  it('lists a card refund Stripe refused in "Needs action", and refuses to mark it sent', async () => {
    clock.set(START + 20 * DAY);
    const created = await book(site.app, { checkIn: '2027-05-03', checkOut: '2027-05-06' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await stripe.completeSession((created.body.checkoutUrl ?? '').split('/').at(-1)!, 'card');
    const row = await site.app.db
      .selectFrom('bookings')
      .select('id')
      .where('code', '=', created.body.code)
      .executeTakeFirstOrThrow();
    const [intent] = stripe.intentsWith({ bookingId: row.id });
    // Refunded in full from Stripe's dashboard, the site not told: its own refund is then refused.
    stripe.holdEvents = true;
    try {
      await stripe.dashboardRefund(intent!.id, created.body.dueNowCents);
      const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(created.body.bookingUrl, '/cancel') });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    } finally {
      stripe.holdEvents = false;
      stripe.held.splice(0);
    }
    const refund = (await adminBooking(created.body.code)).payments.find((p) => p.kind === 'refund')!;
    expect(refund).toMatchObject({ method: 'stripe', status: 'failed' });
    const listed = (await needs()).refunds.items.find((i) => i.paymentId === refund.id);
    expect(listed).toEqual({
      paymentId: refund.id,
      kind: 'failed',
      code: created.body.code,
      name: 'Ana Silva',
      method: 'stripe',
      amountCents: created.body.dueNowCents,
      since: new Date(clock.now()).toISOString(),
    });
    const answer = await refundSent(refund.id, { day: '2027-01-30' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('not_pending_transfer_refund');
  });
});
