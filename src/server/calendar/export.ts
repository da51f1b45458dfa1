import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { blocksForExport } from './blocks-data.js';
import { siteExportToken } from './export-tokens.js';
import { feedEventsForExport } from './feed-events-data.js';
import { findFeedByToken } from './feeds-data.js';
import { type ExportEvent, writeCalendar } from './ical-export.js';

/**
 * The iCalendar text behind an export token, or undefined for an unknown one. The site's own
 * export holds every taken night; a feed's export holds the blocks, the bookings and the other
 * feeds' nights, never that feed's own nor the stays booked on that feed's platform, so nothing
 * echoes back to the platform it came from (decision 0037).
 * UIDs stay the same while a block or an imported night exists.
 */
export async function exportCalendar(
  db: Db,
  token: string,
  today: string,
  host: string,
  name: string,
): Promise<string | undefined> {
  let exclude: string | undefined;
  let platform: string | undefined;
  if (token !== (await siteExportToken(db))) {
    const feed = await findFeedByToken(db, token);
    if (!feed) return undefined;
    exclude = feed.id;
    platform = feed.platform === 'other' ? undefined : feed.platform;
  }
  const blocks = (await blocksForExport(db, today)).filter((b) => !platform || b.channel !== platform);
  const events: ExportEvent[] = blocks.map((b) => ({
    uid: `block-${b.id}@${host}`,
    start: b.start,
    end: b.end,
  }));
  const seen = new Set<string>();
  for (const e of await feedEventsForExport(db, today)) {
    if (e.feedId === exclude) continue;
    // An imported night has no id of its own that survives a re-import: its feed and dates are its identity.
    const key = `${e.feedId}/${e.start}/${e.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    events.push({
      uid: `feed-${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${host}`,
      start: e.start,
      end: e.end,
    });
  }
  return writeCalendar(events, { name });
}
