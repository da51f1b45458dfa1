import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import { countHit, deleteEndedRateLimits } from './rate-limits-data.js';

const WINDOW_MS = 60_000;
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ SUBMISSIONS_PER_WINDOW: '3' });
});
afterEach(async () => t.close());

describe('submission counters in the database', () => {
  it('loses no count when many requests arrive at once', async () => {
    const hits = await Promise.all(Array.from({ length: 40 }, () => countHit(t.app.db, 'k', WINDOW_MS)));
    expect(hits.map((h) => h.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('starts a new window when the old one is over, and says how long is left', async () => {
    const start = Date.parse('2026-11-21T10:00:00.000Z');
    expect(await countHit(t.app.db, 'k', WINDOW_MS, start)).toEqual({ current: 1, ttl: WINDOW_MS });
    expect(await countHit(t.app.db, 'k', WINDOW_MS, start + 15_000)).toEqual({ current: 2, ttl: 45_000 });
    expect(await countHit(t.app.db, 'k', WINDOW_MS, start + WINDOW_MS)).toEqual({ current: 1, ttl: WINDOW_MS });
  });

  it('purges only counters whose window is over', async () => {
    const now = Date.now();
    await countHit(t.app.db, 'old', WINDOW_MS, now - 2 * WINDOW_MS);
    await countHit(t.app.db, 'live', WINDOW_MS, now - 1000);
    expect(await deleteEndedRateLimits(t.app.db, WINDOW_MS, now)).toBe(1);
    expect((await t.app.db.selectFrom('rateLimits').select('key').execute()).map((r) => r.key)).toEqual(['live']);
  });

  it('is one limit for every server on the database, per route', async () => {
    const second = await createTestApp({ SUBMISSIONS_PER_WINDOW: '3', DATABASE_URL: t.databaseUrl });
    try {
      const review = (app: TestApp) =>
        app.app.inject({
          method: 'POST',
          url: '/api/reviews',
          payload: { clientName: 'Ana', rating: 5, comment: 'Lovely lake house.' },
        });
      expect((await review(t)).statusCode).toBe(201);
      expect((await review(second)).statusCode).toBe(201);
      expect((await review(t)).statusCode).toBe(201);
      const refused = await review(second);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'rate_limited', message: expect.stringMatching(/^Too many submissions/) },
      });
      // The inquiry form has its own allowance.
      const inquiry = await second.app.inject({
        method: 'POST',
        url: '/api/inquiries',
        payload: { name: 'Ana', email: 'ana@example.com' },
      });
      expect(inquiry.statusCode).toBe(202);
    } finally {
      await second.app.close();
    }
  });

  it('says the minutes left in English with the right plural: 1 minute, not 1 minutes', async () => {
    const oneMinute = await createTestApp({ SUBMISSIONS_PER_WINDOW: '1', SUBMISSION_WINDOW_MINUTES: '1' });
    try {
      const inquiry = () =>
        oneMinute.app.inject({
          method: 'POST',
          url: '/api/inquiries',
          payload: { name: 'Ana', email: 'ana@example.com' },
        });
      expect((await inquiry()).statusCode).toBe(202);
      const refused = await inquiry();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe('Too many submissions. Please try again in 1 minute.');
    } finally {
      await oneMinute.close();
    }
  });
});
