import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { recordLoginFailure } from '../auth/login-failures-data.js';
import { countHit } from '../rate-limits/rate-limits-data.js';
import { forgetLease } from './job-leases-data.js';
import { sweepExpired, sweepOnce } from './sweep.js';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SETTINGS = { rateLimitWindowMs: 15 * MINUTE, inquiryRetentionDays: 90 };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

async function addSession(tokenHash: string, createdAt: string, lastSeenAt: string) {
  await t.app.db.insertInto('adminSessions').values({ tokenHash, createdAt, lastSeenAt }).execute();
}

async function addInquiry(id: string, fields: { status: 'pending' | 'sent' | 'failed'; sentAt?: string; createdAt?: string }) {
  const createdAt = fields.createdAt ?? ago(200 * DAY);
  await t.app.db
    .insertInto('inquiries')
    .values({ id, name: 'N', email: 'n@example.com', guests: null, message: '', checkIn: null, checkOut: null, createdAt, messageId: `<${id}@t>`, status: fields.status, attempts: 1, nextAttemptAt: createdAt, sentAt: fields.sentAt ?? null })
    .execute();
}

const keys = async (table: 'adminSessions' | 'loginFailures' | 'rateLimits' | 'inquiries') => {
  const column = { adminSessions: 'tokenHash', loginFailures: 'ip', rateLimits: 'key', inquiries: 'id' } as const;
  const rows = await t.app.db.selectFrom(table).select(column[table] as never).execute();
  return rows.map((row) => Object.values(row as Record<string, string>)[0]).sort();
};

describe('the periodic sweep', () => {
  it('deletes what is over and keeps what is live', async () => {
    await addSession('idle', ago(2 * 60 * MINUTE), ago(31 * MINUTE));
    await addSession('too-old', ago(12 * 60 * MINUTE + MINUTE), ago(MINUTE));
    await addSession('live', ago(11 * 60 * MINUTE), ago(29 * MINUTE));
    await recordLoginFailure(t.app.db, '10.0.0.1', new Date(NOW.getTime() - 16 * MINUTE));
    await recordLoginFailure(t.app.db, '10.0.0.2', new Date(NOW.getTime() - 14 * MINUTE));
    await countHit(t.app.db, 'ended', SETTINGS.rateLimitWindowMs, NOW.getTime() - 16 * MINUTE);
    await countHit(t.app.db, 'running', SETTINGS.rateLimitWindowMs, NOW.getTime() - 14 * MINUTE);
    await addInquiry('sent-old', { status: 'sent', sentAt: ago(91 * DAY) });
    await addInquiry('sent-new', { status: 'sent', sentAt: ago(89 * DAY) });
    await addInquiry('failed-old', { status: 'failed' });
    await addInquiry('pending-old', { status: 'pending' });

    expect(await sweepExpired(t.app.db, SETTINGS, NOW)).toEqual({ sessions: 2, loginFailures: 1, rateLimits: 1, inquiries: 1 });
    expect(await keys('adminSessions')).toEqual(['live']);
    expect(await keys('loginFailures')).toEqual(['10.0.0.2']);
    expect(await keys('rateLimits')).toEqual(['running']);
    expect(await keys('inquiries')).toEqual(['failed-old', 'pending-old', 'sent-new']);
    // Nothing left to do: a second sweep deletes nothing.
    expect(await sweepExpired(t.app.db, SETTINGS, NOW)).toEqual({ sessions: 0, loginFailures: 0, rateLimits: 0, inquiries: 0 });
  });

  it('runs on one of two servers when both sweep at once, and once per period', async () => {
    const other = await createTestApp({ DATABASE_URL: t.databaseUrl });
    try {
      // Both apps swept at start; forget that lease so the two runs below start even.
      await forgetLease(t.app.db, 'sweep');
      const runs = await Promise.all([sweepOnce(t.app.db, SETTINGS, 'first'), sweepOnce(other.app.db, SETTINGS, 'second')]);
      expect(runs.filter((counts) => counts !== undefined)).toHaveLength(1);
      // The lease is kept for the period: neither server sweeps again before it is over.
      expect(await sweepOnce(t.app.db, SETTINGS, 'first')).toBeUndefined();
      expect(await sweepOnce(other.app.db, SETTINGS, 'second')).toBeUndefined();
    } finally {
      await other.app.close();
    }
  });
});
