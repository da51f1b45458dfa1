import type { ConnectionOptions } from 'node:tls';
import nodemailer, { type SendMailOptions } from 'nodemailer';

export interface Mailer {
  send(mail: SendMailOptions): Promise<void>;
  close(): void;
}

export interface SmtpOptions {
  /** Refuse to send unless the server upgrades the connection with STARTTLS (config: mail.requireTls). */
  requireTls?: boolean;
  /** TLS settings, such as the certificate authority a test server's certificate is signed by. */
  tls?: ConnectionOptions;
}

/** SMTP through nodemailer, with timeouts short enough that a dead server cannot hold a delivery. */
export function createSmtpMailer(smtpUrl: string, options: SmtpOptions = {}): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    requireTLS: options.requireTls ?? false,
    ...(options.tls ? { tls: options.tls } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Mail content is built by the server only; never let it read files or fetch URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      if (info.rejected.length > 0) {
        throw Object.assign(new Error(`Recipient rejected: ${info.rejected.join(', ')}`), { permanent: true });
      }
    },
    close: () => transport.close(),
  };
}

/** 5xx replies (except 503) and rejected recipients will not change on a retry; anything else might. */
export function isPermanentFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { permanent, code } = error as { permanent?: boolean; code?: string };
  // A failed login, or a server that will not start TLS, is a setting the owner can fix: keep
  // retrying until they do.
  if (code === 'EAUTH' || code === 'ETLS') return false;
  return permanent === true;
}

export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, response } = error as { code?: string; response?: string };
  return [code, response ?? error.message].filter(Boolean).join(': ').slice(0, 1000);
}
