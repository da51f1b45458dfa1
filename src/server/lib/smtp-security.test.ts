import { afterEach, describe, expect, it } from 'vitest';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { makeTestCertificate } from '../../../tests/support/server/test-certificate.js';
import { loadConfig } from '../config.js';
import { createSmtpMailer, isPermanentFailure } from '../mail/smtp.js';
import { isLoopbackHost, needsStartTls } from './smtp-security.js';

const MAIL = { from: 'site@casa.example', to: 'owner@casa.example', subject: 'Inquiry', text: 'Hello' };

let sink: SmtpSink | undefined;
afterEach(async () => sink?.stop());

describe('STARTTLS for SMTP to another machine', () => {
  it('is required for smtp:// to any host but this machine, unless SMTP_INSECURE=true', () => {
    const requireTls = (env: Record<string, string>) =>
      loadConfig({ MAIL_TO: 'owner@casa.example', ...env }).mail.requireTls;
    expect(requireTls({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' })).toBe(true);
    expect(requireTls({ SMTP_URL: 'smtp://203.0.113.5:25' })).toBe(true);
    expect(requireTls({ SMTP_URL: 'smtp://[2001:db8::25]:25' })).toBe(true);
    expect(requireTls({ SMTP_URL: 'smtp://user:pass@mail.example.com:587', SMTP_INSECURE: 'true' })).toBe(false);
    // smtps:// is TLS from the first byte.
    expect(requireTls({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' })).toBe(false);
    for (const local of ['smtp://127.0.0.1:25', 'smtp://127.0.0.2:2525', 'smtp://localhost:25', 'smtp://[::1]:25'])
      expect(requireTls({ SMTP_URL: local }), local).toBe(false);
    expect(requireTls({})).toBe(false);
    expect(() => loadConfig({ SMTP_INSECURE: 'maybe' })).toThrow(/SMTP_INSECURE: must be true or false/);
    // nodemailer would let the URL's options override requireTLS and the certificate check.
    expect(() =>
      loadConfig({
        MAIL_TO: 'owner@casa.example',
        SMTP_URL: 'smtp://mail.example.com:587?requireTLS=false&tls.rejectUnauthorized=false',
      }),
    ).toThrow(/SMTP_URL: must carry no options after "\?"/);
  });

  it('tells this machine from others by the address, not by a name that only looks like it', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('[::ffff:127.0.0.1]')).toBe(true);
    expect(isLoopbackHost('127.attacker.example')).toBe(false);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
    expect(needsStartTls('smtp://localhost.example.com', false)).toBe(true);
  });

  it('sends nothing to a server that offers no STARTTLS when TLS is required, and says why', async () => {
    sink = await SmtpSink.start();
    const mailer = createSmtpMailer(sink.url, { requireTls: true });
    try {
      const refused: unknown = await mailer.send(MAIL).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(String(refused)).toMatch(/STARTTLS/);
      expect(sink.received).toHaveLength(0);
      // The owner can fix it (the server's settings, or SMTP_INSECURE): the inquiry keeps waiting, it is not given up.
      expect(isPermanentFailure(refused)).toBe(false);
    } finally {
      mailer.close();
    }
  });

  it('sends over STARTTLS to a server that offers it, checking its certificate', async () => {
    const certificate = makeTestCertificate();
    sink = await SmtpSink.start(certificate);
    const trusted = createSmtpMailer(sink.url, { requireTls: true, tls: { ca: certificate.cert } });
    const untrusted = createSmtpMailer(sink.url, { requireTls: true });
    try {
      await trusted.send(MAIL);
      expect(sink.received).toHaveLength(1);
      expect(sink.lastSecure).toBe(true);
      // A certificate no authority vouches for is refused, not accepted silently.
      await expect(untrusted.send(MAIL)).rejects.toThrow(/self[- ]signed|certificate/i);
      expect(sink.received).toHaveLength(1);
    } finally {
      trusted.close();
      untrusted.close();
    }
  });
});
