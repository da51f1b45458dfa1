import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import {
  claim,
  GIVE_UP_AFTER_MS,
  LEASE_MS,
  markFailedAttempt,
  deleteInquiriesPastRetention,
  releaseAllLeases,
  retryDelayMs,
} from './inquiries-data.js';

describe('retry schedule', () => {
  it('retries first within a minute, grows, never waits more than an hour, and lasts over 24 hours', () => {
    expect(retryDelayMs(1)).toBeLessThanOrEqual(60_000);
    for (let n = 1; n < 30; n++) {
      expect(retryDelayMs(n + 1)).toBeGreaterThanOrEqual(retryDelayMs(n));
      expect(retryDelayMs(n)).toBeLessThanOrEqual(60 * 60_000);
    }
    expect(retryDelayMs(20)).toBe(60 * 60_000);
    expect(GIVE_UP_AFTER_MS).toBeGreaterThanOrEqual(24 * 60 * 60_000);
  });
});

describe('outbox rows', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  async function insert(id: string, fields: Record<string, unknown> = {}) {
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('inquiries')
      .values({
        id,
        name: 'N',
        email: 'n@example.com',
        guests: null,
        message: '',
        checkIn: null,
        checkOut: null,
        createdAt: now,
        messageId: `<${id}@t>`,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        ...fields,
      })
      .execute();
  }
  const get = (id: string) =>
    t.app.db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lets only one delivery claim a row until its lease runs out', async () => {
    await insert('a');
    const now = Date.now();
    expect(await claim(t.app.db, 'a', now)).toBeDefined();
    expect(await claim(t.app.db, 'a', now + 1000)).toBeUndefined();
    // A server that died mid-send releases the row when the lease expires.
    expect(await claim(t.app.db, 'a', now + LEASE_MS + 1)).toBeDefined();
  });

  it('releases leases left by a dead process when the sole server starts', async () => {
    await insert('a');
    const now = Date.now();
    expect(await claim(t.app.db, 'a', now)).toBeDefined();
    expect(await releaseAllLeases(t.app.db)).toBe(1);
    expect(await claim(t.app.db, 'a', now + 1000)).toBeDefined();
  });

  it('gives up on temporary failures after two days, keeping the error', async () => {
    await insert('old', { createdAt: new Date(Date.now() - GIVE_UP_AFTER_MS - 1000).toISOString(), attempts: 40 });
    const row = await get('old');
    expect(await markFailedAttempt(t.app.db, row, 'ECONNECTION: refused', false, Date.now())).toBe('failed');
    expect((await get('old')).lastError).toBe('Gave up after 41 attempts: ECONNECTION: refused');
  });

  it('deletes inquiries after the retention period, mailed or not, and nothing else', async () => {
    // Seen from a year ahead, so the app's own sweep, which may run at any moment with the real
    // clock, finds nothing to delete among these rows and cannot race the call under test.
    const now = Date.now() + 365 * 86_400_000;
    const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString();
    await insert('sent-old', { status: 'sent', sentAt: daysAgo(91) });
    await insert('sent-new', { status: 'sent', sentAt: daysAgo(89) });
    await insert('failed-old', { status: 'failed', createdAt: daysAgo(200) });
    await insert('failed-new', { status: 'failed', createdAt: daysAgo(89) });
    await insert('pending-old', { createdAt: daysAgo(200) });
    await insert('pending-new', { createdAt: daysAgo(89) });
    // Being mailed at this very moment: kept until the delivery lets go of it.
    await insert('pending-leased', { createdAt: daysAgo(200), leaseUntil: new Date(now + 60_000).toISOString() });
    expect(await deleteInquiriesPastRetention(t.app.db, 90, now)).toBe(3);
    const left = (await t.app.db.selectFrom('inquiries').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(left).toEqual(['failed-new', 'pending-leased', 'pending-new', 'sent-new']);
  });
});
