import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from '../src/shared/date-ranges.js';
import { performance } from 'node:perf_hooks';
import {
  AVAILABILITY_RANGES,
  availabilityWindow,
  IMPORT_EVENTS,
  seedCalendar,
  timeFeedImport,
} from './bench/calendar.js';
import { type BenchDatabase, benchDatabases, seedReviews } from './bench/database.js';
import { type LoadOptions, measureLoad } from './bench/load.js';
import { writeBenchFile } from './bench/markdown.js';
import { allAnswered, type BenchFigures, formatComparison, formatReport } from './bench/report.js';
import { publishHeadline } from './bench/publish.js';
import { countItems, findDeepCursor, timeSubmissions } from './bench/requests.js';
import { buildRealPhotoSite, type RealPhotoBuild } from './real-photo-build.js';
import { type BuiltServer, startServer } from '../tests/support/browser/built-server.js';
import { errorMessage } from '../src/shared/error-message.js';

// `npm run bench`: figures for the API of the real built server, printed for a person to read.
// The server serves the real-photo build (docs/decisions/0015-real-photos-and-first-view.md),
// with the demo content's prices, so the landing page, a photo and a quote are measured as well.
// It asserts nothing about speed; it exits non-zero only when something broke (the server did
// not start, or requests were not answered as expected). Only 127.0.0.1 is ever targeted.
// A run in which every request was answered writes its figures to docs/performance/bench.md.

const REVIEW_COUNT = 10_000;
const DEEP_DEPTH = 9_900;
const SUBMISSIONS = 100;
const BENCH_PASSWORD = 'bench admin password';
const LOAD: LoadOptions = { connections: 100, warmUpSeconds: 3, seconds: 10 };
// Everything above is bounded already; this is the backstop if something hangs anyway.
const OVERALL_TIMEOUT_MS = 10 * 60_000;

const log = (line: string) => console.log(`[bench] ${line}`);

async function main(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-bench-'));
  let databases: BenchDatabase[] = [];
  let server: BuiltServer | undefined;
  let site: RealPhotoBuild | undefined;
  const cleanUp = async () => {
    await server?.stop();
    await site?.remove();
    for (const database of databases) await database.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  // Leaves nothing behind (server process, temp folder, PostgreSQL schema) when the run is cut short.
  const abort = (reason: string, code: number) => {
    console.error(`[bench] ${reason}: stopping`);
    void cleanUp().finally(() => process.exit(code));
  };
  const watchdog = setTimeout(
    () => abort(`still running after ${OVERALL_TIMEOUT_MS / 60_000} minutes`, 1),
    OVERALL_TIMEOUT_MS,
  );
  watchdog.unref();
  process.once('SIGINT', () => abort('interrupted', 130));

  try {
    site = await buildRealPhotoSite();
    databases = await benchDatabases(dir);
    if (databases.length === 1) log('no PostgreSQL run: set TEST_DATABASE_URL to a PostgreSQL database to add one');
    const started = new Date();
    const startLoad = loadavg();
    const runs: BenchFigures[] = [];
    for (const database of databases) {
      runs.push(
        await runOn(database, site, (started) => {
          server = started;
        }),
      );
      await server?.stop();
      server = undefined;
    }
    for (const figures of runs) console.log(`\n${formatReport(figures, startLoad)}`);
    if (runs.length > 1) console.log(`\n${formatComparison(runs)}`);
    console.log('');
    const ok = runs.every(allAnswered);
    if (ok) log(`figures written to ${writeBenchFile(started, startLoad, runs)}`);
    else console.error('[bench] some requests were not answered as expected (see !! above): bench.md not written');
    return ok;
  } finally {
    await cleanUp();
    log('server stopped, temporary data removed');
    clearTimeout(watchdog);
  }
}

/** `GET /` from a server that serves the build's prerendered files, for comparison. */
async function landingFromFiles(database: BenchDatabase, site: RealPhotoBuild) {
  const files = await startServer({
    entry: site.entry,
    env: {
      DATABASE_URL: database.url,
      CONTENT_DIR: site.contentDir,
      CONTENT_SOURCE: 'files',
      ADMIN_PASSWORD: BENCH_PASSWORD,
    },
  });
  try {
    return await measureLoad(`${files.url}/`, { ...LOAD, headers: { 'accept-encoding': 'br' } });
  } finally {
    await files.stop();
  }
}

/** Seeds `database`, starts the built server on it and measures every route. */
async function runOn(
  database: BenchDatabase,
  site: RealPhotoBuild,
  onStart: (server: BuiltServer) => void,
): Promise<BenchFigures> {
  log(`— ${database.label} —`);
  let started = performance.now();
  await seedReviews(database.url, REVIEW_COUNT);
  await seedCalendar(database.url);
  log(
    `seeded ${REVIEW_COUNT} approved reviews and ${AVAILABILITY_RANGES} taken ranges into ${database.label} in ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );

  // As in production but with the submission limit raised, so the rate limiter never answers
  // instead of the route, and no SMTP_URL: no mail server in the figures.
  // Feeds may be served from 127.0.0.1, where the benchmark's own feed server listens.
  const server = await startServer({
    entry: site.entry,
    env: {
      DATABASE_URL: database.url,
      CONTENT_DIR: site.contentDir,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      SUBMISSIONS_PER_WINDOW: '100000',
      CALENDAR_ALLOW_PRIVATE_HOSTS: 'true',
    },
  });
  onStart(server);
  log(`server pid ${server.process.pid ?? '?'} answering on ${server.url}`);
  const base = server.url;

  started = performance.now();
  const cursor = await findDeepCursor(base, DEEP_DEPTH);
  log(`walked ${DEEP_DEPTH} reviews through the API in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  const deepPath = `/api/reviews?limit=6&cursor=${encodeURIComponent(cursor)}`;
  // An empty or failing deep page would be fast for the wrong reason.
  const deepItems = await countItems(`${base}${deepPath}`);
  if (deepItems !== 6) throw new Error(`the deep page holds ${deepItems} reviews, not 6`);

  log('GET /api/reviews?limit=6 …');
  const firstPage = await measureLoad(`${base}/api/reviews?limit=6`, LOAD);
  log('GET /api/reviews deep page …');
  const deepPage = await measureLoad(`${base}${deepPath}`, LOAD);
  log('GET /healthz …');
  const healthz = await measureLoad(`${base}/healthz`, LOAD);
  const { from, to } = availabilityWindow();
  log(`GET /api/availability for 18 months (${AVAILABILITY_RANGES} ranges stored) …`);
  const availability = await measureLoad(`${base}/api/availability?from=${from}&to=${to}`, LOAD);
  const stay = quoteStayWindow();
  log(`GET /api/quote for ${stay.checkIn} to ${stay.checkOut} …`);
  const quote = await measureLoad(`${base}/api/quote?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=4`, LOAD);
  log('GET / and the hero photo of the real-photo build …');
  const landing = await measureLoad(`${base}/`, { ...LOAD, headers: { 'accept-encoding': 'br' } });
  const hero = await measureLoad(`${base}${await heroPath(base)}`, LOAD);
  log('GET / after a publish (rendered from the new version, served from memory) …');
  await publishHeadline(base, BENCH_PASSWORD, 'A house by the lake, published for the benchmark');
  const landingPublished = await measureLoad(`${base}/`, { ...LOAD, headers: { 'accept-encoding': 'br' } });
  log("GET / from the build's files (CONTENT_SOURCE=files), on a second server …");
  const landingFiles = await landingFromFiles(database, site);
  log(`importing a ${IMPORT_EVENTS}-event feed through the sync button …`);
  const feedImport = await timeFeedImport(base, BENCH_PASSWORD);

  log(`${SUBMISSIONS} review and ${SUBMISSIONS} inquiry submissions, one at a time …`);
  const reviews = await timeSubmissions(`${base}/api/reviews`, SUBMISSIONS, 201, (i) => ({
    clientName: `Bench guest ${i + 1}`,
    rating: (i % 5) + 1,
    comment: 'A calm week by the lake: the terrace, the swimming and the sunsets were all we hoped for.',
  }));
  const inquiries = await timeSubmissions(`${base}/api/inquiries`, SUBMISSIONS, 202, (i) => ({
    name: `Bench guest ${i + 1}`,
    email: `guest${i + 1}@example.com`,
    guests: (i % 7) + 1,
    message: 'We would like to stay a week next summer with two children. Is the house free in July?',
  }));
  const figures = {
    databaseLabel: database.label,
    load: LOAD,
    deepDepth: DEEP_DEPTH,
    firstPage,
    deepPage,
    healthz,
    availability,
    quote,
    landing,
    landingPublished,
    landingFiles,
    hero,
    reviews,
    inquiries,
    feedImport,
  };
  if (!allAnswered(figures))
    console.error(`[bench] server output on ${database.label}:\n${server.output() || '(none)'}`);
  return figures;
}

/** A week starting 60 days from today: inside the window the prices cover. */
function quoteStayWindow(): { checkIn: string; checkOut: string } {
  const today = new Date().toISOString().slice(0, 10);
  return { checkIn: addDays(today, 60), checkOut: addDays(today, 67) };
}

/** The 800 px hero AVIF the landing page preloads: what a phone fetches first. */
async function heroPath(base: string): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const set = /<link rel="preload" as="image" type="image\/avif"[^>]*imagesrcset="([^"]+)"/.exec(html)?.[1] ?? '';
  const path = set
    .split(', ')
    .find((entry) => entry.endsWith(' 800w'))
    ?.split(' ')[0];
  if (!path) throw new Error('the landing page preloads no 800 px hero AVIF');
  return path;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error('[bench] failed:', errorMessage(error));
    process.exit(1);
  },
);
