import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { ownerSession, stayBody } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';

// The owner's mails (MAIL_TO): in the admin's language (settings.admin_locale, decision 0046),
// with the status in words, dates in that language and a link to the booking's own page in the
// admin; and none about what the owner just did there (decision 0055).

const SITE = 'http://estadia.test';
let site: TestApp & { clock: TestClock };
let owner: Awaited<ReturnType<typeof ownerSession>>;

beforeAll(async () => {
  site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com' } });
  owner = await ownerSession(site.app);
});
afterAll(async () => {
  await site?.close();
});

async function chooseAdminLanguage(locale: string) {
  const saved = await site.app.inject({
    method: 'PUT',
    url: '/api/admin/preferences',
    headers: owner.headers,
    payload: { locale },
  });
  expect(saved.statusCode, saved.body).toBe(204);
}
afterEach(() => chooseAdminLanguage('en'));

/** The mails queued to the owner about booking `code`, by the key's end (`new`, `payment:…`). */
async function ownerMails(code: string) {
  const { id } = await site.app.db
    .selectFrom('bookings')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const mails = await site.app.db
    .selectFrom('mailOutbox')
    .select(['key', 'subject', 'textBody', 'htmlBody', 'toAddress'])
    .where('key', 'like', `booking:${id}:owner:%`)
    .execute();
  return mails.map((m) => ({ ...m, key: m.key.slice(`booking:${id}:owner:`.length) }));
}

async function guestMailKeys(code: string) {
  const { id } = await site.app.db
    .selectFrom('bookings')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const mails = await site.app.db
    .selectFrom('mailOutbox')
    .select('key')
    .where('key', 'like', `booking:${id}:%`)
    .where('key', 'not like', `booking:${id}:owner:%`)
    .execute();
  return mails.map((m) => m.key.slice(`booking:${id}:`.length));
}

async function bookByTransfer(checkIn: string, checkOut: string, locale = 'en') {
  const created = await book(site.app, { checkIn, checkOut, paymentMethod: 'bank_transfer', locale });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

describe("the owner's mails", () => {
  it("are in English by default, with the status in words, the dates, and a link to the booking's page", async () => {
    // A Portuguese guest: the owner's mail keeps the owner's language.
    const { code } = await bookByTransfer('2027-04-05', '2027-04-08', 'pt-PT');
    const [mail, ...others] = await ownerMails(code);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ key: 'new', toAddress: 'owner@example.com' });
    expect(mail!.subject).toBe(`New booking (bank transfer): ${code}`);
    expect(mail!.textBody).toContain(`Booking ${code}: 5 April 2027 to 8 April 2027, 2 guests.`);
    expect(mail!.textBody).toContain('Guest: Ana Silva <ana@example.com>, Germany.');
    expect(mail!.textBody).toContain('Status: awaiting payment.');
    expect(mail!.textBody).not.toContain('awaiting_payment');
    expect(mail!.textBody).toContain(`${SITE}/admin/bookings/${code}`);
    expect(mail!.htmlBody).toContain(`href="${SITE}/admin/bookings/${code}"`);
    expect(mail!.htmlBody).toContain('lang="en"');
  });

  it("are in Portuguese once the owner chose it for the admin, whatever the guest's language", async () => {
    await chooseAdminLanguage('pt-PT');
    const { code } = await bookByTransfer('2027-04-12', '2027-04-15');
    const [mail] = await ownerMails(code);
    expect(mail!.subject).toBe(`Nova reserva (transferência bancária): ${code}`);
    expect(mail!.textBody).toContain('Foram enviados ao hóspede os dados bancários.');
    expect(mail!.textBody).toContain(`Reserva ${code}: 12 de abril de 2027 a 15 de abril de 2027, 2 hóspedes.`);
    expect(mail!.textBody).toContain('Hóspede: Ana Silva <ana@example.com>, Alemanha.');
    expect(mail!.textBody).toContain('Estado: a aguardar pagamento.');
    expect(mail!.textBody).toContain(`A reserva: ${SITE}/admin/bookings/${code}`);
    expect(mail!.htmlBody).toContain(`href="${SITE}/admin/bookings/${code}"`);
    expect(mail!.htmlBody).toContain('>Abrir a reserva</span>');
    expect(mail!.textBody).not.toMatch(/Booking|Status|Guest:|awaiting/);
    expect(mail!.htmlBody).toContain('lang="pt"');
  });

  it('say nothing of what the owner just did: a stay entered, a transfer recorded, a cancellation', async () => {
    const entered = await owner.post('/api/admin/stays', stayBody({ checkIn: '2027-05-03', checkOut: '2027-05-06' }));
    expect(entered.statusCode, entered.body).toBe(201);
    expect(await ownerMails(entered.json<{ code: string }>().code)).toEqual([]);

    const transfer = await bookByTransfer('2027-04-19', '2027-04-22');
    const paid = await owner.post(`/api/admin/bookings/${transfer.code}/mark-paid`, {
      amountCents: transfer.dueNowCents,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // The guest has their receipt; the owner, who recorded it, is not told of it.
    expect((await guestMailKeys(transfer.code)).filter((k) => k.startsWith('receipt:'))).toHaveLength(1);
    expect((await ownerMails(transfer.code)).map((m) => m.key)).toEqual(['new']);

    const cancelled = await owner.post(`/api/admin/bookings/${transfer.code}/cancel`, {
      refundCents: transfer.dueNowCents,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await ownerMails(transfer.code)).map((m) => m.key)).toEqual(['new']);
  });

  it("tell of the guest's own cancellation, with the refund in the owner's language", async () => {
    await chooseAdminLanguage('pt-PT');
    const { code, bookingUrl } = await bookByTransfer('2027-04-26', '2027-04-29');
    const url = new URL(bookingUrl);
    const cancelled = await site.app.inject({
      method: 'POST',
      url: `/api${url.pathname.replace('/booking/', '/bookings/')}/cancel${url.search}`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mail = (await ownerMails(code)).find((m) => m.key === 'cancelled');
    expect(mail?.subject).toBe(`O hóspede cancelou uma reserva: ${code}`);
    expect(mail?.textBody).toMatch(/Reembolso: 0\s€\./);
    expect(mail?.textBody).toContain('Estado: cancelada.');
  });
});
