import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NeedsAction } from '../../shared/needs-action.js';
import {
  book,
  createBookingSite,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  testClock,
} from '../../../tests/support/server/booking-site.js';
import { GERMAN_GUEST } from '../../../tests/support/server/registration-site.js';
import { FakeStripe } from '../../../tests/support/server/fake-stripe.js';
import { listenForStripeWebhooks } from '../../../tests/support/server/stripe-webhooks.js';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { ownerSession, stayBody } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';

// "Needs action", the admin's home, with real data for each group on one site: a request, a
// booking awaiting its transfer, an overdue balance, a Stripe dispute, a bulletin due, inquiries
// (one declined, one handled) and mails the SMTP server refused (docs/decisions/0044-needs-action.md).

vi.setConfig({ testTimeout: 60_000 });

const DAY = 24 * 60 * 60_000;
const START = Date.UTC(2027, 0, 10, 10);
const clock = testClock(START);
let stripe: FakeStripe;
let sink: SmtpSink;
let site: TestApp & { clock: typeof clock };

beforeAll(async () => {
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
  sink = await SmtpSink.start();
});
afterAll(async () => {
  await stripe?.stop();
  await sink?.stop();
});
afterEach(async () => {
  sink.failWith = undefined;
  await site?.close();
});

async function startSite(env: Record<string, string>) {
  clock.set(START);
  site = await createBookingSite({ clock, stripeUrl: stripe.baseUrl, env: { SUBMISSIONS_PER_WINDOW: '1000', ...env } });
  await listenForStripeWebhooks(site.app, stripe);
  return ownerSession(site.app);
}

const needs = async (owner: Awaited<ReturnType<typeof ownerSession>>) => {
  const answer = await owner.get('/api/admin/needs-action');
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return answer.json<NeedsAction>();
};

async function inquire(name: string, checkIn: string, checkOut: string) {
  const sent = await site.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    payload: { name, email: `${name.toLowerCase()}@example.com`, checkIn, checkOut, guests: 2, message: 'Is it free?' },
  });
  expect(sent.statusCode, sent.body).toBe(202);
  const row = await site.app.db.selectFrom('inquiries').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** Every mail due now is sent or failed, and no inquiry waits: what fails next is known. */
const mailSettled = () =>
  vi.waitFor(
    async () => {
      // Pending and due, whether or not a delivery holds it right now (dueMailIds leaves those out).
      const due = await site.app.db
        .selectFrom('mailOutbox')
        .select('key')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', new Date(clock.now()).toISOString())
        .execute();
      expect(due).toEqual([]);
      const waiting = await site.app.db.selectFrom('inquiries').select('id').where('status', '=', 'pending').execute();
      expect(waiting).toEqual([]);
    },
    { timeout: 20_000, interval: 50 },
  );

describe('GET /api/admin/needs-action', () => {
  it('counts and lists each group, links each item to its booking or inquiry, and a handled inquiry leaves it', async () => {
    const owner = await startSite({ SMTP_URL: sink.url, MAIL_TO: 'owner@example.com' });
    expect(await needs(owner)).toEqual({
      mailConfigured: true,
      bookings: { count: 0, items: [] },
      money: { count: 0, items: [] },
      refunds: { count: 0, items: [] },
      bulletins: { count: 0, items: [] },
      platformStays: { count: 0, items: [] },
      inquiries: { count: 0, items: [] },
      mails: { count: 0, items: [] },
      documents: { count: 0, items: [] },
    });

    // A balance paid by transfer whose day (30 days before arrival) has passed.
    const late = await book(site.app, {
      checkIn: '2027-03-08',
      checkOut: '2027-03-11',
      name: 'Lena Late',
      paymentMethod: 'bank_transfer',
    });
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    const paid = await owner.post(`/api/admin/bookings/${late.body.code}/mark-paid`, {
      amountCents: late.body.dueNowCents,
    });
    expect(paid.json()).toMatchObject({ status: 'confirmed' });
    clock.set(Date.UTC(2027, 1, 10, 10));
    await site.app.bookingJobs.runOnce();
    const lateRow = await site.app.db
      .selectFrom('bookings')
      .selectAll()
      .where('code', '=', late.body.code)
      .executeTakeFirstOrThrow();
    expect(lateRow.status).toBe('balance_due');
    expect(lateRow.balanceDueOn! < '2027-02-10').toBe(true);

    // A card deposit the guest disputes in Stripe.
    const disputed = await book(site.app, { checkIn: '2027-04-05', checkOut: '2027-04-08', name: 'Dora Dispute' });
    await stripe.completeSession((disputed.body.checkoutUrl ?? '').split('/').at(-1)!, 'card');
    await stripe.openDispute(stripe.intentsWith({})[0]!.id, START + 40 * DAY);
    // The webhooks arrive on their own time: the dispute, and the mails it queues, are stored first.
    await vi.waitFor(async () => expect((await needs(owner)).money.count).toBe(2), { timeout: 20_000, interval: 50 });
    // A phone stay that arrived yesterday, its first guest typed at the door as German: its arrival
    // bulletin is due (a party whose nationality is still unknown owes none yet).
    const stay = await owner.post(
      '/api/admin/stays',
      stayBody({
        channel: 'phone',
        checkIn: '2027-02-09',
        checkOut: '2027-02-12',
        platformReference: '',
        touristTaxCollectedBy: 'owner',
      }),
    );
    expect(stay.statusCode, stay.body).toBe(201);
    const stayCode = stay.json<{ code: string }>().code;
    const typed = await site.app.inject({
      method: 'PUT',
      url: `/api/admin/registrations/${stayCode}/guests/1`,
      headers: owner.headers,
      payload: GERMAN_GUEST,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    // Three inquiries: one declined, one to be marked handled, one left.
    const declined = await inquire('Dina', '2027-06-07', '2027-06-10');
    const handled = await inquire('Hugo', '2027-06-14', '2027-06-17');
    const open = await inquire('Olga', '2027-06-21', '2027-06-24');
    expect((await owner.post(`/api/admin/inquiries/${declined}/decline`)).statusCode).toBe(200);
    await mailSettled();

    // The SMTP server refuses from now: a booking's two mails and an inquiry's mail fail for good.
    sink.failWith = { code: 550, message: 'Mailbox unavailable' };
    const waiting = await book(site.app, {
      checkIn: '2027-05-03',
      checkOut: '2027-05-06',
      name: 'Wim Waiting',
      paymentMethod: 'bank_transfer',
    });
    const unsent = await inquire('Ursula', '2027-07-05', '2027-07-08');
    await mailSettled();

    const all = await needs(owner);
    expect(all.mailConfigured).toBe(true);
    expect(all.bookings).toEqual({
      count: 1,
      items: [
        {
          code: waiting.body.code,
          name: 'Wim Waiting',
          status: 'awaiting_payment',
          checkIn: '2027-05-03',
          checkOut: '2027-05-06',
        },
      ],
    });
    expect(all.money.count).toBe(2);
    expect(all.money.items).toEqual([
      {
        kind: 'dispute',
        code: disputed.body.code,
        name: 'Dora Dispute',
        amountCents: expect.any(Number),
        dueBy: new Date(START + 40 * DAY).toISOString(),
      },
      {
        kind: 'overdue_balance',
        code: late.body.code,
        name: 'Lena Late',
        amountCents: lateRow.totalCents - lateRow.paidCents,
        dueBy: lateRow.balanceDueOn,
      },
    ]);
    expect(all.money.items[0]!.amountCents).toBeGreaterThan(0);
    expect(all.bulletins).toEqual({
      count: 1,
      items: [{ code: stayCode, name: 'Jonas Weber', movement: 'arrival', dueBy: expect.any(String), overdue: false }],
    });
    expect(all.inquiries.count).toBe(3);
    expect(all.inquiries.items.map((i) => i.id)).toEqual([handled, open, unsent]);
    expect(all.inquiries.items[0]).toMatchObject({
      name: 'Hugo',
      checkIn: '2027-06-14',
      checkOut: '2027-06-17',
      guests: 2,
    });
    const failed = all.mails.items.map((m) => [m.kind, m.ref]);
    expect(all.mails.count).toBe(3);
    expect(failed).toEqual(
      expect.arrayContaining([
        ['booking', waiting.body.code],
        ['booking', waiting.body.code],
        ['inquiry', unsent],
      ]),
    );
    expect(all.mails.items.every((m) => m.error?.includes('Mailbox unavailable'))).toBe(true);
    expect(all.mails.items.find((m) => m.kind === 'inquiry')).toMatchObject({ subject: null, guestName: 'Ursula' });
    expect(
      all.mails.items.filter((m) => m.kind === 'booking').every((m) => m.subject?.includes(waiting.body.code)),
    ).toBe(true);

    // Marked handled: recorded with who and when, once, and gone from the group.
    clock.advance(60_000);
    const at = new Date(clock.now()).toISOString();
    expect((await owner.post(`/api/admin/inquiries/${handled}/handled`)).statusCode).toBe(204);
    clock.advance(60_000);
    expect((await owner.post(`/api/admin/inquiries/${handled}/handled`)).statusCode).toBe(204);
    const after = await needs(owner);
    expect(after.inquiries.count).toBe(2);
    expect(after.inquiries.items.map((i) => i.id)).toEqual([open, unsent]);
    const listed = (await owner.get('/api/admin/inquiries')).json<{ items: Array<Record<string, unknown>> }>();
    expect(listed.items.find((i) => i.id === handled)).toMatchObject({ handledAt: at, handledBy: 'owner' });
    expect(listed.items.find((i) => i.id === open)).toMatchObject({ handledAt: null, handledBy: null });
    expect((await owner.post('/api/admin/inquiries/no-such-inquiry/handled')).statusCode).toBe(404);
  });

  it('says when mail is not set up', async () => {
    const owner = await startSite({});
    await inquire('Nuno', '2027-06-07', '2027-06-10');
    const answer = await needs(owner);
    expect(answer.mailConfigured).toBe(false);
    expect(answer.inquiries.count).toBe(1);
    // Without SMTP_URL nothing is tried, so nothing failed.
    expect(answer.mails.count).toBe(0);
  });

  it('is the owner’s only', async () => {
    await startSite({});
    expect((await site.app.inject({ url: '/api/admin/needs-action' })).statusCode).toBe(401);
  });
});
