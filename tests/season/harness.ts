import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/server/config.js';
import { makeBackup } from '../../src/server/backup/make-backup.js';
import { restoreBackup } from '../../src/server/backup/restore-backup.js';
import { houseTimeOf } from '../../src/server/stay-record/house-time.js';
import {
  bookingContentDir,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  testClock,
  type TestClock,
} from '../support/server/booking-site.js';
import { FakeInvoiceXpress } from '../support/server/fake-invoicexpress.js';
import { FakeSiba } from '../support/server/fake-siba.js';
import { FakeStripe } from '../support/server/fake-stripe.js';
import { FeedServer } from '../support/server/feed-server.js';
import { SIBA_LEGAL, sibaEnv } from '../support/server/registration-site.js';
import { SmtpSink } from '../support/server/smtp-sink.js';
import { listenForStripeWebhooks } from '../support/server/stripe-webhooks.js';
import { createTestApp, type TestApp } from '../support/server/test-app.js';
import { createTestDatabase, testDbKind } from '../support/server/test-database.js';

// The season's world: one house's real app (the API, as `createTestApp` builds it) on a real
// SQLite or PostgreSQL database, the outside services as the loopback fakes, and one clock the
// season moves. It restarts the app on the same database, and backs it up and restores it into a
// fresh one with the project's own backup code, as an owner would.

export interface World {
  clock: TestClock;
  stripe: FakeStripe;
  invoicing: FakeInvoiceXpress;
  siba: FakeSiba;
  feeds: FeedServer;
  smtp: SmtpSink;
  site: TestApp;
  /** The database the app runs on now (a restore moves it). */
  databaseUrl: string;
  restarts: number;
  restores: number;
}

const cleanups: Array<() => Promise<void>> = [];
export const PROFILE = new Map<string, number>();

/** 10:00 at the house on `day` (YYYY-MM-DD), in epoch milliseconds. */
export const houseTime = (day: string, hour = 10) => houseTimeOf(day, hour);

export async function openWorld(firstDay: string): Promise<World> {
  const clock = testClock(houseTime(firstDay, 8));
  const dir = mkdtempSync(join(tmpdir(), 'estadia-season-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const [stripe, invoicing, siba, feeds, smtp] = await Promise.all([
    FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now }),
    FakeInvoiceXpress.start(),
    FakeSiba.start(),
    FeedServer.start(),
    SmtpSink.start(),
  ]);
  cleanups.push(
    () => stripe.stop(),
    () => invoicing.stop(),
    () => siba.close(),
    () => feeds.close(),
  );
  cleanups.push(() => smtp.stop());
  const database = await createTestDatabase(dir);
  cleanups.push(database.drop);
  const content = bookingContentDir(
    { mode: 'instant', stripeMethods: ['card', 'multibanco', 'mb_way'] },
    { legal: { ...SIBA_LEGAL, invoicing: { nightsVatPercent: 6 } } },
  );
  env = {
    CONTENT_DIR: content,
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.baseUrl,
    INVOICEXPRESS_ACCOUNT: 'casadolago',
    INVOICEXPRESS_API_KEY: invoicing.apiKey,
    INVOICING_API_URL: invoicing.url,
    ...sibaEnv(siba.url),
    SMTP_URL: smtp.url,
    MAIL_TO: 'owner@example.com',
    SUBMISSIONS_PER_WINDOW: '10000',
    CALENDAR_ALLOW_PRIVATE_HOSTS: 'true',
    BACKUP_DIR: join(dir, 'backups'),
  };
  workDir = dir;
  const world = { clock, stripe, invoicing, siba, feeds, smtp, databaseUrl: database.url, restarts: 0, restores: 0 };
  return Object.assign(world, { site: await startApp(world) });
}

let env: Record<string, string> = {};
let workDir = '';

async function startApp(world: Omit<World, 'site'>): Promise<TestApp> {
  const site = await createTestApp({ ...env, DATABASE_URL: world.databaseUrl }, { now: world.clock.now });
  // The schedules' own timers run on the wall clock and keep their job's lease for a wall-clock
  // minute (docs/decisions/0008-job-leases-and-sweep.md), which would skip the season's runs at
  // random: they are stopped, and the season runs each job itself at its simulated hour
  // (docs/decisions/0057-a-simulated-season.md).
  const app = site.app;
  await Promise.all([app.bookingJobs.stop(), app.sibaJobs.stop(), app.invoicingJobs.stop(), app.calendarSync.stop()]);
  await listenForStripeWebhooks(app, world.stripe);
  return site;
}

/** The server stops and starts again on the same database (a deploy, a reboot). */
export async function restart(world: World): Promise<void> {
  await world.site.close();
  world.site = await startApp(world);
  world.restarts++;
}

/**
 * A backup by the project's backup code, restored by its restore code into a fresh database of
 * the same kind, and the site started on that one: the rest of the season runs on the copy.
 */
export async function backupAndRestore(world: World): Promise<string> {
  const config = world.site.app.config as Config;
  const { file } = await makeBackup(config, world.clock.now());
  const target = await freshDatabase(world.databaseUrl);
  await world.site.close();
  await restoreBackup({ ...config, databaseUrl: target }, file);
  world.databaseUrl = target;
  world.site = await startApp(world);
  world.restores++;
  return file;
}

async function freshDatabase(sourceUrl: string): Promise<string> {
  if (testDbKind() === 'sqlite') return `file:${join(workDir, `restored-${cleanups.length}.sqlite`)}`;
  const name = `estadia_season_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
  const url = new URL(sourceUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function closeWorld(world: World | undefined): Promise<void> {
  await world?.site.close();
  for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
}

/**
 * The site's timed work at this moment, as its schedules would do it: the bookings' jobs, the
 * feeds, the SIBA bulletins, the invoices; then every mail that is due leaves through the SMTP
 * sink (waiting for that state, never for a time).
 */
export async function runTimedWork(world: World): Promise<void> {
  const app = world.site.app;
  const ran = (job: string, counts: unknown) => {
    if (counts === undefined) throw new Error(`the ${job} jobs did not run: their lease is held`);
  };
  const t = async (name: string, fn: () => Promise<unknown>) => {
    const start = performance.now();
    const out = await fn();
    PROFILE.set(name, (PROFILE.get(name) ?? 0) + performance.now() - start);
    return out;
  };
  await t('feeds', async () => {
    for (const { id } of await app.db.selectFrom('calendarFeeds').select('id').execute())
      await app.calendarSync.syncNow(id);
  });
  ran('booking', await t('booking', () => app.bookingJobs.runOnce()));
  ran('SIBA', await t('siba', () => app.sibaJobs.runOnce()));
  ran('invoicing', await t('invoicing', () => app.invoicingJobs.runOnce()));
  await t('mail', () => deliverDueMail(world));
}

export async function deliverDueMail(world: World): Promise<void> {
  const app = world.site.app;
  const due = () =>
    app.db
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', new Date(world.clock.now()).toISOString())
      .executeTakeFirstOrThrow();
  for (let tries = 0; Number((await due()).n) > 0; tries++) {
    if (tries > 2000) throw new Error('the due mails did not leave within 10 s');
    app.deliveries.notify();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
