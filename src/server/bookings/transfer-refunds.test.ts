import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { sweepExpired } from '../../../tests/support/server/sweep.js';

// A booking paid by transfer and cancelled: nothing is due any more, what is owed back is said with
// how it comes, and the guest gives the IBAN to send it to, kept sealed and shown to the owner
// masked until opened (docs/decisions/0054-refunds-by-transfer.md).

let site: TestApp & { clock: TestClock };
let cookie: string;
const GERMAN_IBAN = 'DE89 3704 0044 0532 0130 00';
const PORTUGUESE_IBAN = 'PT50 0002 0123 1234 5678 9015 4';

const logged: string[] = [];

beforeAll(async () => {
  // The log at its most detailed level: an IBAN never reaches it.
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  site = await createBookingSite({
    env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com', LOG_LEVEL: 'trace' },
    logStream,
  });
  cookie = await login(site.app);
});
afterAll(async () => site.close());

const admin = (url: string, payload: object = {}) =>
  site.app.inject({ method: 'POST', url, headers: { cookie, origin: 'http://estadia.test' }, ...json(payload) });
const adminBooking = async (code: string) =>
  (await site.app.inject({ url: `/api/admin/bookings/${code}`, headers: { cookie } })).json();
const guestBooking = async (url: string) => (await site.app.inject({ url: apiPathOf(url) })).json();
const giveIban = (url: string, iban: string) =>
  site.app.inject({ method: 'PUT', url: apiPathOf(url, '/refund-account'), ...json({ iban }) });
const mailsTo = async (address: string, code: string) =>
  site.app.db
    .selectFrom('mailOutbox')
    .select(['subject', 'textBody'])
    .where('toAddress', '=', address)
    .where('subject', 'like', `%${code}%`)
    .orderBy('createdAt')
    .execute();

/** A booking whose deposit came by transfer, far enough ahead for a full refund. */
async function depositPaid(checkIn: string, checkOut: string, locale = 'en') {
  const created = await book(site.app, { paymentMethod: 'bank_transfer', checkIn, checkOut, locale });
  expect(created.status).toBe(201);
  const marked = await admin(`/api/admin/bookings/${created.body.code}/mark-paid`, {
    amountCents: created.body.dueNowCents,
  });
  expect(marked.json()).toMatchObject({ status: 'confirmed' });
  return created.body;
}

describe('a cancelled booking paid by transfer', () => {
  it('owes nothing, says what is owed back and that an IBAN is needed, and asks the guest for it by mail', async () => {
    const created = await depositPaid('2027-06-07', '2027-06-10');
    const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(created.bookingUrl, '/cancel') });
    expect(cancelled.json()).toEqual({ status: 'cancelled', refundCents: created.dueNowCents });

    const guest = await guestBooking(created.bookingUrl);
    expect(guest).toMatchObject({
      status: 'cancelled',
      dueCents: 0,
      owedBack: { cardCents: 0, transferCents: created.dueNowCents, ibanMasked: null },
    });
    const owner = await adminBooking(created.code);
    expect(owner).toMatchObject({
      dueCents: 0,
      owedBack: { cardCents: 0, transferCents: created.dueNowCents, ibanMasked: null },
    });
    // The history keeps the refund as a number the page formats, never "(refund 12660 cents)".
    expect(owner.history.at(-1)).toMatchObject({ to: 'cancelled', note: null, refundCents: created.dueNowCents });
    expect(JSON.stringify(owner.history)).not.toMatch(/cents/);

    const [mail] = (await mailsTo('ana@example.com', created.code)).filter((m) => m.subject.includes('cancelled'));
    expect(mail?.textBody).toMatch(/owner sends €126\.60 back by transfer: please give the IBAN/);
    expect(mail?.textBody).toMatch(/http:\/\/estadia\.test\/booking\/[\w-]+\?t=[\w-]{43}/);
    expect(mail?.textBody).not.toMatch(/card/i);
    const [ownerMail] = (await mailsTo('owner@example.com', created.code)).filter((m) => m.subject.includes('cancel'));
    expect(ownerMail?.textBody).toMatch(
      /€126\.60 of it was paid by transfer: please send that to the guest yourself\./,
    );
    expect(ownerMail?.textBody).toMatch(
      /The guest was asked for the IBAN to send it to; you will be mailed when they give it\./,
    );
  });

  it('takes the IBAN from the booking page, checked, sealed at rest, masked for the owner until opened, and audited', async () => {
    const created = await depositPaid('2027-06-14', '2027-06-17');
    await site.app.inject({ method: 'POST', url: apiPathOf(created.bookingUrl, '/cancel') });

    const wrong = await giveIban(created.bookingUrl, 'DE89 3704 0044 0532 0130 01');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'invalid_field', field: 'iban' });

    const given = await giveIban(created.bookingUrl, GERMAN_IBAN);
    expect(given.statusCode).toBe(200);
    expect(given.json().owedBack).toEqual({
      cardCents: 0,
      transferCents: created.dueNowCents,
      ibanMasked: 'DE89 •••• 3000',
    });
    const rows = await site.app.db.selectFrom('refundAccounts').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.ibanSealed).not.toMatch(/DE89|0532013000|3704/);

    const owner = await adminBooking(created.code);
    expect(owner.owedBack.ibanMasked).toBe('DE89 •••• 3000');
    expect(JSON.stringify(owner)).not.toMatch(/0532/);
    // A session that proved itself more than 5 minutes ago must prove it again first (decision 0036).
    const provedAt = await site.app.db.selectFrom('adminSessions').select('provedAt').executeTakeFirstOrThrow();
    await site.app.db.updateTable('adminSessions').set({ provedAt: '2020-01-01T00:00:00.000Z' }).execute();
    const stale = await admin(`/api/admin/bookings/${created.code}/refund-account/reveal`);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('reauth_required');
    await site.app.db.updateTable('adminSessions').set({ provedAt: provedAt.provedAt }).execute();
    const revealed = await admin(`/api/admin/bookings/${created.code}/refund-account/reveal`);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toEqual({ iban: GERMAN_IBAN });
    const audit = (await site.app.inject({ url: '/api/admin/audit', headers: { cookie } })).json();
    expect(audit.items[0]).toMatchObject({ action: 'refund_account_view', detail: created.code });
    const ownerMails = (await mailsTo('owner@example.com', created.code)).map((m) => m.textBody).join('\n');
    expect(ownerMails).toMatch(/gave the IBAN to send their refund to \(DE89 •••• 3000\)/);
    expect(ownerMails).not.toMatch(/0532/);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('')).not.toMatch(/0532 ?0130|3704 ?0044/);
  });

  it('takes the IBAN as the guest cancels, and says in their language where the refund goes', async () => {
    const created = await depositPaid('2027-06-21', '2027-06-24', 'pt-PT');
    const cancelled = await site.app.inject({
      method: 'POST',
      url: apiPathOf(created.bookingUrl, '/cancel'),
      ...json({ refundIban: PORTUGUESE_IBAN }),
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await guestBooking(created.bookingUrl)).owedBack.ibanMasked).toBe('PT50 •••• 0154');
    const [mail] = (await mailsTo('ana@example.com', created.code)).filter((m) => m.subject.includes('cancelada'));
    expect(mail?.textBody).toMatch(
      /o proprietário devolve 126,60\s€ por transferência, para a conta que indicou \(PT50 •••• 0154\)/,
    );
    expect(mail?.textBody).not.toMatch(/cartão/);
  });

  it("is in the guest's data export whole, for the owner only, and the guest's erasure removes it", async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-05-24',
      checkOut: '2027-05-27',
      email: 'erika@example.com',
    });
    await admin(`/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: created.body.dueNowCents });
    await site.app.inject({
      method: 'POST',
      url: apiPathOf(created.body.bookingUrl, '/cancel'),
      ...json({ refundIban: GERMAN_IBAN }),
    });
    const search = () => site.app.inject({ url: '/api/admin/guest-data?email=erika@example.com', headers: { cookie } });
    expect((await search()).json().refundAccounts).toEqual([{ bookingCode: created.body.code, iban: GERMAN_IBAN }]);
    const download = await site.app.inject({
      url: '/api/admin/guest-data?email=erika@example.com&download=true',
      headers: { cookie },
    });
    expect(download.json().refundAccounts).toEqual([{ bookingCode: created.body.code, iban: GERMAN_IBAN }]);
    // Seeing it whole is audited, as a document number is.
    const audit = (await site.app.inject({ url: '/api/admin/audit', headers: { cookie } })).json();
    expect(audit.items.map((i: { action: string; detail: string | null }) => [i.action, i.detail])).toContainEqual([
      'document_view',
      '0 documents, 1 refund accounts',
    ]);
    // Not without the session: the guest-data routes are the admin's.
    expect((await site.app.inject({ url: '/api/admin/guest-data?email=erika@example.com' })).statusCode).toBe(401);

    const erased = await admin('/api/admin/guest-data/erase', {
      inquiryIds: [],
      reviewIds: [],
      refundAccountBookingCodes: [created.body.code],
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ refundAccounts: 1 });
    expect((await search()).json().refundAccounts).toEqual([]);
    const booking = await site.app.db
      .selectFrom('bookings')
      .select('id')
      .where('code', '=', created.body.code)
      .executeTakeFirstOrThrow();
    expect(
      await site.app.db.selectFrom('refundAccounts').select('bookingId').where('bookingId', '=', booking.id).execute(),
    ).toEqual([]);
    // The booking stays, the record of its payment; only the account went.
    expect((await adminBooking(created.body.code)).owedBack).toMatchObject({ ibanMasked: null });
  });

  it('refuses an IBAN that nothing owed by transfer asks for', async () => {
    const created = await depositPaid('2027-05-10', '2027-05-13');
    const answer = await giveIban(created.bookingUrl, GERMAN_IBAN);
    expect(answer.statusCode).toBe(409);
    expect((await admin(`/api/admin/bookings/${created.code}/refund-account/reveal`)).statusCode).toBe(404);
  });

  it('deletes the IBAN with the guests’ documents, a year after the stay would have ended', async () => {
    const created = await depositPaid('2027-05-03', '2027-05-06');
    await site.app.inject({
      method: 'POST',
      url: apiPathOf(created.bookingUrl, '/cancel'),
      ...json({ refundIban: GERMAN_IBAN }),
    });
    const booking = await site.app.db
      .selectFrom('bookings')
      .select('id')
      .where('code', '=', created.code)
      .executeTakeFirstOrThrow();
    const kept = () =>
      site.app.db.selectFrom('refundAccounts').select('bookingId').where('bookingId', '=', booking.id).execute();
    const sweep = { rateLimitWindowMs: 15 * 60_000, inquiryRetentionDays: 90 };
    await sweepExpired(site.app.db, sweep, new Date(Date.UTC(2028, 4, 5, 12)));
    expect(await kept()).toHaveLength(1);
    await sweepExpired(site.app.db, sweep, new Date(Date.UTC(2028, 4, 6, 12)));
    expect(await kept()).toHaveLength(0);
  });
});
