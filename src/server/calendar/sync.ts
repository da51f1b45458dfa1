import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { earliestToday } from '../../shared/dates.js';
import type { Db } from '../db/database.js';
import { runExclusive } from '../jobs/lease.js';
import type { MailAddresses } from '../mail/compose.js';
import type { Mailer } from '../mail/smtp.js';
import { ownerLocale } from '../settings/admin-preferences.js';
import { alertDue, composeFeedAlert } from './feed-alerts.js';
import { deleteFeedEvents, replaceFeedEvents } from './feed-events-data.js';
import { fetchFeed } from './feed-fetch.js';
import { type FeedRow, type FeedSyncUpdate, findFeed, listFeeds, updateFeed } from './feeds-data.js';
import { parseFeed } from './ical-parse.js';
import { platformOfUrl } from './feed-platform.js';
import { errorMessage } from '../../shared/error-message.js';

// Importing the platforms' feeds (docs/decisions/0012-availability-and-calendar-sync.md).

export interface SyncDeps {
  db: Db;
  /** This app's lease holder name (jobs/lease.ts). */
  holder: string;
  allowPrivateHosts: boolean;
  mailer: Mailer | undefined;
  addresses: MailAddresses;
  log: FastifyBaseLogger;
  /** Told when a feed's nights changed, so this server's availability cache is cleared. */
  onChange: () => void;
}

/** Longer than a fetch may take (15 s) plus the import: a server that dies mid-sync frees it. */
const FEED_LEASE_MS = 60_000;

/** Fetches and imports one feed. A failure never frees nights: the feed keeps its last good set. */
export async function syncFeed(deps: SyncDeps, feed: FeedRow, now = new Date()): Promise<void> {
  const at = now.toISOString();
  let update: FeedSyncUpdate;
  try {
    const result = await fetchFeed(feed.url, {
      allowPrivateHosts: deps.allowPrivateHosts,
      etag: feed.etag,
      lastModified: feed.lastModified,
    });
    const ok = { lastSyncAt: at, lastSuccessAt: at, lastError: null, failingSince: null };
    if (result.status === 'not-modified') {
      update = ok;
    } else {
      const parsed = parseFeed(result.body, earliestToday(now), { details: true });
      if (parsed.events.length === 0 && feed.eventCount > 0 && feed.emptySeen === 0) {
        // A feed that suddenly has nothing may be a platform's glitch: wait for the next sync to
        // agree. Its validators are not kept, so that sync downloads it again instead of a 304.
        update = { ...ok, emptySeen: 1 };
      } else {
        await replaceFeedEvents(deps.db, feed.id, parsed.events, randomUUID);
        // Deleted while it was being fetched: its nights go with it.
        if (!(await findFeed(deps.db, feed.id))) return void (await deleteFeedEvents(deps.db, feed.id));
        update = {
          ...ok,
          etag: result.etag,
          lastModified: result.lastModified,
          eventCount: parsed.events.length,
          skippedCount: parsed.skipped,
          emptySeen: 0,
          platform: parsed.platform ?? platformOfUrl(feed.url),
        };
        deps.onChange();
      }
    }
  } catch (error) {
    deps.log.warn({ err: error, feed: feed.id }, 'calendar feed import failed');
    update = { lastSyncAt: at, lastError: storableError(error), failingSince: feed.failingSince ?? at };
  }
  await updateFeed(deps.db, feed.id, update);
  await sendAlertIfDue(deps, { ...feed, ...update }, now.getTime());
}

/**
 * The reason as the owner reads it: a message may quote the feed, and a feed's bytes can hold
 * anything (PostgreSQL text refuses a NUL, and no line break belongs in one line of /admin).
 */
function storableError(error: unknown): string {
  const message = errorMessage(error);
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return message.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 300);
}

async function sendAlertIfDue(deps: SyncDeps, feed: FeedRow, now: number): Promise<void> {
  const alert = alertDue(feed, now);
  if (!alert) return;
  if (!deps.mailer || !deps.addresses.to) {
    deps.log.warn({ feed: feed.id, alert }, 'calendar feed alert not mailed: SMTP_URL is not set');
    return;
  }
  try {
    const locale = await ownerLocale(deps.db, deps.addresses.siteLocales);
    await deps.mailer.send(composeFeedAlert(alert, feed, deps.addresses, locale));
    await updateFeed(deps.db, feed.id, { alertState: alert === 'failing' ? 'failing' : 'none' });
  } catch (error) {
    deps.log.warn({ err: error, feed: feed.id }, 'calendar feed alert not sent; tried again at the next sync');
  }
}

/** One feed under its own lease, so a sync button and the periodic run never import it at once. */
export async function syncFeedExclusive(deps: SyncDeps, id: string): Promise<boolean> {
  return runExclusive(
    deps.db,
    `calendar-feed:${id}`,
    FEED_LEASE_MS,
    async () => {
      const feed = await findFeed(deps.db, id);
      if (feed) await syncFeed(deps, feed);
    },
    { holder: deps.holder },
  );
}

/**
 * Every feed, under the `calendar-sync` lease kept for the whole period: with several servers,
 * one of them syncs each period. Resolves to whether this server ran it.
 */
export async function syncAllFeeds(deps: SyncDeps, periodMs: number): Promise<boolean> {
  return runExclusive(
    deps.db,
    'calendar-sync',
    periodMs,
    async () => {
      for (const feed of await listFeeds(deps.db)) await syncFeedExclusive(deps, feed.id);
    },
    { holder: deps.holder, keep: true },
  );
}
