import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { testDbKind } from '../../../tests/support/server/test-database.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ SUBMISSIONS_PER_WINDOW: '1000' });
});
afterEach(async () => t.close());

const valid = { clientName: 'Ana Souza', rating: 5, comment: 'A wonderful week by the lake.' };
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/reviews', payload: payload as object, headers });

async function seedApproved(count: number, startMs = Date.UTC(2026, 0, 1)) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `id-${String(i).padStart(5, '0')}`,
    clientName: `Guest ${i}`,
    rating: (i % 5) + 1,
    comment: `Comment ${i}`,
    isApproved: 1,
    // Pairs share a timestamp so the id tie-breaker is exercised.
    createdAt: new Date(startMs + Math.floor(i / 2) * 1000).toISOString(),
  }));
  await t.app.db.insertInto('reviews').values(rows).execute();
  return rows;
}

describe('POST /api/reviews', () => {
  it('stores a trimmed, pending review and answers 201', async () => {
    const response = await post({
      clientName: '  Ana Souza  ',
      rating: 4,
      comment: '  Great!  ',
      extra: 'ignored',
      isApproved: true,
    });
    expect(response.statusCode).toBe(201);
    const rows = await t.app.db.selectFrom('reviews').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientName: 'Ana Souza', rating: 4, comment: 'Great!', isApproved: 0 });
    expect(Date.parse(rows[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps a pending review off the public list', async () => {
    await post(valid);
    const response = await t.app.inject('/api/reviews');
    expect(response.json()).toEqual({ items: [], nextCursor: null });
  });

  it.each([
    ['missing name', { ...valid, clientName: undefined }, 'clientName'],
    ['blank name', { ...valid, clientName: '   ' }, 'clientName'],
    ['name of 81 characters', { ...valid, clientName: 'x'.repeat(81) }, 'clientName'],
    ['name that is not text', { ...valid, clientName: 42 }, 'clientName'],
    ['rating 0', { ...valid, rating: 0 }, 'rating'],
    ['rating 6', { ...valid, rating: 6 }, 'rating'],
    ['rating 2.5', { ...valid, rating: 2.5 }, 'rating'],
    ['rating as text', { ...valid, rating: '5' }, 'rating'],
    ['missing rating', { ...valid, rating: undefined }, 'rating'],
    ['empty comment', { ...valid, comment: '' }, 'comment'],
    ['comment of 2001 characters', { ...valid, comment: 'x'.repeat(2001) }, 'comment'],
    ['a NUL character', { ...valid, comment: 'a\u0000b' }, 'comment'],
  ])('refuses %s with 400 naming the field', async (_name, payload, field) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_field', message: expect.any(String), field } });
    expect(await t.app.db.selectFrom('reviews').select('id').execute()).toHaveLength(0);
  });

  it('accepts the limits exactly: 80-character name, 2000-character comment, ratings 1 and 5', async () => {
    expect(
      (await post({ ...valid, clientName: 'n'.repeat(80), comment: 'c'.repeat(2000), rating: 1 })).statusCode,
    ).toBe(201);
    expect((await post({ ...valid, rating: 5 })).statusCode).toBe(201);
  });

  it.each([
    ['an array', [valid]],
    ['a number', 42],
    ['null', null],
  ])('refuses a JSON body that is %s with 400', async (_name, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_body', message: 'The request body must be a JSON object' },
    });
  });

  it('answers 413 to a body over 16 KB', async () => {
    const response = await post({ ...valid, comment: 'x'.repeat(17 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'payload_too_large', message: 'The request is too large' } });
  });

  it('answers 415 to a body that is not JSON and 400 to broken JSON', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      error: { code: 'unsupported_media_type', message: 'The request must be JSON (Content-Type: application/json)' },
    });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'clientName=a',
    });
    expect(form.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { 'content-type': 'application/json' },
      payload: '{"clientName":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: { code: 'invalid_body', message: 'The request body is not valid JSON' } });
  });

  it('accepts a filled honeypot with 201 and stores nothing', async () => {
    const response = await post({ ...valid, website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(await t.app.db.selectFrom('reviews').select('id').execute()).toHaveLength(0);
  });
});

describe('POST /api/reviews rate limit', () => {
  it('answers 429 past the per-IP limit, and other IPs are not affected', async () => {
    const limited = await createTestApp({ SUBMISSIONS_PER_WINDOW: '3' });
    try {
      const from = (ip: string) =>
        limited.app.inject({ method: 'POST', url: '/api/reviews', payload: valid, remoteAddress: ip });
      for (let i = 0; i < 3; i++) expect((await from('10.0.0.1')).statusCode).toBe(201);
      const refused = await from('10.0.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'rate_limited', message: expect.stringContaining('Too many submissions') },
      });
      expect((await from('10.0.0.2')).statusCode).toBe(201);
      expect(await limited.app.db.selectFrom('reviews').select('id').execute()).toHaveLength(4);
      // Reads are never limited.
      for (let i = 0; i < 20; i++)
        expect((await limited.app.inject({ url: '/api/reviews', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/reviews', () => {
  it('returns approved reviews only, newest first, in the documented shape', async () => {
    await seedApproved(3);
    await t.app.db
      .insertInto('reviews')
      .values({
        id: 'pending',
        clientName: 'P',
        rating: 3,
        comment: 'c',
        isApproved: 0,
        createdAt: new Date().toISOString(),
      })
      .execute();
    const response = await t.app.inject('/api/reviews?limit=6');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.nextCursor).toBeNull();
    expect(body.items.map((r: { clientName: string }) => r.clientName)).toEqual(['Guest 2', 'Guest 1', 'Guest 0']);
    expect(Object.keys(body.items[0]).sort()).toEqual([
      'clientName',
      'comment',
      'createdAt',
      'id',
      'rating',
      'reply',
      'stayMonth',
      'verified',
    ]);
    expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
  });

  it('pages through every review once with the cursor (keyset, ties broken by id)', async () => {
    const rows = await seedApproved(23);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/reviews?limit=6${cursor ? `&cursor=${cursor}` : ''}`;
      const body: { items: Array<{ id: string }>; nextCursor: string | null } = (await t.app.inject(url)).json();
      expect(body.items.length).toBeLessThanOrEqual(6);
      seen.push(...body.items.map((r) => r.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    const expected = [...rows]
      .sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt)))
      .map((r) => r.id);
    expect(seen).toEqual(expected);
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once the page changes', async () => {
    await seedApproved(2);
    const first = await t.app.inject('/api/reviews?limit=6');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({ url: '/api/reviews?limit=6', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Approving a review on this server shows at once: the cached pages are dropped.
    await t.app.db
      .insertInto('reviews')
      .values({
        id: 'newer',
        clientName: 'N',
        rating: 5,
        comment: 'c',
        isApproved: 0,
        createdAt: new Date().toISOString(),
      })
      .execute();
    const cookie = await login(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/reviews/newer/approve', headers: { cookie } })).statusCode,
    ).toBe(204);
    const changed = await t.app.inject({ url: '/api/reviews?limit=6', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().items[0].id).toBe('newer');
  });

  it('defaults to 6 and accepts limits 1 to 50', async () => {
    await seedApproved(60);
    expect((await t.app.inject('/api/reviews')).json().items).toHaveLength(6);
    expect((await t.app.inject('/api/reviews?limit=1')).json().items).toHaveLength(1);
    expect((await t.app.inject('/api/reviews?limit=50')).json().items).toHaveLength(50);
  });

  // The last two are well-formed cursors with values no page ever ends on; PostgreSQL text cannot even hold the NUL.
  const cursorOf = (value: unknown) => `cursor=${Buffer.from(JSON.stringify(value)).toString('base64url')}`;
  it.each([
    'limit=0',
    'limit=51',
    'limit=abc',
    'limit=2.5',
    'limit=-1',
    'cursor=nonsense',
    `cursor=${'a'.repeat(300)}`,
    cursorOf(['', '\u0000']),
    cursorOf(['2026-11-21T10:00:00.000Z', 'a\u0000']),
  ])('refuses ?%s with 400', async (query) => {
    const response = await t.app.inject(`/api/reviews?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_field', message: expect.any(String), field: query.split('=')[0] },
    });
  });

  it('reads a page through the index, not a scan of the table', async () => {
    const page = sql`select id from reviews where is_approved = 1 and (created_at, id) < ('2026', 'x')
      order by created_at desc, id desc limit 7`;
    if (testDbKind() === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan ${page}`.execute(t.app.db);
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(/SEARCH reviews USING (COVERING )?INDEX reviews_approved_created_idx/);
      expect(details).not.toContain('TEMP B-TREE');
    } else {
      // An empty table is cheaper to scan, so the planner is told to prefer an index where it can.
      await seedApproved(200);
      const plan = await t.app.db.connection().execute(async (conn) => {
        await sql`set enable_seqscan = off`.execute(conn);
        return sql<{ 'QUERY PLAN': string }>`explain ${page}`.execute(conn);
      });
      const details = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(details).toMatch(/Index (Only )?Scan (Backward )?using reviews_approved_created_idx/);
      expect(details).not.toMatch(/Sort|Seq Scan/);
    }
  });
});
