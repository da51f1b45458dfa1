import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { MailOutboxRow } from '../db/schema.js';
import type { MailAddresses } from './compose.js';
import type { Outbox } from './outbox.js';
import {
  claimMail,
  dueMailIds,
  type MailCheck,
  type MailDependency,
  markMailDropped,
  markMailFailed,
  markMailSent,
  releaseMailLeases,
} from './outbox-data.js';
import { describeFailure, isPermanentFailure } from './smtp.js';

interface Deps {
  db: Db;
  addresses: MailAddresses;
  log: FastifyBaseLogger;
  now: () => number;
  /** Checks a mail's dependency before it goes (given by bookings/); every mail goes without it. */
  stillTrue: () => MailCheck | undefined;
}

/** The mail outbox (outbox-data.ts): every guest's and owner's mail but the inquiries. */
export function mailOutbox({ db, addresses, log, now, stillTrue }: Deps): Outbox {
  return {
    due: (at, limit) => dueMailIds(db, at, limit),
    releaseLeases: () => releaseMailLeases(db),
    async deliver(ids, mailer, stopped) {
      let claimed = 0;
      for (const id of ids) {
        if (stopped()) break;
        const row = await claimMail(db, id, now());
        if (!row) continue;
        claimed += 1;
        const check = stillTrue();
        const dropped =
          row.dependsOn && check ? await check(JSON.parse(row.dependsOn) as MailDependency, now()) : undefined;
        if (dropped) {
          await markMailDropped(db, row.id, dropped);
          log.info({ mail: row.key, reason: dropped }, 'mail dropped: no longer true');
          continue;
        }
        try {
          await mailer.send(outboxMail(row, addresses));
          await markMailSent(db, row.id, now());
          log.info({ mail: row.key }, 'mail sent');
        } catch (error) {
          const state = await markMailFailed(db, row, describeFailure(error), isPermanentFailure(error), now());
          log.warn({ mail: row.key, err: describeFailure(error), state }, 'mail not sent');
        }
      }
      return claimed;
    },
  };
}

/** An outbox row as a mail: its Message-ID and Date are the row's own, so a retry is the same mail. */
function outboxMail(row: MailOutboxRow, addresses: MailAddresses) {
  return {
    from: { name: addresses.senderName, address: addresses.from },
    to: row.toAddress,
    // A guest's answer reaches the owner.
    replyTo: row.replyTo ?? addresses.to,
    subject: row.subject,
    text: row.textBody,
    ...(row.htmlBody ? { html: row.htmlBody } : {}),
    ...(row.calendar
      ? {
          attachments: [
            {
              filename: 'stay.ics',
              content: row.calendar,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            },
          ],
        }
      : {}),
    messageId: row.messageId,
    date: new Date(row.createdAt),
  };
}
