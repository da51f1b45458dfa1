import type { Scheduler } from '../jobs/scheduler.js';
import { findFeed } from './feeds-data.js';
import { type SyncDeps, syncAllFeeds, syncFeedExclusive } from './sync.js';

export interface CalendarSync {
  /** Every feed, if no server has synced them this period; resolves to whether this one did. */
  syncAll(): Promise<boolean>;
  /** The sync button: imports the feed now, or waits for the import another server is running. */
  syncNow(id: string): Promise<void>;
  stop(): Promise<void>;
}

/** How long the sync button waits for another server's import of the same feed. */
const WAIT_FOR_OTHER_MS = 20_000;

/** Syncs every feed at start and then every `periodMs` (the scheduler's timer), each period on one server only. */
export function startCalendarSync(deps: SyncDeps, periodMs: number, jobs: Pick<Scheduler, 'repeat'>): CalendarSync {
  const syncAll = () => syncAllFeeds(deps, periodMs);
  const ticker = jobs.repeat(syncAll, periodMs, 'calendar sync failed');
  void ticker.track(syncAll());
  return {
    syncAll,
    async syncNow(id) {
      const before = (await findFeed(deps.db, id))?.lastSyncAt;
      if (await syncFeedExclusive(deps, id)) return;
      // Another server (or this one's periodic run) is importing it: its result is as fresh.
      const until = Date.now() + WAIT_FOR_OTHER_MS;
      while (Date.now() < until && (await findFeed(deps.db, id))?.lastSyncAt === before) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    stop: ticker.stop,
  };
}
