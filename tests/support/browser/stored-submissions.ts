import type { AdminInquiry } from '../../../src/shared/inquiries.js';
import type { AdminReview } from '../../../src/shared/reviews.js';
import type { ReceivedMail } from '../server/smtp-sink.js';
import { AdminApi } from './admin-api.js';

export interface StoredSubmissions {
  reviews: AdminReview[];
  inquiries: AdminInquiry[];
}

/** What the server has stored under a test's name prefix, read through its own admin API. */
export class StoredReader {
  private constructor(private readonly admin: AdminApi) {}

  static async login(url: string): Promise<StoredReader> {
    return new StoredReader(await AdminApi.login(url));
  }

  async stored(prefix: string): Promise<StoredSubmissions> {
    const [reviews, inquiries] = await Promise.all([this.admin.reviews('all'), this.admin.inquiries()]);
    return {
      reviews: reviews.filter((r) => r.clientName.startsWith(prefix)),
      inquiries: inquiries.filter((i) => i.name.startsWith(prefix)),
    };
  }

  /** Polls until every inquiry of the test is marked sent; then every mail the server sent has arrived. */
  async waitUntilAllSent(prefix: string, timeoutMs: number): Promise<StoredSubmissions> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const stored = await this.stored(prefix);
      const unsent = stored.inquiries.filter((i) => i.status !== 'sent');
      if (unsent.length === 0) return stored;
      if (Date.now() > deadline) {
        const states = unsent
          .slice(0, 5)
          .map((i) => `${i.name}: ${i.status}, ${i.attempts} attempts, ${i.lastError ?? 'no error'}`);
        throw new Error(`${unsent.length} inquiries still not sent after ${timeoutMs} ms, e.g.\n${states.join('\n')}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export interface MailTally {
  /** Names with at least one mail, each with the Message-IDs of its copies. */
  byName: Map<string, string[]>;
  /** Copies beyond the first, over all inquiries. */
  duplicates: number;
}

const SUBJECT = /^New booking inquiry from (.*)$/;

export function tallyMail(received: readonly ReceivedMail[]): MailTally {
  const byName = new Map<string, string[]>();
  for (const mail of received) {
    const name = mail.parsed.subject?.match(SUBJECT)?.[1] ?? `(unexpected subject: ${mail.parsed.subject ?? 'none'})`;
    byName.set(name, [...(byName.get(name) ?? []), mail.parsed.messageId ?? '(no Message-ID)']);
  }
  return { byName, duplicates: received.length - byName.size };
}

/**
 * What is wrong with the mail of these inquiries, duplicates aside: an inquiry without mail, mail
 * for no stored inquiry, or a copy whose Message-ID is not the inquiry's own.
 */
export function mailProblems(inquiries: readonly AdminInquiry[], tally: MailTally): string[] {
  const problems: string[] = [];
  const stored = new Map(inquiries.map((i) => [i.name, i]));
  for (const inquiry of inquiries) {
    if (!tally.byName.has(inquiry.name)) problems.push(`no mail for ${inquiry.name}`);
  }
  for (const [name, messageIds] of tally.byName) {
    const inquiry = stored.get(name);
    if (!inquiry) problems.push(`mail for ${name}, which is not stored`);
    // The server's Message-ID names the row (<inquiry-ID@host>), so a copy is recognisably the same mail.
    else if (!messageIds.every((id) => id === messageIds[0] && id.includes(inquiry.id))) {
      problems.push(`${name}: Message-IDs ${messageIds.join(', ')} are not all the inquiry's own (${inquiry.id})`);
    }
  }
  return problems;
}
