import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import { reserveLoginAttempt } from '../auth/login-failures-data.js';
import { reserveSiteAttempt } from '../auth/second-factor-attempts-data.js';
import { countHit } from '../rate-limits/rate-limits-data.js';
import { createPendingLogin } from '../auth/pending-logins-data.js';
import { recordOwnerAction } from '../audit/owner-audit-data.js';
import { forgetLease } from './job-leases-data.js';
import { sweepExpired, sweepOnce } from '../../../tests/support/server/sweep.js';

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

async function addInquiry(
  id: string,
  fields: { status: 'pending' | 'sent' | 'failed'; sentAt?: string; createdAt?: string },
) {
  const createdAt = fields.createdAt ?? ago(200 * DAY);
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
      createdAt,
      messageId: `<${id}@t>`,
      status: fields.status,
      attempts: 1,
      nextAttemptAt: createdAt,
      sentAt: fields.sentAt ?? null,
    })
    .execute();
}

const keys = async (table: 'adminSessions' | 'loginFailures' | 'rateLimits' | 'inquiries') => {
  const column = { adminSessions: 'tokenHash', loginFailures: 'ip', rateLimits: 'key', inquiries: 'id' } as const;
  const rows = await t.app.db
    .selectFrom(table)
    .select(column[table] as never)
    .execute();
  return rows.map((row) => Object.values(row as Record<string, string>)[0]).sort();
};

describe('the periodic sweep', () => {
  it('deletes what is over and keeps what is live', async () => {
    await addSession('idle', ago(2 * 60 * MINUTE), ago(31 * MINUTE));
    await addSession('too-old', ago(12 * 60 * MINUTE + MINUTE), ago(MINUTE));
    await addSession('live', ago(11 * 60 * MINUTE), ago(29 * MINUTE));
    await reserveLoginAttempt(t.app.db, '10.0.0.1', 5, new Date(NOW.getTime() - 16 * MINUTE));
    await reserveLoginAttempt(t.app.db, '10.0.0.2', 5, new Date(NOW.getTime() - 14 * MINUTE));
    // The site's count of second-factor checks: 15 minutes too.
    await reserveSiteAttempt(t.app.db, NOW.getTime() - 16 * MINUTE);
    await reserveSiteAttempt(t.app.db, NOW.getTime() - 14 * MINUTE);
    await countHit(t.app.db, 'ended', SETTINGS.rateLimitWindowMs, NOW.getTime() - 16 * MINUTE);
    await countHit(t.app.db, 'running', SETTINGS.rateLimitWindowMs, NOW.getTime() - 14 * MINUTE);
    await addInquiry('sent-old', { status: 'sent', sentAt: ago(91 * DAY) });
    await addInquiry('sent-new', { status: 'sent', sentAt: ago(89 * DAY) });
    await addInquiry('failed-old', { status: 'failed', createdAt: ago(91 * DAY) });
    await addInquiry('failed-new', { status: 'failed', createdAt: ago(89 * DAY) });
    await addInquiry('pending-old', { status: 'pending', createdAt: ago(91 * DAY) });
    await addInquiry('pending-new', { status: 'pending', createdAt: ago(89 * DAY) });
    // A login waiting for its second factor lasts 5 minutes; the audit list keeps a year.
    await createPendingLogin(t.app.db, new Date(NOW.getTime() - 5 * MINUTE - 1000));
    await createPendingLogin(t.app.db, new Date(NOW.getTime() - 4 * MINUTE));
    await recordOwnerAction(t.app.db, { action: 'login', detail: 'old' }, new Date(NOW.getTime() - 366 * DAY));
    await recordOwnerAction(t.app.db, { action: 'login', detail: 'kept' }, new Date(NOW.getTime() - 364 * DAY));

    expect(await sweepExpired(t.app.db, SETTINGS, NOW)).toEqual({
      sessions: 2,
      pendingLogins: 1,
      ownerAudit: 1,
      loginFailures: 1,
      secondFactorAttempts: 1,
      rateLimits: 1,
      inquiries: 3,
      pendingReviews: 0,
      registrations: 0,
    });
    expect(await keys('adminSessions')).toEqual(['live']);
    expect(await keys('loginFailures')).toEqual(['10.0.0.2']);
    expect(await keys('rateLimits')).toEqual(['running']);
    expect(await keys('inquiries')).toEqual(['failed-new', 'pending-new', 'sent-new']);
    expect((await t.app.db.selectFrom('guestDataAudit').select('detail').execute()).map((r) => r.detail)).toEqual([
      'kept',
    ]);
    // Nothing left to do: a second sweep deletes nothing.
    expect(await sweepExpired(t.app.db, SETTINGS, NOW)).toEqual({
      sessions: 0,
      pendingLogins: 0,
      ownerAudit: 0,
      loginFailures: 0,
      secondFactorAttempts: 0,
      rateLimits: 0,
      inquiries: 0,
      pendingReviews: 0,
      registrations: 0,
    });
  });

  it("deletes every inquiry on time, mailed or not, as the clock moves, and keeps a booking's nights", async () => {
    // No SMTP_URL: the inquiry is never mailed and waits in the outbox.
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { name: 'Élodie', email: 'elodie@example.com', checkIn: '2027-06-01', checkOut: '2027-06-05' },
    });
    expect(stored.statusCode).toBe(202);
    const [row] = await t.app.db.selectFrom('inquiries').select(['id', 'status', 'createdAt']).execute();
    expect(row?.status).toBe('pending');
    await t.app.db
      .insertInto('calendarBlocks')
      .values({
        id: 'booked',
        startDate: '2027-06-01',
        endDate: '2027-06-05',
        note: null,
        kind: 'booking',
        createdAt: row!.createdAt,
        inquiryId: row!.id,
      })
      .execute();
    const created = Date.parse(row!.createdAt);
    expect((await sweepExpired(t.app.db, SETTINGS, new Date(created + 90 * DAY - MINUTE))).inquiries).toBe(0);
    expect(await keys('inquiries')).toEqual([row!.id]);
    expect((await sweepExpired(t.app.db, SETTINGS, new Date(created + 90 * DAY + MINUTE))).inquiries).toBe(1);
    expect(await keys('inquiries')).toEqual([]);
    const blocks = await t.app.db.selectFrom('calendarBlocks').select(['id', 'startDate', 'endDate']).execute();
    expect(blocks).toEqual([{ id: 'booked', startDate: '2027-06-01', endDate: '2027-06-05' }]);
  });

  it('deletes a review waiting for moderation that the owner has not touched in 90 days, and no approved one', async () => {
    const send = (clientName: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        payload: { clientName, rating: 5, comment: 'Lovely lake house.' },
      });
    expect((await send('Waiting')).statusCode).toBe(201);
    expect((await send('Approved')).statusCode).toBe(201);
    const rows = await t.app.db.selectFrom('reviews').select(['id', 'clientName', 'createdAt']).execute();
    const approved = rows.find((r) => r.clientName === 'Approved')!;
    await t.app.db.updateTable('reviews').set({ isApproved: 1 }).where('id', '=', approved.id).execute();
    const sent = Math.max(...rows.map((r) => Date.parse(r.createdAt)));
    expect((await sweepExpired(t.app.db, SETTINGS, new Date(sent + 89 * DAY))).pendingReviews).toBe(0);
    expect((await sweepExpired(t.app.db, SETTINGS, new Date(sent + 90 * DAY + MINUTE))).pendingReviews).toBe(1);
    expect((await t.app.db.selectFrom('reviews').select('clientName').execute()).map((r) => r.clientName)).toEqual([
      'Approved',
    ]);
  });

  it('runs on one of two servers when both sweep at once, and once per period', async () => {
    const other = await createTestApp({ DATABASE_URL: t.databaseUrl });
    try {
      // Both apps swept at start; forget that lease so the two runs below start even.
      await forgetLease(t.app.db, 'sweep');
      const runs = await Promise.all([
        sweepOnce(t.app.db, SETTINGS, 'first'),
        sweepOnce(other.app.db, SETTINGS, 'second'),
      ]);
      expect(runs.filter((counts) => counts !== undefined)).toHaveLength(1);
      // The lease is kept for the period: neither server sweeps again before it is over.
      expect(await sweepOnce(t.app.db, SETTINGS, 'first')).toBeUndefined();
      expect(await sweepOnce(other.app.db, SETTINGS, 'second')).toBeUndefined();
    } finally {
      await other.app.close();
    }
  });
});
