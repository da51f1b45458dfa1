import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { composeInquiryMail, type MailAddresses } from './compose.js';
import {
  claim,
  dueInquiryIds,
  LEASE_MS,
  markFailedAttempt,
  markSent,
  releaseAllLeases,
} from '../inquiries/inquiries-data.js';
import { forgetLease } from '../jobs/job-leases-data.js';
import { runExclusive } from '../jobs/lease.js';
import { describeFailure, isPermanentFailure, type Mailer } from './smtp.js';
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
import type { MailOutboxRow } from '../db/schema.js';
import { ownerLocale } from '../settings/admin-preferences.js';

const POLL_MS = 2_000;
const BATCH = 20;
const JOB = 'deliveries';

export interface DeliveryWorker {
  /** Look for work now (after an inquiry is stored or a retry is asked for). */
  notify(): void;
  /** Finishes the delivery in progress, then stops. */
  stop(): Promise<void>;
}

interface Options {
  db: Db;
  /** Undefined without SMTP_URL: nothing is sent. */
  mailer: Mailer | undefined;
  addresses: MailAddresses;
  /** This app's id as a job lease holder. */
  holder: string;
  /** True when this process is the database's only user (SQLite): leases left at start are stale. */
  soleServer: boolean;
  log: FastifyBaseLogger;
  /** The app's clock (AppOptions.now): rows are due by the time they were queued with. */
  now?: () => number;
  /** Checks a mail's dependency before it goes (bookings/mail-dependency.ts); every mail goes without it. */
  stillTrue?: MailCheck;
}

/** Sends the outbox in the background of the web server, one row at a time. */
export function startDeliveryWorker({
  db,
  mailer,
  addresses,
  holder,
  soleServer,
  log,
  now = Date.now,
  stillTrue,
}: Options): DeliveryWorker {
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;

  /** Sends one batch of each kind; true when a full batch was sent by this server, so more may be due. */
  async function deliverDue(mailer: Mailer): Promise<boolean> {
    let claimed = 0;
    const inquiryIds = await dueInquiryIds(db, now(), BATCH);
    // The owner reads an inquiry in the admin's language, as every owner mail (decision 0055).
    const locale = inquiryIds.length > 0 ? await ownerLocale(db, addresses.siteLocales) : 'en';
    for (const id of inquiryIds) {
      if (stopped) return false;
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
    const mailIds = await dueMailIds(db, now(), BATCH);
    for (const id of mailIds) {
      if (stopped) return false;
      const row = await claimMail(db, id, now());
      if (!row) continue;
      claimed += 1;
      const dropped =
        row.dependsOn && stillTrue ? await stillTrue(JSON.parse(row.dependsOn) as MailDependency, now()) : undefined;
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
    // A backlog (after an outage) drains at the SMTP server's pace rather than a batch per poll;
    // rows claimed by another server are not counted, so this never spins on them.
    return claimed > 0 && (inquiryIds.length === BATCH || mailIds.length === BATCH);
  }

  /** Anything to send now: the inquiries, then the outbox. */
  const hasDue = async () =>
    (await dueInquiryIds(db, now(), 1)).length > 0 || (await dueMailIds(db, now(), 1)).length > 0;

  let firstPass = soleServer;
  async function pass(): Promise<void> {
    if (firstPass) {
      firstPass = false;
      const released = (await releaseAllLeases(db)) + (await releaseMailLeases(db));
      if (released > 0) log.warn({ released }, 'resuming deliveries interrupted by the last shutdown');
      await forgetLease(db, JOB);
    }
    if (!mailer) return;
    do {
      again = false;
      // Reading first: a server with nothing to send writes nothing. Then one server sends at a
      // time (each row has its own lease as well); the others try again at their next poll.
      if (!(await hasDue())) continue;
      await runExclusive(
        db,
        JOB,
        LEASE_MS,
        async () => {
          if (await deliverDue(mailer)) again = true;
        },
        { holder },
      );
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => log.error({ err: error }, 'delivery pass failed'))
      .finally(() => {
        running = undefined;
      });
  }

  const timer = setInterval(wake, POLL_MS);
  timer.unref();
  wake();

  return {
    notify: wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      mailer?.close();
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
