import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { readStored } from './content-document.js';
import { contentImages } from './content-photos.js';
import { findVersion, latestVersionNumber } from './content-versions-data.js';
import { contentSnapshot, type ContentSnapshot, type LiveContent } from './live-content.js';

/** Where a refused version is reported: the app's log, or the export script's stand-in. */
export interface ErrorLog {
  error(details: object, message: string): void;
}

/** A stored version, checked again; undefined (logged) when this server's schema refuses it. */
async function loadVersion(db: Db, version: number, log: ErrorLog): Promise<ContentSnapshot | undefined> {
  const row = await findVersion(db, version);
  if (!row) return undefined;
  let property;
  try {
    property = readStored(row.content, `Content version ${version}`);
  } catch (error) {
    property = withoutBookings(row.content, version, log);
    if (!property) {
      // Only field paths and the schema's words: never a value, so no door code reaches the log.
      log.error({ version, problem: (error as Error).message }, 'a published content version is not valid here');
      return undefined;
    }
  }
  return contentSnapshot(version, property, await contentImages(db, property));
}

/**
 * A version published before bookings needed the owner's legal identity (0.1.0 took bookings
 * without `legal.owner`): served as it is but taking inquiries, so an upgraded site starts and
 * no booking is made without the contract's other party, until the owner publishes it
 * (docs/decisions/0035-terms-snapshot.md). Undefined when that is not what is wrong with it.
 */
function withoutBookings(text: string, version: number, log: ErrorLog) {
  try {
    const raw = JSON.parse(text) as { booking?: { mode?: string }; legal?: { owner?: unknown } };
    if (!raw.booking || raw.booking.mode === 'inquiry' || raw.legal?.owner) return undefined;
    const property = readStored(
      JSON.stringify({ ...raw, booking: { ...raw.booking, mode: 'inquiry' } }),
      `Content version ${version}`,
    );
    log.error(
      { version },
      'this content version takes bookings but names no legal.owner: it takes inquiries until a version with the owner is published from /admin/content',
    );
    return property;
  } catch {
    return undefined;
  }
}

/**
 * The newest version this server's schema accepts. One that it refuses (written by another
 * release) is passed over, and logged, rather than keeping the site from starting.
 */
export async function newestValidSnapshot(db: Db, log: ErrorLog): Promise<ContentSnapshot | undefined> {
  const latest = await latestVersionNumber(db);
  for (let version = latest ?? 0; version >= 1; version -= 1) {
    const snapshot = await loadVersion(db, version, log);
    if (snapshot) return snapshot;
  }
  return undefined;
}

/**
 * Takes the newest version when it is newer than this server's: one cheap read of its number,
 * and the document only when it changed. True when the content changed.
 */
export async function refreshFromDatabase(db: Db, live: LiveContent, log: FastifyBaseLogger): Promise<boolean> {
  const latest = await latestVersionNumber(db);
  if (latest === undefined || latest <= live.current().version) return false;
  const snapshot = await loadVersion(db, latest, log);
  return snapshot ? live.adopt(snapshot) : false;
}
