import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../../../tests/support/server/app-process-handle.js';
import {
  bookingBody,
  bookingContentDir,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
} from '../../../tests/support/server/booking-site.js';
import { FakeStripe } from '../../../tests/support/server/fake-stripe.js';
import { TEST_DATA_KEY } from '../../../tests/support/server/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/server/test-database.js';
import { cheapPasswordHash } from '../../../tests/support/server/test-password.js';
import { type Db, openDatabase } from '../db/database.js';
import { mailsByKeyPrefix } from '../mail/outbox-data.js';

// A SIGKILL of the server between Stripe's answer to the balance charge and the database write:
// the real server in a child process (tests/support/server/app-process.ts), killed by its pid
// once the fake Stripe has charged the card and before its answer leaves, then started again on
// the same database. The money is counted once and the guest charged once.

const START = Date.UTC(2027, 0, 10, 10);
let stripe: FakeStripe;
let database: TestDatabase;
let dir: string;
let db: Db;
let env: Record<string, string>;
let clock = START;
const servers: AppProcess[] = [];

beforeAll(async () => {
  stripe = await FakeStripe.start({
    secretKey: STRIPE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    now: () => clock,
  });
  dir = mkdtempSync(join(tmpdir(), 'estadia-crash-'));
  database = await createTestDatabase(dir);
  env = {
    DATABASE_URL: database.url,
    CONTENT_DIR: bookingContentDir(),
    ADMIN_PASSWORD_HASH: await cheapPasswordHash('crash test password'),
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    SITE_URL: 'http://estadia.test',
    MAIL_TO: 'owner@example.com',
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.baseUrl,
  };
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await db?.destroy();
  await stripe?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<AppProcess> {
  const server = await startAppProcess(env, clock);
  servers.push(server);
  stripe.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
  return server;
}

it('counts the money once and charges the guest once when the server dies between Stripe’s answer and the write', async () => {
  const first = await start();
  const created = await fetch(`${first.url}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bookingBody({ checkIn: '2028-03-06', checkOut: '2028-03-09' })),
  }).then((r) => r.json() as Promise<{ code: string; bookingUrl: string; checkoutUrl: string }>);
  await stripe.completeSession(created.checkoutUrl.split('/').at(-1)!, 'card');
  const bookingPath = new URL(created.bookingUrl);
  const view = async (server: AppProcess): Promise<Record<string, unknown>> =>
    (
      await fetch(`${server.url}/api${bookingPath.pathname.replace('/booking/', '/bookings/')}${bookingPath.search}`)
    ).json() as Promise<Record<string, unknown>>;
  const before = await view(first);
  expect(before).toMatchObject({ status: 'confirmed', paidCents: 12_660 });

  // The due day: Stripe charges the card, and the server dies before the answer reaches it.
  clock = Date.parse(`${String(before.balanceDueOn)}T09:00:00Z`);
  await first.setClock(clock);
  stripe.holdEvents = true;
  stripe.beforeAnswer = async (request) => {
    if (request.method !== 'POST' || request.path !== '/v1/payment_intents') return;
    stripe.beforeAnswer = undefined;
    first.process.kill('SIGKILL');
    await first.exited;
  };
  await expect(first.runJobs()).rejects.toThrow('the server exited');
  expect(first.process.signalCode).toBe('SIGKILL');

  db = await openDatabase(database.url, { poolSize: 2 });
  const bookingId = (
    await db.selectFrom('bookings').select('id').where('code', '=', created.code).executeTakeFirstOrThrow()
  ).id;
  const balanceRows = () =>
    db.selectFrom('payments').selectAll().where('bookingId', '=', bookingId).where('kind', '=', 'balance').execute();
  const charged = stripe.intentsWith({ bookingId, kind: 'balance' });
  expect(charged).toHaveLength(1);
  expect(charged[0]!.status).toBe('succeeded');
  // The write never happened: the row is there, without Stripe's answer.
  expect(await balanceRows()).toMatchObject([{ status: 'pending', stripePaymentIntent: null }]);

  // Restarted: once the dead server's lease on the job runs out, the job asks Stripe again with the same key.
  clock += 5 * 60_000;
  const second = await start();
  let counts: Record<string, number> | null = null;
  for (let tries = 0; counts === null; tries++) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(tries).toBeLessThan(60);
    counts = await second.runJobs();
  }
  expect(await view(second)).toMatchObject({ status: 'paid', paidCents: 42_200, dueCents: 0 });
  const attempts = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  expect(attempts.length).toBeGreaterThanOrEqual(2);
  expect(new Set(attempts.map((r) => r.idempotencyKey))).toEqual(new Set([`${bookingId}:balance:off-session`]));
  expect(attempts.at(-1)?.replayed).toBe(true);
  expect(stripe.intentsWith({ bookingId, kind: 'balance' })).toHaveLength(1);

  // The event Stripe sent while the server was dead arrives now, twice: nothing more is counted.
  expect(await stripe.releaseEvents({ twice: true })).toEqual([200, 200]);
  expect(await view(second)).toMatchObject({ status: 'paid', paidCents: 42_200 });
  expect(await balanceRows()).toMatchObject([{ status: 'succeeded', amountCents: 29_540 }]);
  const receipts = (await mailsByKeyPrefix(db, `booking:${bookingId}:receipt:`)).map((m) => m.subject);
  expect(receipts.filter((s) => s.startsWith('Payment received: €295.40'))).toHaveLength(1);
}, 180_000);
