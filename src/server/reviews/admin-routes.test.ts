import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.deleteFrom('reviews').execute();
  await t.app.db.deleteFrom('adminSessions').execute();
  // The rows above change behind the API's back: drop pages it cached in earlier tests.
  t.app.publicReviews.clear();
});

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

async function addReview(id: string, approved: boolean, createdAt: string) {
  await t.app.db
    .insertInto('reviews')
    .values({
      id,
      clientName: `Name ${id}`,
      rating: 4,
      comment: `Comment ${id}`,
      isApproved: approved ? 1 : 0,
      createdAt: createdAt,
    })
    .execute();
}

describe('admin reviews', () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await login(t.app, { remoteAddress: freshIp() });
    await addReview('old-approved', true, '2026-10-01T10:00:00.000Z');
    await addReview('mid-pending', false, '2026-10-15T10:00:00.000Z');
    await addReview('new-pending', false, '2026-11-01T10:00:00.000Z');
  });
  const list = async (status?: string) => {
    const response = await t.app.inject({
      url: `/api/admin/reviews${status ? `?status=${status}` : ''}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json().items as Array<{ id: string; isApproved: boolean }>;
  };

  it('lists every review newest first with isApproved, filtered by status', async () => {
    const all = await list();
    expect(all.map((r) => r.id)).toEqual(['new-pending', 'mid-pending', 'old-approved']);
    expect(all[0]).toEqual({
      id: 'new-pending',
      clientName: 'Name new-pending',
      rating: 4,
      comment: 'Comment new-pending',
      isApproved: false,
      createdAt: '2026-11-01T10:00:00.000Z',
      verified: false,
      stayMonth: null,
      reply: null,
    });
    expect((await list('all')).map((r) => r.id)).toEqual(['new-pending', 'mid-pending', 'old-approved']);
    expect((await list('approved')).map((r) => r.id)).toEqual(['old-approved']);
    expect((await list('pending')).map((r) => r.id)).toEqual(['new-pending', 'mid-pending']);
  });

  it('refuses an unknown status with 400', async () => {
    const response = await t.app.inject({ url: '/api/admin/reviews?status=deleted', headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_field', message: 'status must be all, approved or pending', field: 'status' },
    });
  });

  it('approves a review (204), which then appears publicly', async () => {
    // Read the public list first, so a stale cached page would show.
    expect((await t.app.inject('/api/reviews')).json().items.map((r: { id: string }) => r.id)).toEqual([
      'old-approved',
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reviews/mid-pending/approve',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(204);
    const publicIds = (await t.app.inject('/api/reviews')).json().items.map((r: { id: string }) => r.id);
    expect(publicIds).toEqual(['mid-pending', 'old-approved']);
  });

  it('deletes a review (204), which leaves the public list at once', async () => {
    expect((await t.app.inject('/api/reviews')).json().items).toHaveLength(1);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/reviews/old-approved',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(204);
    expect((await t.app.inject('/api/reviews')).json().items).toHaveLength(0);
    expect((await list()).map((r) => r.id)).toEqual(['new-pending', 'mid-pending']);
  });

  it.each([
    ['POST', '/api/admin/reviews/missing/approve'],
    ['DELETE', '/api/admin/reviews/missing'],
    ['DELETE', `/api/admin/reviews/${'x'.repeat(100)}`],
  ] as const)('%s %s answers 404 for an unknown id', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Review not found' } });
  });

  it.each([
    ['POST', '/api/admin/reviews/%00/approve'],
    ['DELETE', '/api/admin/reviews/a%00b'],
    ['POST', '/api/admin/inquiries/%00/retry'],
  ] as const)(
    '%s %s answers 400 for an id no row can have (found by the fuzzer on PostgreSQL)',
    async (method, url) => {
      const response = await t.app.inject({ method, url, headers: { cookie, origin: 'http://estadia.test' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'invalid_field', message: 'id is not valid', field: 'id' } });
    },
  );
});
