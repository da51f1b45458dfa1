import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../tests/support/server/test-app.js';
import { addDays } from '../shared/date-ranges.js';
import { earliestToday } from '../shared/dates.js';
import { ADMIN_PAGE_MAX, ADMIN_PAGE_SIZE } from '../shared/admin-pages.js';
import { insertReviewRows } from './reviews/reviews-data.js';

// Every admin list answers a bounded page and a cursor; following the cursors walks every row
// once, in order, even where many rows share their timestamp (or their day).

let t: TestApp;
let headers: { cookie: string; origin: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = { cookie: await login(t.app), origin: 'http://estadia.test' };
}, 120_000);
afterAll(async () => t.close());

const id = (prefix: string, i: number) => `${prefix}-${String(i).padStart(6, '0')}`;
/** Ten rows to a timestamp, so the cursor must break ties by id. */
const stamp = (i: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + Math.floor(i / 10) * 1000).toISOString();

async function walk(path: string, limit?: number): Promise<{ pages: number; items: Array<Record<string, unknown>> }> {
  const items: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams(limit ? { limit: String(limit) } : {});
    if (cursor) query.set('cursor', cursor);
    const separator = path.includes('?') ? '&' : '?';
    const response = await t.app.inject({ method: 'GET', url: `${path}${separator}${query.toString()}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ items: Array<Record<string, unknown>>; nextCursor: string | null }>();
    expect(page.items.length).toBeLessThanOrEqual(limit ?? ADMIN_PAGE_SIZE);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor);
  return { pages, items };
}

describe('admin lists, a page at a time', () => {
  it('walks 50,000 reviews in bounded pages, newest first, none twice and none left out', async () => {
    const count = 50_000;
    for (let from = 0; from < count; from += 2_000) {
      const rows = Array.from({ length: 2_000 }, (_, k) => {
        const i = from + k;
        return {
          id: id('review', i),
          clientName: `Guest ${i}`,
          rating: 5,
          comment: 'Calm lake.',
          isApproved: i % 2,
          createdAt: stamp(i),
        };
      });
      await insertReviewRows(t.app.db, rows);
    }
    const first = await t.app.inject({ method: 'GET', url: '/api/admin/reviews', headers });
    expect(first.json().items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.body.length).toBeLessThan(20_000);
    const { pages, items } = await walk('/api/admin/reviews?status=all', ADMIN_PAGE_MAX);
    expect(pages).toBe(count / ADMIN_PAGE_MAX);
    const ids = items.map((item) => item.id as string);
    expect(new Set(ids).size).toBe(count);
    expect(ids).toEqual(Array.from({ length: count }, (_, k) => id('review', count - 1 - k)));
    // The status filter pages too.
    const pending = await walk('/api/admin/reviews?status=pending', ADMIN_PAGE_MAX);
    expect(pending.items).toHaveLength(count / 2);
    expect(pending.items.every((item) => item.isApproved === false)).toBe(true);
  }, 180_000);

  it('pages the inquiries, the calendar blocks and the audit list the same way', async () => {
    const n = 230;
    await t.app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < n; i++) {
        const createdAt = stamp(i);
        await trx
          .insertInto('inquiries')
          .values({
            id: id('inquiry', i),
            name: `Guest ${i}`,
            email: 'g@example.com',
            guests: null,
            message: '',
            checkIn: null,
            checkOut: null,
            createdAt,
            messageId: `<${i}@t>`,
            status: 'sent',
            attempts: 1,
            nextAttemptAt: createdAt,
          })
          .execute();
        // Ten blocks to a day; blocks come soonest first.
        const start = addDays(earliestToday(), 1 + Math.floor(i / 10));
        await trx
          .insertInto('calendarBlocks')
          .values({
            id: id('block', i),
            startDate: start,
            endDate: addDays(start, 1),
            note: null,
            kind: 'block',
            inquiryId: null,
            createdAt,
          })
          .execute();
        await trx
          .insertInto('guestDataAudit')
          .values({ id: id('audit', i), at: createdAt, action: 'export', inquiries: i, reviews: 0 })
          .execute();
      }
    });
    const inquiries = await walk('/api/admin/inquiries');
    expect(inquiries.pages).toBe(Math.ceil(n / ADMIN_PAGE_SIZE));
    expect(inquiries.items.map((item) => item.id)).toEqual(
      Array.from({ length: n }, (_, k) => id('inquiry', n - 1 - k)),
    );
    expect(inquiries.items.every((item) => item.confirmed === false)).toBe(true);
    const blocks = await walk('/api/admin/blocks', 7);
    expect(blocks.items.map((item) => item.id)).toEqual(Array.from({ length: n }, (_, k) => id('block', k)));
    const audit = await walk('/api/admin/guest-data/audit', 100);
    expect(audit.items.map((item) => item.inquiries)).toEqual(Array.from({ length: n }, (_, k) => n - 1 - k));
    expect(audit.items[0]).not.toHaveProperty('id');
  });

  it('refuses a limit past the maximum and a cursor it did not make', async () => {
    for (const url of [
      '/api/admin/inquiries?limit=101',
      '/api/admin/blocks?limit=0',
      '/api/admin/reviews?cursor=bm9wZQ',
      '/api/admin/guest-data/audit?cursor=%00',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe('invalid_field');
    }
  });
});
