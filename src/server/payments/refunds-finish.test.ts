import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { mailsByKeyPrefix } from '../mail/outbox-data.js';

// Refunds that finish (docs/decisions/0061-refunds-that-finish.md): a card or Multibanco refund is
// counted only once Stripe says it `succeeded`, a failed or expired one is ended and the owner
// told, a dashboard refund still under way is read again by the job; a webhook event is recorded
// as seen only after its handling; a lost dispute is a movement in the books. The real stripe SDK
// against the fake Stripe on loopback; on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = Date.UTC(2027, 0, 10, 10);
vi.setConfig({ testTimeout: 40_000 });

let stripe: FakeStripe;
let site: TestApp & { clock: ReturnType<typeof testClock> };
const clock = testClock(START);

beforeAll(async () => {
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
});
afterAll(async () => {
  await stripe?.stop();
});
beforeEach(async () => {
  clock.set(START);
  Object.assign(stripe, { autoWebhooks: true, holdEvents: false, cardRefunds: 'succeeded', beforeAnswer: undefined });
  stripe.held.splice(0);
  site = await createBookingSite({
    clock,
    stripeUrl: stripe.baseUrl,
    env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com' },
  });
  await listenForStripeWebhooks(site.app, stripe);
});
afterEach(async () => {
  await site?.close();
});

const sessionOf = (url: string | undefined) => (url ?? '').split('/').at(-1) as string;
const view = async (bookingUrl: string) => (await site.app.inject({ url: apiPathOf(bookingUrl) })).json();
const refundRows = async (bookingId: string) =>
  site.app.db
    .selectFrom('payments')
    .selectAll()
    .where('bookingId', '=', bookingId)
    .where('kind', '=', 'refund')
    .orderBy('createdAt')
    .execute();
const subjects = async (code: string) =>
  (await mailsByKeyPrefix(site.app.db, 'booking:')).filter((m) => m.subject.includes(code)).map((m) => m.subject);
const seen = async (eventId: string) =>
  (await site.app.db.selectFrom('stripeEvents').select('id').where('id', '=', eventId).executeTakeFirst()) !==
  undefined;
const cancel = async (bookingUrl: string) =>
  (await site.app.inject({ method: 'POST', url: apiPathOf(bookingUrl, '/cancel') })).json();

/** A stay in 2028 with its deposit of 126.60 € paid by `method` (Multibanco: its reference paid). */
async function confirmed(method: 'card' | 'multibanco' = 'card') {
  const created = await book(site.app, { checkIn: '2028-03-06', checkOut: '2028-03-09' });
  const sessionId = sessionOf(created.body.checkoutUrl);
  await stripe.completeSession(sessionId, method);
  if (method === 'multibanco') await stripe.settleAsync(sessionId, true);
  expect(await view(created.body.bookingUrl)).toMatchObject({ status: 'confirmed', paidCents: 12_660 });
  const { id } = await site.app.db
    .selectFrom('bookings')
    .select('id')
    .where('code', '=', created.body.code)
    .executeTakeFirstOrThrow();
  const intentId = stripe.intentsWith({ bookingId: id })[0]!.id;
  return { ...created.body, id, intentId };
}

describe('a card refund', () => {
  it('is not counted while Stripe has it pending, and is counted once when charge.refund.updated says it succeeded', async () => {
    stripe.cardRefunds = 'pending';
    const booking = await confirmed();
    expect(await cancel(booking.bookingUrl)).toEqual({ status: 'cancelled', refundCents: 12_660 });
    const [refund] = stripe.refundsOf(booking.intentId);
    expect(refund).toMatchObject({ status: 'pending', amount: 12_660 });
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    expect(await refundRows(booking.id)).toMatchObject([
      { status: 'pending', stripeRefundId: refund!.id, settledAt: null },
    ]);

    stripe.holdEvents = true;
    await stripe.finishRefund(refund!.id, 'succeeded');
    expect(stripe.held.map((e) => e.type)).toEqual(['refund.updated', 'charge.refund.updated']);
    const [, chargeRefundUpdated] = stripe.held.splice(0);
    expect((await stripe.send(chargeRefundUpdated!)).status).toBe(200);
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'cancelled', refundedCents: 12_660 });
    expect(await refundRows(booking.id)).toMatchObject([{ status: 'succeeded', stripeRefundId: refund!.id }]);
    // The same event again, and as another event id: nothing more is counted.
    await stripe.send(chargeRefundUpdated!);
    await stripe.send({ ...chargeRefundUpdated!, id: `${chargeRefundUpdated!.id}_again` });
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 12_660 });
  });

  it('that fails later is ended, not counted, and the owner is told once; the owner’s refund from the dashboard is then counted', async () => {
    stripe.cardRefunds = 'pending';
    const booking = await confirmed();
    await cancel(booking.bookingUrl);
    const [refund] = stripe.refundsOf(booking.intentId);
    await stripe.finishRefund(refund!.id, 'failed');
    expect(await refundRows(booking.id)).toMatchObject([{ status: 'failed', stripeRefundId: refund!.id }]);
    expect((await refundRows(booking.id))[0]!.lastError).toContain('expired_or_canceled_card');
    expect(await view(booking.bookingUrl)).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    // refund.updated, charge.refund.updated and refund.failed were all read: one mail.
    expect((await subjects(booking.code)).filter((s) => s === `A refund failed: ${booking.code}`)).toHaveLength(1);

    stripe.cardRefunds = 'succeeded';
    await stripe.dashboardRefund(booking.intentId, 12_660);
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 12_660 });
    expect((await refundRows(booking.id)).map((r) => r.status)).toEqual(['failed', 'succeeded']);
  });
});

describe('a Multibanco refund', () => {
  it('waits for the guest’s bank details, and is ended as failed when it expires unclaimed', async () => {
    const booking = await confirmed('multibanco');
    expect(await cancel(booking.bookingUrl)).toEqual({ status: 'cancelled', refundCents: 12_660 });
    const [refund] = stripe.refundsOf(booking.intentId);
    expect(refund).toMatchObject({ status: 'requires_action' });
    expect(await refundRows(booking.id)).toMatchObject([{ status: 'pending', stripeRefundId: refund!.id }]);
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 0 });

    clock.advance(45 * DAY);
    await stripe.finishRefund(refund!.id, 'canceled');
    expect(await refundRows(booking.id)).toMatchObject([{ status: 'failed' }]);
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 0 });
    expect(await subjects(booking.code)).toContain(`A refund failed: ${booking.code}`);
  });
});

describe('a dashboard refund still pending', () => {
  it('is read again by the job until it succeeded, even when its events are lost', async () => {
    const booking = await confirmed();
    stripe.cardRefunds = 'pending';
    const made = await stripe.dashboardRefund(booking.intentId, 5_000);
    expect(await refundRows(booking.id)).toMatchObject([
      { status: 'pending', stripeRefundId: made.id, amountCents: 5_000 },
    ]);
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 0 });
    const reads = () => stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/refunds/${made.id}`).length;
    const readsBy = async (run: () => Promise<unknown>) => {
      const before = reads();
      await run();
      return reads() - before;
    };

    expect(await readsBy(() => site.app.bookingJobs.runOnce())).toBe(1);
    stripe.autoWebhooks = false;
    await stripe.finishRefund(made.id, 'succeeded');
    // Read at most hourly: the next run within the hour asks nothing.
    clock.advance(10 * MINUTE);
    expect(await readsBy(() => site.app.bookingJobs.runOnce())).toBe(0);
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 0 });
    clock.advance(55 * MINUTE);
    expect(await readsBy(() => site.app.bookingJobs.runOnce())).toBe(1);
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 5_000 });
    expect(await refundRows(booking.id)).toMatchObject([{ status: 'succeeded' }]);
  });
});

describe('a webhook event', () => {
  it('is recorded as seen only after its handling: one that throws is handled whole by Stripe’s retry', async () => {
    const booking = await confirmed();
    stripe.holdEvents = true;
    await stripe.dashboardRefund(booking.intentId, 6_330);
    const refunded = stripe.held.splice(0).find((e) => e.type === 'charge.refunded')!;
    stripe.failNextReads('/v1/charges/', 3);
    const failed = await stripe.send(refunded);
    expect(failed.status).toBe(500);
    expect(await seen(refunded.id)).toBe(false);
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 0 });

    expect((await stripe.send(refunded)).status).toBe(200);
    expect(await seen(refunded.id)).toBe(true);
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 6_330 });
    expect((await stripe.send(refunded)).status).toBe(200);
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 6_330 });
  });

  it('is not seen while its handling runs: a delivery meanwhile (a server that died there) is handled, and the money counted once', async () => {
    const booking = await confirmed();
    stripe.holdEvents = true;
    await stripe.dashboardRefund(booking.intentId, 6_330);
    const refunded = stripe.held.splice(0).find((e) => e.type === 'charge.refunded')!;
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const midway = new Promise<void>((resolve) => (reached = resolve));
    stripe.beforeAnswer = async (request) => {
      if (request.method !== 'GET' || request.path !== '/v1/refunds') return;
      stripe.beforeAnswer = undefined;
      reached();
      await answered;
    };
    const first = stripe.send(refunded);
    try {
      await midway;
      expect(await seen(refunded.id)).toBe(false);
      // Stripe's retry, while the first handling is stuck: handled in full, not skipped as seen.
      expect((await stripe.send(refunded)).status).toBe(200);
      expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 6_330 });
    } finally {
      release();
    }
    expect((await first).status).toBe(200);
    expect(await seen(refunded.id)).toBe(true);
    expect(await view(booking.bookingUrl)).toMatchObject({ refundedCents: 6_330 });
  });
});

describe('a lost dispute', () => {
  it('is a movement in the books on the day it closed, in the report and the accountant’s CSV, once; a won one is not', async () => {
    const lost = await confirmed();
    const won = await book(site.app, { checkIn: '2028-04-03', checkOut: '2028-04-06' });
    await stripe.completeSession(sessionOf(won.body.checkoutUrl), 'card');
    const wonRow = await site.app.db
      .selectFrom('bookings')
      .select('id')
      .where('code', '=', won.body.code)
      .executeTakeFirstOrThrow();
    const wonIntent = stripe.intentsWith({ bookingId: wonRow.id })[0]!.id;
    const owner = await ownerSession(site.app);
    const before = (await owner.get('/api/admin/reports?year=2027')).json<{
      months: Array<Record<string, number | string>>;
    }>();
    const january = (report: typeof before) =>
      report.months.find((r) => r.month === '2027-01' && r.channel === 'direct')!;

    clock.advance(3 * DAY);
    const disputed = await stripe.openDispute(lost.intentId, START + 20 * DAY);
    const kept = await stripe.openDispute(wonIntent, START + 20 * DAY);
    clock.set(Date.UTC(2027, 1, 3, 12));
    await stripe.closeDispute(disputed.id, 'lost');
    await stripe.closeDispute(kept.id, 'won');
    // Read again later (a stale event sent again): the day it closed stays the first.
    clock.advance(2 * DAY);
    await stripe.send(stripe.event('charge.dispute.closed', { ...disputed, status: 'lost' }));

    const report = (await owner.get('/api/admin/reports?year=2027')).json<typeof before>();
    const february = report.months.find((r) => r.month === '2027-02' && r.channel === 'direct')!;
    expect(february).toMatchObject({ disputesLostCents: 12_660, netCents: -12_660 });
    expect(january(report)).toEqual(january(before));
    expect(report.months.reduce((n, r) => n + Number(r.disputesLostCents), 0)).toBe(12_660);

    const csv = await owner.get('/api/admin/export.csv?from=2027-02-01&to=2027-02-28&locale=en');
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(lines.filter((l) => l[1] === 'dispute lost').map((l) => [l[0], l[2], l[7]])).toEqual([
      ['2027-02-03', lost.code, '-126.60'],
    ]);
    expect(lines.find((l) => l[0] === 'Total disputes lost')?.[7]).toBe('126.60');
    expect(lines.find((l) => l[0] === 'Total net')?.[7]).toBe('-126.60');
    const pt = await owner.get('/api/admin/export.csv?from=2027-02-01&to=2027-02-28&locale=pt');
    expect(pt.body).toContain(`2027-02-03;disputa perdida;${lost.code};`);
    expect(pt.body).toContain('Total disputas perdidas;;;;;;;126,60;');
  });
});
