import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';

// The booking's mails through a real SMTP server on loopback: in the guest's language, text and
// HTML, answered to the owner, each sent once, and no guest link left in the database once sent.

let sink: SmtpSink;
let site: TestApp & { clock: TestClock };

beforeAll(async () => {
  sink = await SmtpSink.start();
  site = await createBookingSite({
    content: { colors: { primary: '#7a1f3d', background: '#fff4e6' } },
    env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_TO: 'owner@example.com', MAIL_FROM: 'reservas@example.com' },
  });
});
afterAll(async () => {
  await site?.close();
  await sink?.stop();
});

describe('booking mails', () => {
  it('writes to the guest in their language, with the transfer details, and to the owner in English', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      locale: 'pt-PT',
      name: 'João Sousa',
      email: 'joao@example.com',
    });
    expect(created.status).toBe(201);
    const mails = await sink.waitFor(2);
    const guest = mails.find((m) => m.envelope.to.includes('joao@example.com'));
    const owner = mails.find((m) => m.envelope.to.includes('owner@example.com'));
    expect(guest?.parsed.subject).toBe(`A sua reserva na Casa do Lago: ${created.body.code}`);
    expect(guest?.parsed.text).toContain('Caro(a) João Sousa,');
    expect(guest?.parsed.text).toMatch(/fica confirmada quando chegar o pré-pagamento de 126,60\s€/);
    expect(guest?.parsed.text).toContain('de 5 de abril de 2027 a 8 de abril de 2027, 2 hóspedes');
    expect(guest?.parsed.text).toContain('IBAN: PT50 0002 0123 1234 5678 9015 4');
    expect(guest?.parsed.text).toContain(`Referência: ${created.body.code}`);
    expect(guest?.parsed.text).toContain(created.body.bookingUrl);
    expect(guest?.parsed.text).not.toMatch(/\bsinal\b/i);
    // One template for both: the house's name on the content's colours, the guest's language, the
    // link as a button, and every style inline (Gmail drops <style> blocks).
    const html = guest?.parsed.html || '';
    expect(html).toContain('<html dir="ltr" lang="pt">');
    expect(html).toMatch(/<body style="[^"]*background-color:#fff4e6/);
    expect(html).toMatch(/background-color:#7a1f3d[^>]*>(<[^>]+>)*Casa do Lago</);
    expect(html).toMatch(
      new RegExp(
        `<a href="${created.body.bookingUrl.replace(/[.?]/g, '\\$&')}" style="[^"]*background-color:#7a1f3d[^"]*"[^>]*>.*Abrir a sua reserva`,
      ),
    );
    expect(html).not.toMatch(/<style|class="/);
    expect(owner?.parsed.html).toMatch(/<body style="[^"]*background-color:#fff4e6/);
    expect(owner?.parsed.html).toContain('<html dir="ltr" lang="en">');
    expect(guest?.parsed.replyTo?.text).toBe('owner@example.com');
    expect(guest?.parsed.from?.text).toBe('"Casa do Lago" <reservas@example.com>');
    expect(owner?.parsed.subject).toBe(`New booking (bank transfer): ${created.body.code}`);
    expect(owner?.parsed.replyTo?.text).toBe('joao@example.com');

    // Sent: the rows keep no body, so the guest's link is nowhere in the database.
    await expect
      .poll(async () =>
        (await site.app.db.selectFrom('mailOutbox').select(['status', 'textBody']).execute()).every(
          (m) => m.status === 'sent' && m.textBody === '',
        ),
      )
      .toBe(true);
    const token = new URL(created.body.bookingUrl).searchParams.get('t') as string;
    const everything =
      JSON.stringify(await site.app.db.selectFrom('mailOutbox').selectAll().execute()) +
      JSON.stringify(await site.app.db.selectFrom('bookingLinks').selectAll().execute());
    expect(everything).not.toContain(token);
    // Nothing more is sent on later passes.
    site.app.deliveries.notify();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sink.received).toHaveLength(2);
  });
});
