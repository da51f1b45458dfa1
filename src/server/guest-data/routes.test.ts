import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { addDays } from '../../shared/date-ranges.js';
import { earliestToday } from '../../shared/dates.js';
import { NOT_COPIED, TABLES } from '../db/copy.js';

const d = (offset: number) => addDays(earliestToday(), offset);

let t: TestApp;
let headers: { cookie: string; origin: string };
beforeAll(async () => {
  // No SMTP_URL: every inquiry waits in the outbox, pending delivery.
  t = await createTestApp({ SUBMISSIONS_PER_WINDOW: '1000' });
  headers = { cookie: await login(t.app), origin: 'http://estadia.test' };
});
afterAll(async () => t.close());

const post = async (url: string, payload: object, status: number) => {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: url.startsWith('/api/admin') ? headers : {},
  });
  expect(response.statusCode, response.body).toBe(status);
  return response;
};
const search = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/guest-data?${query}`, headers });

/** Every row of every table, as the database holds it, in one string. */
async function everything(): Promise<string> {
  const raw = t.app.db.withoutPlugins();
  const dump: Record<string, unknown[]> = {};
  // But the house's own content, which no guest writes and whose texts may well say "Marian".
  const content = ['content_versions', 'content_draft'];
  for (const table of [...TABLES, ...NOT_COPIED].filter((name) => !content.includes(name)))
    dump[table] = (await sql`select * from ${sql.table(table)}`.execute(raw)).rows;
  return JSON.stringify(dump).toLowerCase();
}

describe('a guest’s data', () => {
  it('is found, exported and erased, leaving nothing of theirs in any table, and a pending inquiry is never mailed', async () => {
    await post(
      '/api/inquiries',
      {
        name: 'Maria Tester',
        email: 'maria@example.com',
        guests: 2,
        checkIn: d(30),
        checkOut: d(33),
        message: 'Is the boat free?',
      },
      202,
    );
    await post(
      '/api/inquiries',
      { name: 'Maria Tester', email: 'Maria@Example.com', message: 'A second question' },
      202,
    );
    await post('/api/reviews', { clientName: 'Maria T.', rating: 5, comment: 'Lovely lake, calm nights.' }, 201);
    await post('/api/inquiries', { name: 'João Other', email: 'joao@example.com', message: 'Hello' }, 202);
    await post('/api/reviews', { clientName: 'João', rating: 4, comment: 'Great house.' }, 201);
    const booked = await t.app.db
      .selectFrom('inquiries')
      .select('id')
      .where('checkIn', '=', d(30))
      .executeTakeFirstOrThrow();
    await post(`/api/admin/inquiries/${booked.id}/confirm`, {}, 201);

    const byEmail = await search('email=MARIA%40example.com');
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().inquiries.map((i: { message: string }) => i.message)).toEqual([
      'Is the boat free?',
      'A second question',
    ]);
    expect(byEmail.json().reviews).toEqual([]);
    const byName = await search('name=maria');
    expect(byName.json().inquiries).toHaveLength(2);
    expect(byName.json().reviews.map((r: { clientName: string }) => r.clientName)).toEqual(['Maria T.']);
    expect(byName.json().inquiries[0]).toMatchObject({
      email: 'maria@example.com',
      guests: 2,
      checkIn: d(30),
      quote: expect.objectContaining({ nights: 3 }),
    });

    const download = await search('name=maria&download=true');
    expect(download.headers['content-disposition']).toBe('attachment; filename="guest-data.json"');
    expect(download.json()).toEqual(byName.json());

    const { inquiries, reviews } = byName.json() as { inquiries: { id: string }[]; reviews: { id: string }[] };
    const erased = await post(
      '/api/admin/guest-data/erase',
      { inquiryIds: inquiries.map((i) => i.id), reviewIds: reviews.map((r) => r.id) },
      200,
    );
    expect(erased.json()).toEqual({
      inquiries: 2,
      reviews: 1,
      blocks: 0,
      registrations: 0,
      refundAccounts: 0,
      retained: [],
    });

    const left = await everything();
    for (const trace of [
      'maria',
      'tester',
      'boat free',
      'second question',
      'calm nights',
      ...inquiries.map((i) => i.id.toLowerCase()),
    ])
      expect(left, trace).not.toContain(trace);
    expect(left).toContain('joao@example.com');
    expect(left).toContain('great house');
    // The booking's nights stay taken; only its link to the erased inquiry goes.
    expect((await t.app.inject(`/api/availability?from=${d(0)}&to=${d(60)}`)).json().unavailable).toEqual([
      { start: d(30), end: d(33) },
    ]);
    expect((await search('name=maria')).json()).toEqual({
      inquiries: [],
      reviews: [],
      blocks: [],
      bookings: [],
      registrations: [],
      refundAccounts: [],
    });

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/guest-data/audit', headers });
    expect(
      audit
        .json()
        .items.map(({ action, inquiries: i, reviews: r }: { action: string; inquiries: number; reviews: number }) => [
          action,
          i,
          r,
        ]),
    ).toEqual([
      ['erase', 2, 1],
      ['export', 2, 1],
    ]);

    // A server that mails the whole outbox now mails the other guest's inquiry, and nothing of Maria's.
    const sink = await SmtpSink.start();
    const mailer = await createTestApp({
      DATABASE_URL: t.databaseUrl,
      SMTP_URL: sink.url,
      MAIL_TO: 'owner@example.com',
    });
    try {
      const mails = await sink.waitFor(1);
      await expect
        .poll(async () => (await mailer.app.db.selectFrom('inquiries').select('status').execute()).map((r) => r.status))
        .toEqual(['sent']);
      expect(mails.map((m) => m.parsed.subject)).toEqual(['New booking inquiry from João Other']);
    } finally {
      await mailer.app.close();
      await sink.stop();
    }
  });

  it('is found whatever the case of any letter and however its accents are stored, on both databases', async () => {
    await post(
      '/api/inquiries',
      { name: 'ÉLODIE SStraße', email: 'Elodie.Durand@Example.com', message: 'Bonjour' },
      202,
    );
    await post('/api/reviews', { clientName: 'Élodie', rating: 5, comment: 'Très calme.' }, 201);
    await post('/api/reviews', { clientName: 'ΣΩΚΡΆΤΗΣ Łukasz', rating: 4, comment: 'Καλό.' }, 201);
    await post('/api/reviews', { clientName: 'ЯНА', rating: 4, comment: 'Хорошо.' }, 201);
    // Stored with a separate accent mark (NFD), and ending in a final sigma.
    await post('/api/reviews', { clientName: 'E\u0301mile Νίκος', rating: 4, comment: 'Μπράβο.' }, 201);
    const byName = (await search(`name=${encodeURIComponent('élodie')}`)).json();
    expect(byName.inquiries.map((i: { name: string }) => i.name)).toEqual(['ÉLODIE SStraße']);
    expect(byName.reviews.map((r: { clientName: string }) => r.clientName)).toEqual(['Élodie']);
    expect((await search(`name=${encodeURIComponent('ÉLODIE')}`)).json().reviews).toHaveLength(1);
    expect((await search(`email=${encodeURIComponent('ELODIE.durand@example.COM')}`)).json().inquiries).toHaveLength(1);
    expect((await search(`name=${encodeURIComponent('σωκράτης ł')}`)).json().reviews).toHaveLength(1);
    expect((await search(`name=${encodeURIComponent('ΣΩΚΡΆΤΗΣ')}`)).json().reviews).toHaveLength(1);
    expect((await search(`name=${encodeURIComponent('яна')}`)).json().reviews).toHaveLength(1);
    expect((await search(`name=${encodeURIComponent('émile')}`)).json().reviews).toHaveLength(1);
    expect((await search(`name=${encodeURIComponent('ΝΊΚΟΣ')}`)).json().reviews).toHaveLength(1);
    expect((await search(`name=${encodeURIComponent('νίκος')}`)).json().reviews).toHaveLength(1);
  });

  it('finds the notes of calendar blocks that name the guest, and an erasure clears them but keeps the nights', async () => {
    const block = async (start: number, end: number, note: string) =>
      (await post('/api/admin/blocks', { start: d(start), end: d(end), note }, 201)).json() as { id: string };
    const named = await block(60, 63, 'Família Ñúñez, arrive late');
    const mailed = await block(70, 72, 'held for nunez@example.com');
    await block(80, 82, 'Painting the deck');
    const byName = (await search(`name=${encodeURIComponent('ÑÚÑEZ')}`)).json();
    expect(byName.blocks).toEqual([
      { id: named.id, start: d(60), end: d(63), note: 'Família Ñúñez, arrive late', kind: 'block' },
    ]);
    expect((await search('email=NUNEZ%40example.com')).json().blocks.map((b: { id: string }) => b.id)).toEqual([
      mailed.id,
    ]);
    const erased = await post(
      '/api/admin/guest-data/erase',
      { inquiryIds: [], reviewIds: [], blockIds: [named.id, mailed.id] },
      200,
    );
    expect(erased.json()).toEqual({
      inquiries: 0,
      reviews: 0,
      blocks: 2,
      registrations: 0,
      refundAccounts: 0,
      retained: [],
    });
    const left = await everything();
    expect(left).not.toContain('ñúñez');
    expect(left).not.toContain('nunez@example.com');
    expect(left).toContain('painting the deck');
    const unavailable = (await t.app.inject(`/api/availability?from=${d(55)}&to=${d(90)}`)).json().unavailable;
    expect(unavailable).toEqual([
      { start: d(60), end: d(63) },
      { start: d(70), end: d(72) },
      { start: d(80), end: d(82) },
    ]);
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/guest-data/audit', headers })).json();
    expect(audit.items[0]).toMatchObject({ action: 'erase', inquiries: 0, reviews: 0, blocks: 2 });
  });

  it('is searched by exactly one of email or name, and a name of two characters at least', async () => {
    for (const query of [
      '',
      'email=a%40b.c&name=Maria',
      'name=M',
      'email=',
      'name=%00%00',
      'download=yes&name=Maria',
    ]) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('invalid_field');
    }
  });

  it('matches a name’s wildcard characters only as themselves', async () => {
    await post('/api/reviews', { clientName: 'Ana_Luísa 100%', rating: 5, comment: 'Fine.' }, 201);
    expect((await search('name=a_l')).json().reviews).toHaveLength(1);
    expect((await search('name=0%25')).json().reviews).toHaveLength(1);
    expect((await search('name=n%25')).json().reviews).toHaveLength(0);
  });

  it('is behind the admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/guest-data?name=maria' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/guest-data/erase',
          payload: { inquiryIds: [], reviewIds: [] },
        })
      ).statusCode,
    ).toBe(401);
  });
});
