import type { Mailer } from './smtp.js';

/**
 * A table of mails to send that a feature hands the delivery worker from its plugin (the inquiries;
 * mail's own outbox is one too), so mail/ imports no feature (docs/decisions/0066-features-as-plugins.md).
 * Its rows are claimed and leased as jobs/outbox-lease.ts says.
 */
export interface Outbox {
  /** The ids of the rows due by `now`, the longest waiting first. */
  due(now: number, limit: number): Promise<string[]>;
  /** Claims and sends each row of `ids` in turn until `stopped`; resolves to how many this server claimed. */
  deliver(ids: string[], mailer: Mailer, stopped: () => boolean): Promise<number>;
  /** Gives back every lease (SQLite at start: the process that held them is gone); resolves to how many. */
  releaseLeases(): Promise<number>;
}
