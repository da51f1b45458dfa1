import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { MailAddresses } from './compose.js';
import { type DeliveryWorker, startDeliveryWorker } from './delivery-worker.js';
import { mailOutbox } from './mail-outbox.js';
import type { Outbox } from './outbox.js';
import type { MailCheck } from './outbox-data.js';
import type { Mailer } from './smtp.js';

/** The delivery worker as the features see it: they hand it their outbox and checks from their plugin. */
export interface Deliveries extends DeliveryWorker {
  /** A feature's outbox, sent before mail's own (the inquiries first, as before). */
  addOutbox(outbox: Outbox): void;
  /** Checks a queued mail's dependency before it goes (bookings/mail-dependency.ts). */
  checkWith(check: MailCheck): void;
  /** Starts the worker, once every outbox is handed over (jobs/scheduler.ts, atStart). */
  start(): void;
}

interface Deps {
  db: Db;
  mailer: Mailer | undefined;
  addresses: MailAddresses;
  holder: string;
  soleServer: boolean;
  log: FastifyBaseLogger;
  now: () => number;
}

export function createDeliveries(deps: Deps): Deliveries {
  const outboxes: Outbox[] = [];
  let check: MailCheck | undefined;
  let worker: DeliveryWorker | undefined;
  return {
    addOutbox: (outbox) => void outboxes.push(outbox),
    checkWith: (given) => void (check = given),
    start() {
      outboxes.push(mailOutbox({ ...deps, stillTrue: () => check }));
      worker = startDeliveryWorker({ ...deps, outboxes });
    },
    notify: () => worker?.notify(),
    async stop() {
      await worker?.stop();
      if (!worker) deps.mailer?.close();
    },
  };
}
