import { spawn, spawnSync } from 'node:child_process';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { composeFeedAlert } from '../calendar/feed-alerts.js';
import { mailBrand } from './templates/mail-brand.js';

// Every kind of mail the site sends, as the SMTP server receives it, scored by SpamAssassin's
// local rules (`spamassassin -L -t`, no network tests): each must score under 2.0. `npm test`
// installs SpamAssassin (scripts/test-tools.ts); without it this test fails and says how to install it.

const SPAMASSASSIN = spawnSync('spamassassin', ['--version'], { encoding: 'utf8' }).status === 0;
const MAX_SCORE = 2.0;
/**
 * What the steps below send: to each guest the booking, the receipt and the confirmation (and the
 * English one's new dates and cancellation; the Portuguese one's arrival, reminder and thank-you),
 * to the owner each new booking, the guest's cancellation and the inquiry; nothing to the owner
 * about their own actions (decision 0055).
 */
const MAILS = 15;

let sink: SmtpSink;
let site: TestApp & { clock: TestClock };

beforeAll(async () => {
  sink = await SmtpSink.start();
  site = await createBookingSite({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_TO: 'owner@casa-do-lago.example',
      MAIL_FROM: 'reservas@casa-do-lago.example',
      SUBMISSIONS_PER_WINDOW: '1000',
    },
  });
});
afterAll(async () => {
  await site?.close();
  await sink?.stop();
});

/**
 * Sends what the outbox holds now, as the delivery worker would at this moment, and waits until it
 * went: a mail left to wait past its moment (a transfer's details once paid, a reminder after the
 * stay) is dropped, not sent late, so each step's mails leave before the next step.
 */
async function delivered() {
  site.app.deliveries.notify();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const due = await site.app.db
      .selectFrom('mailOutbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', new Date(site.clock.now()).toISOString())
      .execute();
    if (due.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${due.length} mails still waiting`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function score(raw: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('spamassassin', ['-L', '-t'], { stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const found = /X-Spam-Status: \w+, score=(-?[\d.]+)/.exec(out);
      if (found) resolve(Number(found[1]));
      else reject(new Error(`no score in SpamAssassin's answer:\n${out.slice(0, 500)}`));
    });
    child.stdin.end(raw);
  });
}

describe('every mail the site sends', () => {
  it(`scores under ${MAX_SCORE} with SpamAssassin's local rules`, async () => {
    expect(SPAMASSASSIN, 'SpamAssassin is not installed: apt-get install -y spamassassin').toBe(true);
    const cookie = await login(site.app);
    const admin = (url: string, payload: object) =>
      site.app.inject({ method: 'POST', url, headers: { cookie, origin: 'http://estadia.test' }, ...json(payload) });

    // An English guest whose dates the owner changes, who pays the deposit and then cancels, and an inquiry to the owner.
    const cancelled = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-05-10',
      checkOut: '2027-05-13',
    });
    await delivered();
    await admin(`/api/admin/bookings/${cancelled.body.code}/dates`, { checkIn: '2027-05-17', checkOut: '2027-05-20' });
    await delivered();
    // Confirmed by its deposit: the confirmation carries the booking's terms in full (the contract).
    await admin(`/api/admin/bookings/${cancelled.body.code}/mark-paid`, { amountCents: cancelled.body.dueNowCents });
    await delivered();
    await site.app.inject({ method: 'POST', url: apiPathOf(cancelled.body.bookingUrl, '/cancel') });
    await site.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      ...json({
        name: 'Maria Pereira',
        email: 'maria@example.com',
        guests: 2,
        message: 'Is the canoe available in May?',
      }),
    });
    // A Portuguese guest's stay, from the booking to the thank-you (the clock only moves forward).
    const stay = await book(site.app, {
      paymentMethod: 'bank_transfer',
      locale: 'pt-PT',
      name: 'João Sousa',
      email: 'joao@example.com',
      checkIn: '2027-04-05',
      checkOut: '2027-04-08',
    });
    await delivered();
    const { totalCents } = (await site.app.inject({ url: apiPathOf(stay.body.bookingUrl) })).json();
    await admin(`/api/admin/bookings/${stay.body.code}/mark-paid`, { amountCents: totalCents });
    await delivered();
    for (const at of ['2027-04-02T09:00:00Z', '2027-04-04T09:00:00Z', '2027-04-08T12:00:00Z', '2027-04-09T10:00:00Z']) {
      site.clock.set(Date.parse(at));
      await site.app.bookingJobs.runOnce();
      await delivered();
    }

    const received = await sink.waitFor(MAILS, 60_000);
    // The calendar-feed alerts go straight to the mail server, not through the outbox: built here by
    // the same composer and nodemailer's own message builder.
    const builder = createTransport({ streamTransport: true, buffer: true });
    const addresses = {
      to: 'owner@casa-do-lago.example',
      from: 'reservas@casa-do-lago.example',
      senderName: 'Casa do Lago',
      brand: mailBrand(site.app.property),
      siteLocales: site.app.property.locales,
      brandIn: (locale: string) => mailBrand(site.app.property, locale),
    };
    const feed = { name: 'Airbnb', failingSince: '2027-04-01T08:00:00.000Z', lastError: 'The feed answered 500' };
    // In both of the admin's languages (decision 0055).
    const alerts = await Promise.all(
      (['en', 'pt-PT'] as const).flatMap((locale) =>
        (['failing', 'recovered'] as const).map(async (alert) => {
          const mail = composeFeedAlert(alert, feed, addresses, locale);
          const built = await builder.sendMail({
            ...mail,
            messageId: `<alert-${alert}-${locale}@casa-do-lago.example>`,
            date: new Date('2027-04-01T09:00:00Z'),
          });
          return { raw: (built.message as Buffer).toString(), parsed: { subject: String(mail.subject) } };
        }),
      ),
    );
    const mails = [...received, ...alerts];
    const subjects = mails.map((m) => m.parsed.subject ?? '');
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^A sua chegada/),
        expect.stringMatching(/^Até amanhã/),
        expect.stringMatching(/^Obrigado pela sua estadia/),
        expect.stringMatching(/^New booking inquiry/),
        expect.stringMatching(/^Your booking is cancelled/),
        expect.stringMatching(/^New dates for your booking/),
        expect.stringMatching(/^Your booking is confirmed/),
        expect.stringMatching(/^A sua reserva está confirmada/),
        expect.stringMatching(/^Calendar feed "Airbnb" works again/),
        expect.stringMatching(/^O calendário «Airbnb» falha desde/),
      ]),
    );
    // The confirmations scored are the contracts: the terms and the owner's identity in each.
    const contracts = mails.filter((m) =>
      /^(Your booking is confirmed|A sua reserva está confirmada)/.test(m.parsed.subject ?? ''),
    );
    expect(contracts).toHaveLength(2);
    for (const contract of contracts) expect(contract.raw).toContain('123456789');
    const scores: Array<[string, number]> = [];
    for (let i = 0; i < mails.length; i += 4) {
      const batch = mails.slice(i, i + 4);
      const results = await Promise.all(batch.map((m) => score(m.raw)));
      results.forEach((value, j) => scores.push([batch[j]!.parsed.subject ?? '', value]));
    }
    // The scorer itself works: the standard test pattern (GTUBE) is spam whatever else the mail says.
    const gtube =
      'From: a@example.com\r\nTo: b@example.com\r\nSubject: test\r\nDate: Wed, 25 Nov 2026 10:00:00 +0000\r\nMessage-ID: <gtube@example.com>\r\n\r\nXJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X\r\n';
    expect(await score(gtube)).toBeGreaterThanOrEqual(5);
    console.log(scores.map(([subject, value]) => `${value.toFixed(1).padStart(5)}  ${subject}`).join('\n'));
    expect(scores.filter(([, value]) => value >= MAX_SCORE)).toEqual([]);
  }, 300_000);
});
