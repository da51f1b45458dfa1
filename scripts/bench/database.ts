import { randomInt, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/database.js';
import type { NewReviewRow } from '../../src/server/db/schema.js';
import { insertReviewRows } from '../../src/server/reviews/reviews-data.js';
import { createPostgresSchema } from '../../tests/support/server/test-database.js';

// The one place that knows which databases the benchmark runs on; the rest of the benchmark only
// ever sees a DATABASE_URL to hand to the server and a label to print.

export interface BenchDatabase {
  /** Handed to the server as DATABASE_URL. */
  url: string;
  /** Printed in the report's heading. */
  label: string;
  /** Removes what the run created (the SQLite file goes with its folder). */
  drop: () => Promise<void>;
}

/**
 * SQLite in `dir` (a folder deleted afterwards), then, when TEST_DATABASE_URL names a PostgreSQL
 * database, a schema of its own there, dropped afterwards.
 */
export async function benchDatabases(dir: string): Promise<BenchDatabase[]> {
  const sqlite = { url: `file:${join(dir, 'bench.sqlite')}`, label: 'SQLite', drop: async () => undefined };
  const postgres = process.env.TEST_DATABASE_URL;
  if (!postgres) return [sqlite];
  const schema = await createPostgresSchema(postgres);
  return [sqlite, { url: schema.url, label: `PostgreSQL (${new URL(postgres).host})`, drop: schema.drop }];
}

// Big enough that a few transactions seed everything, small enough to stay far below SQLite's
// limit on bound parameters per statement (6 columns × 500 rows = 3 000).
const BATCH_ROWS = 500;
const THREE_YEARS_MS = 3 * 365 * 24 * 60 * 60 * 1000;

/**
 * Fills the database at `databaseUrl` with `count` approved reviews, through the project's own
 * openDatabase so the schema (migrations, indexes) is exactly the server's.
 */
export async function seedReviews(databaseUrl: string, count: number): Promise<void> {
  const db = await openDatabase(databaseUrl);
  try {
    const now = Date.now();
    for (let done = 0; done < count; done += BATCH_ROWS) {
      const rows = Array.from({ length: Math.min(BATCH_ROWS, count - done) }, () => fakeReview(now));
      // One transaction per batch: one commit per 500 rows instead of one per row.
      await insertReviewRows(db, rows);
    }
  } finally {
    await db.destroy();
  }
}

const FIRST_NAMES = [
  'Ana',
  'João',
  'Maria',
  'Pedro',
  'Sofia',
  'Tiago',
  'Emma',
  'Lukas',
  'Chloé',
  'Liam',
  'Inês',
  'Rui',
  'Hannah',
  'Marco',
  'Julia',
];
const LAST_INITIALS = ['S.', 'M.', 'F.', 'R.', 'C.', 'P.', 'G.', 'L.', 'B.', 'K.'];
const SENTENCES = [
  'The house is right by the water and the view from the terrace is wonderful.',
  'We swam in the reservoir every morning.',
  'The kitchen had everything we needed for cooking with the kids.',
  'Beds were comfortable and the rooms were spotless when we arrived.',
  'Check-in was easy and the owner answered every question within minutes.',
  'Tomar and the Convent of Christ are a short drive away and well worth it.',
  'Evenings on the deck watching the sunset were the highlight of our week.',
  'A little hard to find in the dark, but the directions were clear.',
  'Quiet, green and peaceful: exactly what we were looking for.',
  'We would happily come back next summer.',
  'The kayaks were a lovely extra.',
  'Wi-Fi was good enough for a couple of video calls.',
];

function fakeReview(now: number): NewReviewRow {
  return {
    id: randomUUID(),
    clientName: `${pick(FIRST_NAMES)} ${pick(LAST_INITIALS)}`,
    rating: randomInt(1, 6),
    comment: fakeComment(randomInt(50, 401)),
    isApproved: 1,
    createdAt: new Date(now - randomInt(0, THREE_YEARS_MS)).toISOString(),
  };
}

/** Whole sentences up to about `length` characters, cut at a word so it still reads as text. */
function fakeComment(length: number): string {
  let text = '';
  while (text.length < length) text += (text ? ' ' : '') + pick(SENTENCES);
  if (text.length <= length) return text;
  const cut = text.lastIndexOf(' ', length);
  return cut >= 50 ? text.slice(0, cut) : text.slice(0, length);
}

function pick<T>(items: readonly T[]): T {
  const item = items[randomInt(0, items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
