import { machineLines, markdownTable, writeFigureFile } from '../performance-file.js';
import type { BookingFigures } from './bookings.js';
import type { LoadFigures } from './load.js';
import { type BenchFigures, TARGETS } from './report.js';
import type { SubmissionFigures } from './requests.js';

// docs/performance/bench.md and bench-bookings.md: the figures `npm run bench` prints, as tables,
// written at the end of every run in which each request was answered as expected.

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const met = (ok: boolean) => (ok ? 'met' : 'missed');
const reqs = (figures: LoadFigures) => Math.round(figures.requestsPerSecond).toLocaleString('en-GB');

const HEAD = ['Route', 'req/s', 'p50', 'p99', 'max', 'Errors', 'Target'];

function loadRow(route: string, figures: LoadFigures, target = ''): string[] {
  const getTarget = `p99 ≤ ${TARGETS.getP99MaxMs} ms: ${met(figures.p99Ms <= TARGETS.getP99MaxMs)}`;
  const errors = figures.errors + figures.non2xx;
  return [route, reqs(figures), ms(figures.p50Ms), ms(figures.p99Ms), '', String(errors), `${getTarget}${target}`];
}

function timedRow(route: string, figures: SubmissionFigures, target: string): string[] {
  return [route, '', ms(figures.p50Ms), ms(figures.p99Ms), ms(figures.maxMs), String(figures.failures.length), target];
}

function databaseSection(f: BenchFigures): string[] {
  const ratio = (figures: LoadFigures) => figures.requestsPerSecond / f.healthz.requestsPerSecond;
  const deepShare = f.deepPage.requestsPerSecond / f.firstPage.requestsPerSecond;
  const ratios = [
    ['the first page of reviews', ratio(f.firstPage)],
    ['the deep page of reviews', ratio(f.deepPage)],
    ['the availability', ratio(f.availability)],
  ] as const;
  const submitTarget = (figures: SubmissionFigures) =>
    `p99 ≤ ${TARGETS.submitP99MaxMs} ms: ${met(figures.p99Ms <= TARGETS.submitP99MaxMs)}`;
  return [
    `## ${f.databaseLabel}`,
    '',
    ...markdownTable(HEAD, [
      loadRow('`GET /api/reviews?limit=6`', f.firstPage),
      loadRow(
        `\`GET /api/reviews\`, the page ${f.deepDepth.toLocaleString('en-GB')} reviews in`,
        f.deepPage,
        `; ≥ ${TARGETS.deepShareMin * 100} % of the first page's req/s (${Math.round(deepShare * 100)} %): ${met(deepShare >= TARGETS.deepShareMin)}`,
      ),
      loadRow('`GET /healthz`', f.healthz),
      loadRow('`GET /api/availability`, 18 months', f.availability),
      loadRow('`GET /api/quote`, a 7-night stay', f.quote),
      loadRow('`GET /` (real photos, brotli)', f.landing),
      loadRow('`GET /` after a publish (rendered from the database, served from memory)', f.landingPublished),
      loadRow("`GET /` from the build's files (`CONTENT_SOURCE=files`)", f.landingFiles),
      loadRow('`GET` the hero AVIF (real photos)', f.hero),
      timedRow(`\`POST /api/reviews\` ×${f.reviews.count}, one at a time`, f.reviews, submitTarget(f.reviews)),
      timedRow(`\`POST /api/inquiries\` ×${f.inquiries.count}, one at a time`, f.inquiries, submitTarget(f.inquiries)),
      timedRow(
        `2,000-event feed import ×${f.feedImport.count}`,
        f.feedImport,
        `max < ${TARGETS.importMaxMs} ms: ${met(f.feedImport.maxMs < TARGETS.importMaxMs)}`,
      ),
    ]),
    '',
    `Requests per second against \`GET /healthz\`'s (target at least ${TARGETS.ratioMin}): ` +
      ratios.map(([what, value]) => `${what} ${value.toFixed(2)} (${met(value >= TARGETS.ratioMin)})`).join(', ') +
      '.',
    '',
  ];
}

const loadCell = (figures: LoadFigures) => `${reqs(figures)} req/s, p99 ${ms(figures.p99Ms)}`;
const timedCell = (figures: SubmissionFigures) => `p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}`;

/** The rows of the table that sets the databases side by side, as the script prints it. */
const SIDE_BY_SIDE: Array<[string, (f: BenchFigures) => string]> = [
  ['`GET /api/reviews?limit=6`', (f) => loadCell(f.firstPage)],
  ['`GET /api/reviews`, deep page', (f) => loadCell(f.deepPage)],
  ['`GET /healthz`', (f) => loadCell(f.healthz)],
  ['`GET /api/availability`', (f) => loadCell(f.availability)],
  ['`GET /api/quote`', (f) => loadCell(f.quote)],
  ['`GET /`', (f) => loadCell(f.landing)],
  ['`GET /` after a publish', (f) => loadCell(f.landingPublished)],
  ['`GET /` from the files', (f) => loadCell(f.landingFiles)],
  ['`GET` the hero AVIF', (f) => loadCell(f.hero)],
  ['2,000-event feed import', (f) => `p50 ${ms(f.feedImport.p50Ms)}, max ${ms(f.feedImport.maxMs)}`],
  ['`POST /api/reviews`', (f) => timedCell(f.reviews)],
  ['`POST /api/inquiries`', (f) => timedCell(f.inquiries)],
];

/** Writes docs/performance/bench.md from the runs of scripts/bench.ts; returns its path. */
export function writeBenchFile(started: Date, startLoad: readonly number[], runs: BenchFigures[]): string {
  const settings = runs[0]?.load;
  const sideBySide =
    runs.length > 1
      ? [
          '## Side by side',
          '',
          ...markdownTable(
            ['Route', ...runs.map((f) => f.databaseLabel)],
            SIDE_BY_SIDE.map(([route, cell]) => [route, ...runs.map(cell)]),
          ),
          '',
        ]
      : [];
  return writeFigureFile({
    file: 'bench.md',
    title: 'API benchmark figures',
    command: 'npm run bench',
    script: 'scripts/bench.ts',
    body: [
      `- Date: ${started.toISOString()} (the start of the run)`,
      ...machineLines(startLoad),
      '- Server: the real-photo build, on each database in turn',
      settings
        ? `- GET routes: ${settings.connections} connections, ${settings.seconds} s measured after a ${settings.warmUpSeconds} s warm-up`
        : '- GET routes: no run',
      '- Errors: connection errors and answers other than 2xx; for the timed rows, answers other than the one expected',
      '',
      ...runs.flatMap(databaseSection),
      ...sideBySide,
    ],
  });
}

/** Writes docs/performance/bench-bookings.md from the runs of scripts/bench-bookings.ts; returns its path. */
export function writeBookingsFile(started: Date, load: readonly number[], runs: BookingFigures[]): string {
  return writeFigureFile({
    file: 'bench-bookings.md',
    title: 'Direct booking benchmark figures',
    command: 'npm run bench',
    script: 'scripts/bench-bookings.ts, also run alone by `npm run bench:bookings`',
    body: [
      `- Date: ${started.toISOString()} (the start of the run)`,
      ...machineLines(load),
      '- On each database, stays booked several at a time, each paid by card through the fake Stripe; the app runs',
      '  in the same process, over HTTP on 127.0.0.1. scripts/bench/bookings.ts sets how many stays and how many at once',
      '',
      ...markdownTable(
        [
          'Database',
          '`POST /api/bookings` p50',
          'p99',
          'Payment to webhook answered, p50',
          'p99',
          'Bookings per second',
          'Not confirmed',
        ],
        runs.map((f) => [
          f.label,
          ms(f.bookP50),
          ms(f.bookP99),
          ms(f.webhookP50),
          ms(f.webhookP99),
          f.perSecond.toFixed(1),
          String(f.failures),
        ]),
      ),
    ],
  });
}
