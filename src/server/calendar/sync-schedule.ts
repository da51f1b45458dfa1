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

/** Syncs every feed at start and then every `periodMs`, each period on one server only. */
export function startCalendarSync(deps: SyncDeps, periodMs: number): CalendarSync {
  let running: Promise<unknown> = Promise.resolve();
  const syncAll = () => syncAllFeeds(deps, periodMs);
  const run = () => {
    running = syncAll().catch((error: unknown) => deps.log.warn({ err: error }, 'calendar sync failed'));
  };
  run();
  const timer = setInterval(run, periodMs).unref();
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
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
