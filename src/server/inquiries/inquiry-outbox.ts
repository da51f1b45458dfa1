import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { MailAddresses } from '../mail/compose.js';
import type { Outbox } from '../mail/outbox.js';
import { describeFailure, isPermanentFailure } from '../mail/smtp.js';
import { ownerLocale } from '../settings/admin-preferences.js';
import { claim, dueInquiryIds, markFailedAttempt, markSent, releaseAllLeases } from './inquiries-data.js';
import { composeInquiryMail } from './inquiry-mail.js';

interface Deps {
  db: Db;
  addresses: MailAddresses;
  log: FastifyBaseLogger;
  now: () => number;
}

/** The inquiries as an outbox of mail (mail/outbox.ts): each one mailed to the owner, MAIL_TO. */
export function inquiryOutbox({ db, addresses, log, now }: Deps): Outbox {
  return {
    due: (at, limit) => dueInquiryIds(db, at, limit),
    releaseLeases: () => releaseAllLeases(db),
    async deliver(ids, mailer, stopped) {
      if (ids.length === 0) return 0;
      // The owner reads an inquiry in the admin's language, as every owner mail (decision 0055).
      const locale = await ownerLocale(db, addresses.siteLocales);
      let claimed = 0;
      for (const id of ids) {
        if (stopped()) break;
        const row = await claim(db, id, now());
        if (!row) continue;
        claimed += 1;
        try {
          await mailer.send(composeInquiryMail(row, addresses, locale));
          await markSent(db, row, now());
          log.info({ inquiry: row.id }, 'inquiry mailed');
        } catch (error) {
          const permanent = isPermanentFailure(error);
          const state = await markFailedAttempt(db, row, describeFailure(error), permanent, now());
          log.warn({ inquiry: row.id, err: describeFailure(error), state }, 'inquiry not mailed');
        }
      }
      return claimed;
    },
  };
}
