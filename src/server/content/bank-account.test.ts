import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import {
  contentEditor,
  type ContentEditor,
  type ContentJson,
  withCleaningFee,
} from '../../../tests/support/server/content-editor.js';
import { json, type TestApp } from '../../../tests/support/server/test-app.js';

// The account guests pay a transfer into (docs/decisions/0063-the-iban-and-the-last-doors.md): a
// publish that changes it needs the 5-minute fresh proof, is audited and mailed to the owner with
// the IBAN's last four characters only; each booking keeps the account it was given, on its page
// and in its reminders, whatever is published later.

const OLD_IBAN = 'PT50000201231234567890154';
const NEW_IBAN = 'DE89370400440532013000';

let site: TestApp & { clock: TestClock };
let editor: ContentEditor;
const origin = 'http://estadia.test';

beforeAll(async () => {
  site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com' } });
  editor = await contentEditor(site.app, origin);
});
afterAll(async () => site.close());

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  site.app.inject({ method, url, headers: { cookie: editor.cookie, origin }, ...(payload ? json(payload) : {}) });
type State = { published: { version: number; content: ContentJson }; draft: { baseVersion: string } | null };
const published = async () => (await editor.state()).json<State>().published;
/** The token a save names: the draft's, else the published version's. */
const base = async () => {
  const { published: p, draft } = (await editor.state()).json<State>();
  return draft?.baseVersion ?? p.version;
};
/** Saves the content with the account changed as given, and answers the draft's token. */
async function draftWith(bankTransfer: Record<string, unknown>) {
  const { content } = await published();
  const saved = await editor.save(await base(), { ...content, booking: { ...content.booking, bankTransfer } });
  expect(saved.statusCode).toBe(200);
  return saved.json<{ baseVersion: string }>().baseVersion;
}
const setProvedAt = (at: string) => site.app.db.updateTable('adminSessions').set({ provedAt: at }).execute();
const audit = async () =>
  (await admin('GET', '/api/admin/audit')).json<{ items: Array<{ action: string; detail: string | null }> }>().items;
/** The outbox's mails whose key starts so, whole. */
const mailsByKeyPrefix = (_db: unknown, prefix: string) =>
  site.app.db.selectFrom('mailOutbox').selectAll().where('key', 'like', `${prefix}%`).orderBy('createdAt').execute();
const guestView = async (bookingUrl: string) => (await site.app.inject({ url: apiPathOf(bookingUrl) })).json();

let earlier: { code: string; bookingUrl: string };

describe('publishing a new account for transfers', () => {
  it('gives a booking made before it the account published then', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-04-05',
      checkOut: '2027-04-08',
    });
    expect(created.status).toBe(201);
    expect(created.body.bankTransfer).toMatchObject({ iban: 'PT50 0002 0123 1234 5678 9015 4' });
    earlier = { code: created.body.code, bookingUrl: created.body.bookingUrl };
  });

  it('is refused with 403 reauth_required when the session proved nothing in the last 5 minutes, and nothing is published', async () => {
    const before = await published();
    const token = await draftWith({ iban: NEW_IBAN, holder: 'Maria Lago' });
    await setProvedAt(new Date(Date.now() - 6 * 60_000).toISOString());
    const refused = await editor.publish(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('reauth_required');
    expect((await published()).version).toBe(before.version);
    expect((await audit()).map((e) => e.action)).not.toContain('content_published');
    expect(await mailsByKeyPrefix(site.app.db, 'content:')).toEqual([]);
  });

  it('publishes with a fresh proof, audits it and mails the owner in the admin’s language, never the whole IBAN', async () => {
    expect((await admin('PUT', '/api/admin/preferences', { locale: 'pt-PT' })).statusCode).toBe(204);
    const token = await draftWith({ iban: NEW_IBAN, holder: 'Maria Lago' });
    await setProvedAt(new Date().toISOString());
    const done = await editor.publish(token);
    expect(done.statusCode).toBe(200);
    const version = done.json<{ version: number }>().version;
    const entries = await audit();
    // One moment, so in either order.
    expect(entries.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'bank_account_changed', detail: '…0154 → …3000' }),
        expect.objectContaining({ action: 'content_published', detail: String(version) }),
      ]),
    );
    const mails = await mailsByKeyPrefix(site.app.db, 'content:');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      key: `content:${version}:bank-account`,
      toAddress: 'owner@example.com',
      subject: 'A conta bancária para transferências foi alterada',
    });
    expect(mail!.textBody).toContain(
      'Antes: IBAN terminado em 0154 (Casa do Lago (example)). Agora: IBAN terminado em 3000 (Maria Lago).',
    );
    expect(mail!.textBody).toContain('alguém tem a palavra-passe da administração');
    for (const text of [mail!.textBody, mail!.htmlBody ?? '', JSON.stringify(entries)]) {
      expect(text).not.toContain(NEW_IBAN);
      expect(text).not.toContain(OLD_IBAN);
      expect(text).not.toContain('0532013000');
    }
    expect((await admin('PUT', '/api/admin/preferences', { locale: 'en' })).statusCode).toBe(204);
  });

  it('needs no fresh proof for a publish that leaves the account as it is, and audits it', async () => {
    const { version, content } = await published();
    const saved = await editor.save(await base(), withCleaningFee(content, content.pricing.cleaningFee + 500));
    expect(saved.statusCode).toBe(200);
    await setProvedAt(new Date(Date.now() - 60 * 60_000).toISOString());
    const done = await editor.publish(saved.json<{ baseVersion: string }>().baseVersion);
    expect(done.statusCode).toBe(200);
    expect((await audit())[0]).toMatchObject({ action: 'content_published', detail: String(version + 1) });
    expect(await mailsByKeyPrefix(site.app.db, 'content:')).toHaveLength(1);
    await setProvedAt(new Date().toISOString());
  });

  it('leaves the earlier booking on its own account, on its page and in its reminder; a new booking is given the new one', async () => {
    expect((await guestView(earlier.bookingUrl)).bankTransfer).toMatchObject({
      iban: 'PT50 0002 0123 1234 5678 9015 4',
      holder: 'Casa do Lago (example)',
    });
    const later = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-05-05',
      checkOut: '2027-05-08',
    });
    expect(later.status).toBe(201);
    expect(later.body.bankTransfer).toMatchObject({ iban: 'DE89 3704 0044 0532 0130 00', holder: 'Maria Lago' });
    expect((await guestView(later.body.bookingUrl)).bankTransfer).toMatchObject({
      iban: 'DE89 3704 0044 0532 0130 00',
    });

    // The deposit arrives; a week before the balance's day, the reminder names the booking's account.
    const marked = await admin('POST', `/api/admin/bookings/${earlier.code}/mark-paid`, { amountCents: 12_660 });
    expect(marked.json()).toMatchObject({ status: 'confirmed', balanceDueOn: '2027-03-06' });
    site.clock.set(Date.parse('2027-02-28T10:00:00Z'));
    await site.app.bookingJobs.runOnce();
    const bookingId = (
      await site.app.db.selectFrom('bookings').select('id').where('code', '=', earlier.code).executeTakeFirstOrThrow()
    ).id;
    const reminders = await mailsByKeyPrefix(site.app.db, `booking:${bookingId}:balance-reminder`);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.textBody).toContain('IBAN: PT50 0002 0123 1234 5678 9015 4');
    expect(reminders[0]!.textBody).not.toContain('DE89');
    // Its nights are its own: the reminder does not call them held.
    expect(reminders[0]!.textBody).not.toContain('held for you');
  });
});
