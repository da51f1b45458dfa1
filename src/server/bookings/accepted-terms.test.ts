import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { contentEditor, contentFile, type ContentEditor } from '../../../tests/support/server/content-editor.js';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { formatAmount } from '../../shared/quote-text.js';
import { fillMissingTerms } from '../stay-record/terms.js';

// The terms a guest accepted are the terms that apply (docs/decisions/0035-terms-snapshot.md): a
// booking made under the demo's policy (tiers A: 60+ days 100 %, 30+ days 50 %, later nothing;
// the balance 30 days before arrival) keeps it after the owner publishes another (tiers B) in the
// content editor, and its confirmation mail, the contract on a durable medium, carries it whole.

const TIERS_A = [
  { daysBeforeArrival: 60, refundPercent: 100 },
  { daysBeforeArrival: 30, refundPercent: 50 },
  { daysBeforeArrival: 0, refundPercent: 0 },
];
const TIERS_B = [
  { daysBeforeArrival: 90, refundPercent: 100 },
  { daysBeforeArrival: 0, refundPercent: 0 },
];
const DEMO = contentFile();
const RULES = (DEMO.booking.houseRules as Record<string, string>) ?? {};

let sink: SmtpSink;
let site: TestApp & { clock: TestClock };
let cookie: string;
let editor: ContentEditor;

beforeAll(async () => {
  sink = await SmtpSink.start();
  site = await createBookingSite({
    env: {
      SUBMISSIONS_PER_WINDOW: '1000',
      SMTP_URL: sink.url,
      MAIL_FROM: 'reservas@casa-do-lago.example',
      MAIL_TO: 'owner@casa-do-lago.example',
    },
  });
  cookie = await login(site.app);
  editor = await contentEditor(site.app);
});
afterAll(async () => {
  await site?.close();
  await sink?.stop();
});

const admin = (url: string, payload: object = {}) =>
  site.app.inject({ method: 'POST', url, headers: { cookie, origin: 'http://estadia.test' }, ...json(payload) });
const adminItem = async (code: string) => {
  const response = await site.app.inject({ url: `/api/admin/bookings/${code}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const guestPage = async (bookingUrl: string) => (await site.app.inject({ url: apiPathOf(bookingUrl) })).json();

/** A bank-transfer booking whose deposit the owner marks received: confirmed, its confirmation mailed. */
async function confirmedBooking(changes: Record<string, unknown>) {
  const created = await book(site.app, { paymentMethod: 'bank_transfer', ...changes });
  expect(created.status).toBe(201);
  const paid = await admin(`/api/admin/bookings/${created.body.code}/mark-paid`, {
    amountCents: created.body.dueNowCents,
  });
  expect(paid.json()).toMatchObject({ status: 'confirmed' });
  return created.body;
}

describe('a booking made under tiers A, the policy then changed to tiers B', () => {
  it('refunds by A, moves its balance day by A, shows A to the guest and the owner; a new booking takes B', async () => {
    site.clock.set(Date.parse('2027-01-10T10:00:00Z'));
    const booked = await confirmedBooking({ checkIn: '2027-05-10', checkOut: '2027-05-13' });
    const before = await adminItem(booked.code);
    expect(before.terms).toEqual({
      cancellation: TIERS_A,
      depositPercent: 30,
      balanceDaysBeforeArrival: 30,
      houseRules: RULES.en,
      acceptedAt: '2027-01-10T10:00:00.000Z',
      ownerEntered: false,
      locale: 'en',
    });
    expect(before.balanceDueOn).toBe('2027-04-10');

    await editor.publishContent({
      ...DEMO,
      booking: {
        ...DEMO.booking,
        mode: 'instant',
        cancellation: TIERS_B,
        balanceDaysBeforeArrival: 60,
        depositPercent: 50,
        houseRules: { en: 'New rules: no pets.', 'pt-PT': 'Novas regras: sem animais.' },
      },
    });
    expect(site.app.bookings.settings?.cancellation).toEqual(TIERS_B);

    // The owner moves the stay ten days later: the balance keeps A's 30 days (B's 60 would say 21 March).
    site.clock.set(Date.parse('2027-03-01T10:00:00Z'));
    const moved = await admin(`/api/admin/bookings/${booked.code}/dates`, {
      checkIn: '2027-05-20',
      checkOut: '2027-05-23',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().balanceDueOn).toBe('2027-04-20');

    // 40 days before arrival: A refunds half of the deposit, B would refund nothing. The moved stay
    // keeps the tourist tax of the rule it was booked under (decision 0053), and the tax within
    // what was paid comes back in full (decision 0038): half of the rest, plus that.
    site.clock.set(Date.parse('2027-04-10T10:00:00Z'));
    await site.app.bookingJobs.runOnce();
    const item = await adminItem(booked.code);
    expect(item.status).toBe('confirmed');
    expect(item.terms).toEqual(before.terms);
    const tax = (item.quote.lines as Array<{ kind: string; amount: number }>)
      .filter((line) => line.kind === 'touristTax')
      .reduce((sum, line) => sum + line.amount, 0);
    expect(tax).toBeGreaterThan(0);
    const taxHeld = Math.ceil((booked.dueNowCents * tax) / item.totalCents);
    const half = taxHeld + Math.floor((booked.dueNowCents - taxHeld) / 2);
    expect(item.refundIfCancelledCents).toBe(half);
    const page = await guestPage(booked.bookingUrl);
    expect(page.cancellation).toEqual(TIERS_A);
    expect(page.terms).toMatchObject({ cancellation: TIERS_A, houseRules: RULES.en, depositPercent: 30 });
    expect(page.refundIfCancelledCents).toBe(half);

    const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(booked.bookingUrl, '/cancel') });
    expect(cancelled.json()).toEqual({ status: 'cancelled', refundCents: half });
    expect((await adminItem(booked.code)).refundedCents).toBe(0); // a transfer: the owner sends it back
    expect((await adminItem(booked.code)).history.at(-1)).toMatchObject({
      to: 'cancelled',
      note: null,
      refundCents: half,
    });

    // A booking made now accepts B.
    const later = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-09-01',
      checkOut: '2027-09-04',
    });
    expect((await adminItem(later.body.code)).terms).toMatchObject({
      cancellation: TIERS_B,
      depositPercent: 50,
      balanceDaysBeforeArrival: 60,
      houseRules: 'New rules: no pets.',
    });
    expect((await adminItem(later.body.code)).balanceDueOn).toBe('2027-07-03');
  });

  it('fills in, at start, a booking the migration could not (the files as content): the content in force, once', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-10-01',
      checkOut: '2027-10-04',
    });
    const stored = await site.app.db
      .selectFrom('bookings')
      .select(['id', 'terms'])
      .where('code', '=', created.body.code)
      .executeTakeFirstOrThrow();
    await site.app.db.updateTable('bookings').set({ terms: null }).where('id', '=', stored.id).execute();
    expect(await fillMissingTerms(site.app.bookings)).toBe(1);
    expect(await fillMissingTerms(site.app.bookings)).toBe(0);
    const filled = await site.app.db
      .selectFrom('bookings')
      .select('terms')
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(filled.terms ?? '')).toEqual(JSON.parse(stored.terms ?? ''));
  });

  it('answers 404 not_found for a booking that does not exist', async () => {
    const response = await site.app.inject({ url: '/api/admin/bookings/ABCD-EF', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
    expect((await site.app.inject({ url: '/api/admin/bookings/ABCD-EF' })).statusCode).toBe(401);
  });
});

describe('the confirmation mail, the contract on a durable medium', () => {
  const OWNER = {
    name: 'Maria Santos (example)',
    address: 'Rua do Lago 1, Aldeia do Mato, 2200-000 Abrantes, Portugal',
  };
  const EXPECTED = {
    en: {
      stay: { checkIn: '2027-06-10', checkOut: '2027-06-13' },
      subject: 'Your booking is confirmed',
      lines: [
        'Dates: 10 June 2027 to 13 June 2027',
        'Guests: 2 guests',
        'Until 11 April 2027: full refund.',
        'From 12 April 2027 to 11 May 2027: 50% of what you paid is refunded.',
        'From 12 May 2027: no refund.',
        RULES.en,
        'A booking for set dates carries no right of withdrawal (Decreto-Lei 24/2014, art. 4(1)(p) and art. 17(1)(k)): this cancellation policy is the only way to cancel it.',
        OWNER.name,
        'NIF (tax number): 123456789',
        OWNER.address,
        'Alojamento Local registration: 154321/AL',
      ],
      labels: { total: 'Total', paid: 'Paid', due: 'Still due', by: 'by 11 May 2027' },
    },
    'pt-PT': {
      stay: { checkIn: '2027-06-20', checkOut: '2027-06-23' },
      subject: 'A sua reserva está confirmada',
      lines: [
        'Datas: de 20 de junho de 2027 a 23 de junho de 2027',
        'Hóspedes: 2 hóspedes',
        'Até 21 de abril de 2027: reembolso total.',
        'De 22 de abril de 2027 a 21 de maio de 2027: reembolso de 50% do valor pago.',
        'A partir de 22 de maio de 2027: sem reembolso.',
        RULES['pt-PT'],
        'Uma reserva para datas determinadas não confere direito de livre resolução (Decreto-Lei n.º 24/2014, art. 4.º, n.º 1, alínea p), e art. 17.º, n.º 1, alínea k)): esta política de cancelamento é a única forma de a cancelar.',
        OWNER.name,
        'NIF: 123456789',
        OWNER.address,
        'Registo de Alojamento Local: 154321/AL',
      ],
      labels: { total: 'Total', paid: 'Pago', due: 'Em falta', by: 'até 21 de maio de 2027' },
    },
  } as const;

  for (const locale of ['en', 'pt-PT'] as const) {
    it(`holds the stay, its price lines, paid and due, the policy as dates, the rules, the notice, the owner and the AL number (${locale})`, async () => {
      // The demo's policy again (the other test published another), published through the editor.
      await editor.publishContent({ ...DEMO, booking: { ...DEMO.booking, mode: 'instant' } });
      site.clock.set(Date.parse('2027-01-12T10:00:00Z'));
      const email = `guest-${locale}@example.com`;
      const expected = EXPECTED[locale];
      const booked = await confirmedBooking({
        ...expected.stay,
        locale,
        email,
        name: 'Ana Silva',
      });
      site.app.deliveries.notify();
      let mail: (typeof sink.received)[number] | undefined;
      await expect
        .poll(
          () =>
            (mail = sink.received.find(
              (m) => m.envelope.to.includes(email) && m.parsed.subject?.startsWith(expected.subject),
            )),
          {
            timeout: 20_000,
          },
        )
        .toBeDefined();
      const text = mail!.parsed.text ?? '';
      const html = String(mail!.parsed.html);
      const page = await guestPage(booked.bookingUrl);
      const money = (cents: number) => formatAmount(cents, 'EUR', locale);
      const lines = [
        ...expected.lines,
        ...page.quote.lines.map((line: { label: string; amount: number }) => `${line.label}: ${money(line.amount)}`),
        `${expected.labels.total}: ${money(page.totalCents)}`,
        `${expected.labels.paid}: ${money(booked.dueNowCents)}`,
        `${expected.labels.due}: ${money(page.totalCents - booked.dueNowCents)}, ${expected.labels.by}`,
      ];
      expect(page.quote.lines.length).toBeGreaterThanOrEqual(2);
      const textLines = text.split('\n').map((line) => line.trim());
      for (const line of lines) expect(textLines, line).toContain(line);
      // The HTML part says the same: its paragraphs and line breaks as lines, its tags and entities read.
      const htmlLines = html
        .replace(/<br\s*\/?>|<\/(p|h2)>/g, '\n')
        .replace(/<[^>]+>/g, '')
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
        .split('\n')
        .map((line) => line.trim());
      for (const line of lines) expect(htmlLines, line).toContain(line);
    }, 90_000);
  }
});
