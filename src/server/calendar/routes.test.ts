import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { addDays, addMonths } from '../../shared/date-ranges.js';
import { earliestToday } from '../../shared/dates.js';

const base = addDays(earliestToday(), 40);
const d = (offset: number) => addDays(base, offset);

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  // A cache that never expires within a test, so only this server's own changes can clear it.
  t = await createTestApp({ SUBMISSIONS_PER_WINDOW: '1000' }, { publicCacheTtlMs: 60 * 60_000 });
  cookie = await login(t.app);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.deleteFrom('calendarBlocks').execute();
  await t.app.db.deleteFrom('inquiries').execute();
  t.app.publicAvailability.clear();
});

const adminHeaders = () => ({ cookie, origin: 'http://estadia.test' });
const addBlock = async (start: string, end: string, note?: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/blocks',
    headers: adminHeaders(),
    payload: { start, end, note },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
};
const availability = (from: string, to: string) =>
  t.app.inject({ method: 'GET', url: `/api/availability?from=${from}&to=${to}` });

describe('GET /api/availability', () => {
  it('answers the taken nights merged, sorted and clipped to the window, with nothing else', async () => {
    await addBlock(d(10), d(12), 'Painters in');
    await addBlock(d(0), d(3), 'Family');
    await addBlock(d(3), d(5)); // touches the one before: one range
    await addBlock(d(11), d(14)); // overlaps: one range
    await addBlock(d(-10), d(-2)); // before the window
    const response = await availability(d(1), d(13));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=10');
    expect(response.json()).toEqual({
      unavailable: [
        { start: d(1), end: d(5) },
        { start: d(10), end: d(13) },
      ],
    });
    expect(response.body).not.toContain('Painters');
  });

  it('is cached: another server’s change shows after the cache time, this server’s at once', async () => {
    const first = await availability(d(0), d(30));
    expect(first.json()).toEqual({ unavailable: [] });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/availability?from=${d(0)}&to=${d(30)}`,
          headers: { 'if-none-match': first.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304);
    // Written straight to the database, as another server would: this one still answers from memory.
    await t.app.db
      .insertInto('calendarBlocks')
      .values({
        id: 'other',
        startDate: d(2),
        endDate: d(4),
        note: null,
        kind: 'block',
        inquiryId: null,
        createdAt: new Date().toISOString(),
      })
      .execute();
    expect((await availability(d(0), d(30))).json()).toEqual({ unavailable: [] });
    await addBlock(d(6), d(7));
    expect((await availability(d(0), d(30))).json()).toEqual({
      unavailable: [
        { start: d(2), end: d(4) },
        { start: d(6), end: d(7) },
      ],
    });
  });

  it('refuses a bad window with the error body, and allows 18 months at most', async () => {
    const from = earliestToday();
    expect((await availability(from, addMonths(from, 18))).statusCode).toBe(200);
    const cases: Array<[string, string]> = [
      [`/api/availability?from=${from}&to=${addDays(addMonths(from, 18), 1)}`, 'to'],
      [`/api/availability?from=${from}&to=${from}`, 'to'],
      [`/api/availability?from=${d(5)}&to=${d(1)}`, 'to'],
      [`/api/availability?from=2026-02-30&to=${d(1)}`, 'from'],
      [`/api/availability?from=tomorrow&to=${d(1)}`, 'from'],
      [`/api/availability?to=${d(1)}`, 'from'],
      [`/api/availability?from=${d(1)}`, 'to'],
    ];
    for (const [url, field] of cases) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error, url).toMatchObject({ code: 'invalid_field', field });
    }
  });
});

describe('POST /api/inquiries and taken nights', () => {
  const inquiry = (checkIn?: string, checkOut?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { name: 'Ana', email: 'ana@example.com', guests: 2, checkIn, checkOut },
    });
  const stored = async () => (await t.app.db.selectFrom('inquiries').select('id').execute()).length;

  it('answers 409 dates_unavailable for a stay over a taken night, and stores nothing', async () => {
    await addBlock(d(10), d(13));
    for (const [checkIn, checkOut] of [
      [d(8), d(11)],
      [d(12), d(15)],
      [d(9), d(20)],
      [d(10), d(11)],
      [d(12), undefined],
    ] as const) {
      const response = await inquiry(checkIn, checkOut);
      expect(response.statusCode, `${checkIn}–${checkOut}`).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'dates_unavailable' });
    }
    expect(await stored()).toBe(0);
  });

  it('allows turnover: leaving on the day a block starts, arriving on the day it ends', async () => {
    await addBlock(d(10), d(13));
    expect((await inquiry(d(7), d(10))).statusCode).toBe(202);
    expect((await inquiry(d(13), d(16))).statusCode).toBe(202);
    expect((await inquiry()).statusCode).toBe(202);
    expect(await stored()).toBe(3);
  });
});

describe('confirming an inquiry as a booking', () => {
  const send = async (checkIn?: string, checkOut?: string) => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/inquiries',
          payload: { name: 'Rui', email: 'rui@example.com', checkIn, checkOut },
        })
      ).statusCode,
    ).toBe(202);
    const row = await t.app.db
      .selectFrom('inquiries')
      .select('id')
      .where('checkIn', checkIn ? '=' : 'is', checkIn ?? null)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const confirm = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/inquiries/${id}/confirm`, headers: adminHeaders() });

  it('blocks the stay’s nights, shows as confirmed, and refuses a second stay on them', async () => {
    const id = await send(d(20), d(23));
    const response = await confirm(id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ start: d(20), end: d(23), kind: 'booking', note: null });
    expect((await availability(d(0), d(40))).json()).toEqual({ unavailable: [{ start: d(20), end: d(23) }] });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/inquiries', headers: adminHeaders() });
    expect(list.json().items.find((i: { id: string }) => i.id === id)).toMatchObject({ confirmed: true });
    expect((await confirm(id)).json().error).toMatchObject({ code: 'conflict' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { name: 'Eva', email: 'eva@example.com', checkIn: d(21), checkOut: d(22) },
    });
    expect(again.json().error).toMatchObject({ code: 'dates_unavailable' });
  });

  it('answers 409 dates_unavailable when the nights were taken meanwhile, 409 without dates, 404 for none', async () => {
    const id = await send(d(20), d(23));
    await addBlock(d(22), d(24));
    const taken = await confirm(id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'dates_unavailable' });
    const undated = await send();
    expect((await confirm(undated)).json().error).toMatchObject({ code: 'conflict' });
    expect((await confirm('no-such-inquiry')).statusCode).toBe(404);
  });

  it("refuses a stay longer than a quote can be, with the public form's code, and blocks nothing", async () => {
    const tooLong = { name: 'Rui', email: 'rui@example.com', checkIn: d(20), checkOut: d(20 + 367) };
    const refused = await t.app.inject({ method: 'POST', url: '/api/inquiries', payload: tooLong });
    expect(refused.statusCode).toBe(400);
    const publicError = refused.json().error;
    expect(publicError).toEqual({
      code: 'invalid_field',
      field: 'checkOut',
      message: 'A stay can be at most 366 nights',
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/inquiries', payload: { ...tooLong, checkOut: d(20 + 366) } }))
        .statusCode,
    ).toBe(202);
    // An inquiry stored before the form refused such stays.
    const createdAt = new Date().toISOString();
    await t.app.db
      .insertInto('inquiries')
      .values({
        id: 'old-long',
        name: 'Rui',
        email: 'rui@example.com',
        guests: null,
        message: '',
        checkIn: d(20),
        checkOut: d(20 + 400),
        createdAt,
        messageId: '<old-long@t>',
        status: 'sent',
        attempts: 1,
        nextAttemptAt: createdAt,
      })
      .execute();
    const confirmed = await confirm('old-long');
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().error).toEqual(publicError);
    expect(
      await t.app.db.selectFrom('calendarBlocks').select('id').where('inquiryId', '=', 'old-long').execute(),
    ).toEqual([]);
  });

  it('lets exactly one of two confirmations of overlapping stays through', async () => {
    const a = await send(d(30), d(33));
    const b = await send(d(32), d(35));
    const answers = await Promise.all([confirm(a), confirm(b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(
      await t.app.db.selectFrom('calendarBlocks').select('id').where('kind', '=', 'booking').execute(),
    ).toHaveLength(1);
  });
});
