import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';

// Another server's approval reaches this server's visitors within the cache's time limit, however
// often they read: a read never renews a cached page (docs/decisions/0007-caches.md).
const TTL_MS = 2_000;
const READ_EVERY_MS = 1_000;

let a: TestApp;
let b: TestApp;
beforeEach(async () => {
  a = await createTestApp({ SUBMISSIONS_PER_WINDOW: '1000' });
  b = await createTestApp({ DATABASE_URL: a.databaseUrl }, { publicCacheTtlMs: TTL_MS });
});
afterEach(async () => {
  await b.app.close();
  await a.close();
});

const publicNames = async (t: TestApp) =>
  (await t.app.inject('/api/reviews')).json<{ items: { clientName: string }[] }>().items.map((r) => r.clientName);

describe('the public reviews cache with two servers', () => {
  it('shows an approval made on the other server within the time limit, while visitors keep reading', async () => {
    await a.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { clientName: 'Ana', rating: 5, comment: 'Lovely lake house.' },
    });
    expect(await publicNames(b)).toEqual([]);
    expect(b.app.publicReviews.size).toBe(1);

    const cookie = await login(a.app);
    const pending = (await a.app.inject({ url: '/api/admin/reviews?status=pending', headers: { cookie } })).json<{
      items: { id: string }[];
    }>();
    const approve = await a.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${pending.items[0]!.id}/approve`,
      headers: { cookie },
    });
    expect(approve.statusCode).toBe(204);
    expect(await publicNames(a)).toEqual(['Ana']);

    // One read a second on B; a cache renewed by each read would never let the approval through.
    const deadline = Date.now() + TTL_MS + 5_000;
    let names = await publicNames(b);
    while (names.length === 0) {
      if (Date.now() > deadline)
        throw new Error(`the approval did not show on the other server within ${TTL_MS + 5_000} ms`);
      await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
      names = await publicNames(b);
    }
    expect(names).toEqual(['Ana']);
  });
});
