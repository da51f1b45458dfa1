import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.js';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. It can refuse connections
 * (stop/start on the same port) or answer each message with a chosen error reply.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** When set, every message is answered with this reply instead of 250. */
  failWith: { code: number; message: string } | undefined;
  /**
   * Called with each message once it is kept and before the 250 reply goes out: the moment a
   * sender can die having handed the mail over without learning so.
   */
  onReceived: ((mail: ReceivedMail) => void) | undefined;
  private server: SMTPServer | undefined;

  /** Whether the last connection was upgraded with STARTTLS before its message. */
  lastSecure: boolean | undefined;

  private constructor(
    readonly port: number,
    private readonly tls?: { key: string; cert: string },
  ) {}

  /** With `tls`, the server offers STARTTLS with that key and certificate; without, it offers none. */
  static async start(tls?: { key: string; cert: string }): Promise<SmtpSink> {
    const sink = new SmtpSink(await freePort(), tls);
    await sink.start();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      ...(this.tls ? { key: this.tls.key, cert: this.tls.cert } : { disabledCommands: ['STARTTLS'] }),
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.failWith) {
            callback(Object.assign(new Error(this.failWith.message), { responseCode: this.failWith.code }));
            return;
          }
          this.lastSecure = session.secure;
          const raw = Buffer.concat(chunks).toString('utf8');
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          };
          simpleParser(raw).then(
            (parsed) => {
              const mail = { envelope, raw, parsed };
              this.received.push(mail);
              this.onReceived?.(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Closes the port: connections are refused until start() again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async waitFor(count: number, timeoutMs = 20_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.received;
  }
}
