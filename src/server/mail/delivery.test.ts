import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const OWNER = 'owner@casa.example';

let sink: SmtpSink;
let t: TestApp;
beforeEach(async () => {
  sink = await SmtpSink.start();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_TO: OWNER,
    MAIL_FROM: 'site@casa.example',
    SUBMISSIONS_PER_WINDOW: '1000',
  });
});
afterEach(async () => {
  await t.close();
  await sink.stop();
});

const send = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/inquiries', payload });
const rows = () => t.app.db.selectFrom('inquiries').selectAll().execute();
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForStatus(status: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = await rows();
    if (all.length > 0 && all.every((r) => r.status === status)) return all;
    if (Date.now() > deadline)
      throw new Error(`rows not ${status}: ${JSON.stringify(all.map((r) => [r.status, r.lastError]))}`);
    await settle(50);
  }
}

describe('delivery to the owner', () => {
  it('mails the inquiry once, to MAIL_TO only, with subject, Reply-To and both bodies', async () => {
    const checkIn = day(12);
    const checkOut = day(15);
    const response = await send({
      name: 'Joana Silva',
      email: 'joana@example.com',
      guests: 5,
      message: 'Two kids.\nOne dog?',
      checkIn,
      checkOut,
      to: 'attacker@evil.example',
    });
    expect(response.statusCode).toBe(202);
    const [mail] = await sink.waitFor(1);
    await settle(300);
    expect(sink.received).toHaveLength(1);

    expect(mail!.envelope.to).toEqual([OWNER]);
    expect(mail!.envelope.from).toBe('site@casa.example');
    const parsed = mail!.parsed;
    expect(parsed.subject).toBe('New booking inquiry from Joana Silva');
    expect(parsed.from?.value).toEqual([{ name: 'Casa do Lago', address: 'site@casa.example' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: 'Joana Silva', address: 'joana@example.com' }]);
    expect(parsed.cc).toBeUndefined();
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.attachments).toHaveLength(0);

    const shown = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${iso}T00:00:00Z`),
      );
    for (const body of [parsed.text ?? '', parsed.html || '']) {
      for (const expected of ['Joana Silva', 'joana@example.com', '5', shown(checkIn), shown(checkOut), 'Two kids.'])
        expect(body).toContain(expected);
    }
    // The long form of every owner mail (decision 0055): "10 May 2027".
    expect(shown(checkIn)).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(parsed.text).toContain(`Check-in: ${shown(checkIn)}`);

    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(parsed.messageId).toBe(row!.messageId);
  });

  it('names the language of the page the guest wrote from, in that language; Reply-To stays the guest', async () => {
    expect(
      (await send({ name: 'Rui Costa', email: 'rui@example.pt', message: 'Olá!', locale: 'pt-PT' })).statusCode,
    ).toBe(202);
    const [portuguese] = await sink.waitFor(1);
    expect(portuguese!.parsed.text).toContain('\nLanguage: Português\n');
    expect(portuguese!.parsed.html).toContain('<strong>Language:</strong> Português</p>');
    expect(portuguese!.parsed.replyTo?.value).toEqual([{ name: 'Rui Costa', address: 'rui@example.pt' }]);

    expect((await send({ name: 'Ann Lee', email: 'ann@example.com' })).statusCode).toBe(202);
    const [, english] = await sink.waitFor(2);
    expect(english!.parsed.text).toContain('\nLanguage: English\n');
  });

  it("escapes the visitor's markup in the HTML body", async () => {
    await send({
      name: 'Eve <b>Bold</b>',
      email: 'eve@example.com',
      message: '<script>alert(1)</script> & <img src=x onerror=alert(2)>',
    });
    const [mail] = await sink.waitFor(1);
    const html = mail!.parsed.html || '';
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Bold</b>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('Eve &lt;b&gt;Bold&lt;/b&gt;');
    // The plain-text body keeps the text as typed.
    expect(mail!.parsed.text).toContain('<script>alert(1)</script>');
  });

  it('refuses a line break in the name or e-mail, so no header or recipient can be added', async () => {
    const attacks = [
      { name: 'Eve\r\nBcc: victim@example.com', email: 'eve@example.com' },
      { name: 'Eve', email: 'eve@example.com\r\nBcc: victim@example.com' },
      { name: 'Eve\nTo: victim@example.com', email: 'eve@example.com' },
    ];
    for (const attack of attacks) expect((await send(attack)).statusCode).toBe(400);
    await send({ name: 'Eve', email: 'eve@example.com' });
    const [mail] = await sink.waitFor(1);
    expect(mail!.envelope.to).toEqual([OWNER]);
    expect(mail!.raw).not.toMatch(/victim/);
  });

  it('accepts inquiries while SMTP is down and mails each exactly once after it returns', async () => {
    await sink.stop();
    for (let i = 0; i < 3; i++)
      expect((await send({ name: `Guest ${i}`, email: `g${i}@example.com` })).statusCode).toBe(202);
    // The first attempt fails at once and is rescheduled, not lost.
    const deadline = Date.now() + 5000;
    while ((await rows()).some((r) => r.attempts === 0) && Date.now() < deadline) await settle(50);
    const failedOnce = await rows();
    expect(failedOnce.every((r) => r.status === 'pending' && r.attempts === 1 && r.lastError)).toBe(true);
    expect(failedOnce[0]!.lastError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
    const wait = Date.parse(failedOnce[0]!.nextAttemptAt) - Date.now();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);

    await sink.start();
    await sink.waitFor(3, 30_000);
    await waitForStatus('sent');
    await settle(2500);
    const subjects = sink.received.map((m) => m.parsed.subject).sort();
    expect(subjects).toEqual([
      'New booking inquiry from Guest 0',
      'New booking inquiry from Guest 1',
      'New booking inquiry from Guest 2',
    ]);
  }, 60_000);

  it('marks a 5xx reply failed with its error, shows it to the admin, and sends it after Retry now', async () => {
    sink.failWith = { code: 550, message: 'Mailbox unavailable' };
    await send({ name: 'Rita', email: 'rita@example.com' });
    const [failed] = await waitForStatus('failed');
    expect(failed!.lastError).toMatch(/550/);
    expect(sink.received).toHaveLength(0);

    const cookie = await login(t.app);
    const listed = (await t.app.inject({ url: '/api/admin/inquiries', headers: { cookie } })).json().items[0];
    expect(listed).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('550') });

    sink.failWith = undefined;
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/inquiries/${failed!.id}/retry`,
      headers: { cookie },
    });
    expect(retry.statusCode).toBe(204);
    await sink.waitFor(1);
    const [sent] = await waitForStatus('sent');
    expect(sent!.attempts).toBe(2);
    await settle(300);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.parsed.messageId).toBe(failed!.messageId);
  });

  it('treats a 4xx reply as temporary: kept pending for a retry', async () => {
    sink.failWith = { code: 451, message: 'Try again later' };
    await send({ name: 'Tiago', email: 'tiago@example.com' });
    const deadline = Date.now() + 5000;
    while ((await rows())[0]?.attempts !== 1 && Date.now() < deadline) await settle(50);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/451/);
  });
});

describe('two servers on one database', () => {
  it('never send the same inquiry twice', async () => {
    const second = await createTestApp({
      SMTP_URL: sink.url,
      MAIL_TO: OWNER,
      DATABASE_URL: t.databaseUrl,
      SUBMISSIONS_PER_WINDOW: '1000',
    });
    try {
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          (i % 2 ? t.app : second.app).inject({
            method: 'POST',
            url: '/api/inquiries',
            payload: { name: `Guest ${i}`, email: `g${i}@example.com` },
          }),
        ),
      );
      await sink.waitFor(30, 30_000);
      await waitForStatus('sent');
      await settle(2500);
      const ids = sink.received.map((m) => m.parsed.messageId);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
    } finally {
      await second.app.close();
    }
  }, 60_000);
});
