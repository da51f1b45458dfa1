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
import { FakeStripe } from '../../../tests/support/server/fake-stripe.js';
import { listenForStripeWebhooks } from '../../../tests/support/server/stripe-webhooks.js';
import { ownerSession } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';

// A card refund Stripe failed waits in "Needs action" until it has a successor: a refund by bank
// transfer the owner plans instead (sent and marked sent as any other), or a later refund from
// Stripe's dashboard of at least its amount (docs/decisions/0061-refunds-that-finish.md).

const START = Date.UTC(2027, 1, 10, 10);
const HOUR = 60 * 60_000;
const clock = testClock(START);
let stripe: FakeStripe;
let site: TestApp & { clock: typeof clock };
let owner: Awaited<ReturnType<typeof ownerSession>>;

beforeAll(async () => {
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
  site = await createBookingSite({
    clock,
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

interface AdminPayment {
  id: string;
  kind: string;
  method: string;
  status: string;
  amountCents: number;
  failure: string | null;
  makeUp: { touristTaxCents: number; restCents: number } | null;
}
const adminBooking = async (code: string) =>
  (await owner.get(`/api/admin/bookings/${code}`)).json<{ refundedCents: number; payments: AdminPayment[] }>();
const refundItems = async (code: string) =>
  (await owner.get('/api/admin/needs-action')).json<NeedsAction>().refunds.items.filter((i) => i.code === code);
const byTransfer = (paymentId: string) => owner.post(`/api/admin/payments/${paymentId}/refund-by-transfer`, {});
const refundsOfMonth = async (month: string) => {
  const report = (await owner.get(`/api/admin/reports?year=${month.slice(0, 4)}`)).json<{
    months: Array<{ month: string; refundsCents: number }>;
  }>();
  return report.months.filter((r) => r.month === month).reduce((n, r) => n + r.refundsCents, 0);
};

/** A card booking, paid and cancelled by the guest in the full refund's tier, whose refund Stripe then fails. */
async function failedCardRefund(checkIn: string, checkOut: string) {
  const created = await book(site.app, { checkIn, checkOut });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await stripe.completeSession((created.body.checkoutUrl ?? '').split('/').at(-1)!, 'card');
  const { id } = await site.app.db
    .selectFrom('bookings')
    .select('id')
    .where('code', '=', created.body.code)
    .executeTakeFirstOrThrow();
  const [intent] = stripe.intentsWith({ bookingId: id });
  stripe.cardRefunds = 'pending';
  try {
    const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(created.body.bookingUrl, '/cancel') });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  } finally {
    stripe.cardRefunds = 'succeeded';
  }
  const [stripeRefund] = stripe.refundsOf(intent!.id);
  await stripe.finishRefund(stripeRefund!.id, 'failed');
  const failed = (await adminBooking(created.body.code)).payments.find((p) => p.kind === 'refund')!;
  expect(failed).toMatchObject({ method: 'stripe', status: 'failed', amountCents: created.body.dueNowCents });
  expect(failed.failure).toContain('expired_or_canceled_card');
  expect(await refundItems(created.body.code)).toMatchObject([{ paymentId: failed.id, kind: 'failed' }]);
  return {
    code: created.body.code,
    url: created.body.bookingUrl,
    intentId: intent!.id,
    amount: created.body.dueNowCents,
    failed,
  };
}

describe('POST /api/admin/payments/:paymentId/refund-by-transfer', () => {
  it('plans one refund by transfer of the failed one’s amount and make-up, which is then sent and counted once', async () => {
    clock.set(START);
    const booking = await failedCardRefund('2027-05-03', '2027-05-06');
    const before = await refundsOfMonth('2027-02');

    clock.advance(HOUR);
    // A double click plans one.
    const answers = await Promise.all([byTransfer(booking.failed.id), byTransfer(booking.failed.id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204]);
    expect((await byTransfer(booking.failed.id)).statusCode).toBe(204);
    const view = await adminBooking(booking.code);
    const planned = view.payments.filter((p) => p.kind === 'refund' && p.method === 'bank_transfer');
    expect(planned).toHaveLength(1);
    expect(planned[0]).toMatchObject({ status: 'pending', amountCents: booking.amount, makeUp: booking.failed.makeUp });
    expect(view.payments.find((p) => p.id === booking.failed.id)).toMatchObject({ status: 'failed', failure: null });
    expect(view.refundedCents).toBe(0);
    // No longer listed as failed: listed as to send.
    expect(await refundItems(booking.code)).toMatchObject([
      { paymentId: planned[0]!.id, kind: 'transfer_to_send', amountCents: booking.amount },
    ]);
    // The guest is asked for the account as after a transfer's cancellation (decision 0054).
    const refundRows = await site.app.db
      .selectFrom('payments')
      .select(['refundOf', 'idempotencyKey'])
      .where('id', '=', planned[0]!.id)
      .executeTakeFirstOrThrow();
    const charge = view.payments.find((p) => p.kind !== 'refund' && p.status === 'succeeded')!;
    expect(refundRows).toEqual({ refundOf: charge.id, idempotencyKey: `${booking.failed.id}:refund:by-transfer` });
    const guest = async () =>
      (await site.app.inject({ url: apiPathOf(booking.url) })).json<{
        owedBack: { ibanMasked: string | null } | null;
      }>();
    expect((await guest()).owedBack).toEqual({ cardCents: 0, transferCents: booking.amount, ibanMasked: null });
    const given = await site.app.inject({
      method: 'PUT',
      url: apiPathOf(booking.url, '/refund-account'),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ iban: 'PT50 0002 0123 1234 5678 9015 4' }),
    });
    expect(given.statusCode, given.body).toBeLessThan(300);
    expect((await guest()).owedBack?.ibanMasked).toBe('PT50 •••• 0154');

    const audit = (await owner.get('/api/admin/audit')).json<{ items: Array<{ action: string; detail: string }> }>();
    expect(audit.items.filter((i) => i.detail?.includes('instead of failed refund'))).toEqual([
      expect.objectContaining({ action: 'refund', detail: expect.stringContaining(booking.code) }),
    ]);

    const sent = await owner.post(`/api/admin/payments/${planned[0]!.id}/refund-sent`, { day: '2027-02-10' });
    expect(sent.statusCode, sent.body).toBe(204);
    expect((await adminBooking(booking.code)).refundedCents).toBe(booking.amount);
    expect(await refundItems(booking.code)).toEqual([]);
    expect((await refundsOfMonth('2027-02')) - before).toBe(booking.amount);
    // The failed one is finished: planning again plans nothing more.
    expect((await byTransfer(booking.failed.id)).statusCode).toBe(204);
    expect((await adminBooking(booking.code)).payments.filter((p) => p.kind === 'refund')).toHaveLength(2);
  });

  it('refuses a refund that has not failed, a charge, and a failed refund refunded from the dashboard since', async () => {
    clock.set(START + 24 * HOUR);
    const booking = await failedCardRefund('2027-05-10', '2027-05-13');
    const charge = (await adminBooking(booking.code)).payments.find((p) => p.kind !== 'refund')!;
    const notRefund = await byTransfer(charge.id);
    expect(notRefund.statusCode).toBe(409);
    expect(notRefund.json().error.code).toBe('not_failed_refund');
    expect((await byTransfer('no-such-payment')).statusCode).toBe(404);

    // The owner refunds from Stripe's dashboard instead: the failed refund leaves "Needs action".
    clock.advance(HOUR);
    await stripe.dashboardRefund(booking.intentId, booking.amount);
    const view = await adminBooking(booking.code);
    expect(view.refundedCents).toBe(booking.amount);
    const dashboard = view.payments.find((p) => p.kind === 'refund' && p.status === 'succeeded')!;
    expect(view.payments.find((p) => p.id === booking.failed.id)).toMatchObject({ status: 'failed', failure: null });
    expect(await refundItems(booking.code)).toEqual([]);
    // Refunding it by transfer now would refund twice; a succeeded refund is no failed one.
    for (const id of [booking.failed.id, dashboard.id]) {
      const answer = await byTransfer(id);
      expect(answer.statusCode, id).toBe(409);
      expect(answer.json().error.code).toBe('not_failed_refund');
    }
    expect((await adminBooking(booking.code)).payments.filter((p) => p.method === 'bank_transfer')).toEqual([]);
  });

  it('keeps listing a failed refund a smaller dashboard refund does not cover', async () => {
    clock.set(START + 48 * HOUR);
    const booking = await failedCardRefund('2027-05-17', '2027-05-20');
    clock.advance(HOUR);
    await stripe.dashboardRefund(booking.intentId, booking.amount - 100);
    expect((await adminBooking(booking.code)).refundedCents).toBe(booking.amount - 100);
    expect(await refundItems(booking.code)).toMatchObject([{ paymentId: booking.failed.id, kind: 'failed' }]);
  });
});
