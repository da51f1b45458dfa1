import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchDatabase, benchDatabases } from './bench/database.js';
import { type BookingFigures, benchBookings, formatBookingFigures } from './bench/bookings.js';
import { writeBookingsFile } from './bench/markdown.js';

// Part of `npm run bench`: direct booking's figures on SQLite and, with TEST_DATABASE_URL, on
// PostgreSQL. Prints figures; asserts nothing about speed; exits non-zero only when bookings failed.
// Only 127.0.0.1 is targeted, and the run stops by itself after a bounded number of bookings.
// A run in which every booking was confirmed writes its figures to docs/performance/bench-bookings.md.

const OVERALL_TIMEOUT_MS = 5 * 60_000;

async function main(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-bench-'));
  let databases: BenchDatabase[] = [];
  const watchdog = setTimeout(() => {
    console.error('[bench] bookings still running after 5 minutes: stopping');
    process.exit(1);
  }, OVERALL_TIMEOUT_MS).unref();
  try {
    databases = await benchDatabases(dir);
    const started = new Date();
    const load = loadavg();
    let ok = true;
    const runs: BookingFigures[] = [];
    for (const database of databases) {
      const figures = await benchBookings(database);
      console.log(`\n${formatBookingFigures(figures)}`);
      runs.push(figures);
      ok &&= figures.failures === 0;
    }
    console.log(`\n(load average at the start: ${load.map((n) => n.toFixed(2)).join(', ')} on this machine)\n`);
    if (ok) console.log(`[bench] figures written to ${writeBookingsFile(started, load, runs)}`);
    else console.error('[bench] docs/performance/bench-bookings.md left as it was: some bookings were not confirmed');
    return ok;
  } finally {
    for (const database of databases) await database.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
