import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { forgetLease } from '../jobs/job-leases-data.js';
import { runExclusive } from '../jobs/lease.js';
import { LEASE_MS } from '../jobs/outbox-lease.js';
import type { Outbox } from './outbox.js';
import type { Mailer } from './smtp.js';

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
  /** The outboxes, in the order each pass sends them. */
  outboxes: readonly Outbox[];
  /** This app's id as a job lease holder. */
  holder: string;
  /** True when this process is the database's only user (SQLite): leases left at start are stale. */
  soleServer: boolean;
  log: FastifyBaseLogger;
  /** The app's clock (AppOptions.now): rows are due by the time they were queued with. */
  now?: () => number;
}

/** Sends the outboxes in the background of the web server, one row at a time. */
export function startDeliveryWorker({
  db,
  mailer,
  outboxes,
  holder,
  soleServer,
  log,
  now = Date.now,
}: Options): DeliveryWorker {
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;

  /** Sends one batch of each outbox; true when a full batch was sent by this server, so more may be due. */
  async function deliverDue(mailer: Mailer): Promise<boolean> {
    let claimed = 0;
    let full = false;
    for (const outbox of outboxes) {
      if (stopped) return false;
      const ids = await outbox.due(now(), BATCH);
      claimed += await outbox.deliver(ids, mailer, () => stopped);
      full ||= ids.length === BATCH;
    }
    // A backlog (after an outage) drains at the SMTP server's pace rather than a batch per poll;
    // rows claimed by another server are not counted, so this never spins on them.
    return !stopped && claimed > 0 && full;
  }

  /** Anything to send now, in any outbox. */
  const hasDue = async () => {
    for (const outbox of outboxes) if ((await outbox.due(now(), 1)).length > 0) return true;
    return false;
  };

  let firstPass = soleServer;
  async function pass(): Promise<void> {
    if (firstPass) {
      firstPass = false;
      let released = 0;
      for (const outbox of outboxes) released += await outbox.releaseLeases();
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
