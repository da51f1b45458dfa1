import { cpus, loadavg } from 'node:os';
import type { LoadFigures, LoadOptions } from './load.js';
import type { SubmissionFigures } from './requests.js';

// The targets of the performance issue, printed beside the figures for the reader. They are
// information only: the benchmark never fails because one is missed.
export const TARGETS = {
  ratioMin: 0.5,
  getP99MaxMs: 20,
  /** "The deep page as fast as the first": its req/s at least this share of the first page's. */
  deepShareMin: 0.9,
  submitP99MaxMs: 50,
  importMaxMs: 1000,
} as const;

export interface BenchFigures {
  databaseLabel: string;
  load: LoadOptions;
  deepDepth: number;
  firstPage: LoadFigures;
  deepPage: LoadFigures;
  healthz: LoadFigures;
  availability: LoadFigures;
  /** A stay's price, with the content file's prices in place. */
  quote: LoadFigures;
  /** The landing page and its hero photo, as the real-photo build serves them. */
  landing: LoadFigures;
  /** The same page after a publish, rendered from the database's new version, from memory. */
  landingPublished: LoadFigures;
  /** The same page from the build's prerendered files (CONTENT_SOURCE=files). */
  landingFiles: LoadFigures;
  hero: LoadFigures;
  reviews: SubmissionFigures;
  inquiries: SubmissionFigures;
  /** The sync button on a 2,000-event feed, each run a full import. */
  feedImport: SubmissionFigures;
}

const ROUTE_WIDTH = 40;

const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const row = (route: string, ...cells: string[]) => route.padEnd(ROUTE_WIDTH) + cells.join('');

function problems(figures: LoadFigures): number {
  return figures.errors + figures.non2xx;
}

function loadRow(route: string, figures: LoadFigures, targets: string): string {
  const bad = problems(figures);
  return row(
    route,
    Math.round(figures.requestsPerSecond).toString().padStart(7),
    ms(figures.p50Ms).padStart(10),
    ms(figures.p99Ms).padStart(9),
    (bad === 0 ? '0' : `${bad} !!`).padStart(9),
    '   ',
    targets,
  );
}

function submissionRow(route: string, figures: SubmissionFigures): string {
  const summary = `p50 ${ms(figures.p50Ms)} ms, p99 ${ms(figures.p99Ms)} ms, max ${ms(figures.maxMs)} ms`;
  const failed = figures.failures.length === 0 ? '' : `, ${figures.failures.length} FAILED !!`;
  return row(
    route,
    `${summary}${failed}`.padEnd(38),
    `   p99 ≤ ${TARGETS.submitP99MaxMs} ms: ${verdict(figures.p99Ms <= TARGETS.submitP99MaxMs)}`,
  );
}

function loadProblemLines(route: string, figures: LoadFigures): string[] {
  if (problems(figures) === 0) return [];
  const codes = Object.entries(figures.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${code}×${count}`)
    .join(', ');
  return [
    `!! ${route}: ${figures.errors} connection errors (${figures.timeouts} timeouts), ${figures.non2xx} non-2xx answers${codes ? ` (${codes})` : ''}`,
  ];
}

/** True when every request of the run was answered as expected. */
export function allAnswered(f: BenchFigures): boolean {
  return (
    [
      f.firstPage,
      f.deepPage,
      f.healthz,
      f.availability,
      f.quote,
      f.landing,
      f.landingPublished,
      f.landingFiles,
      f.hero,
    ].every((l) => problems(l) === 0) && [f.reviews, f.inquiries, f.feedImport].every((s) => s.failures.length === 0)
  );
}

export function formatReport(f: BenchFigures, startLoad: readonly number[] = loadavg()): string {
  const cpu = cpus();
  const firstRatio = f.firstPage.requestsPerSecond / f.healthz.requestsPerSecond;
  const deepRatio = f.deepPage.requestsPerSecond / f.healthz.requestsPerSecond;
  const availabilityRatio = f.availability.requestsPerSecond / f.healthz.requestsPerSecond;
  const deepShare = f.deepPage.requestsPerSecond / f.firstPage.requestsPerSecond;
  const getTarget = (l: LoadFigures) => `p99 ≤ ${TARGETS.getP99MaxMs} ms: ${verdict(l.p99Ms <= TARGETS.getP99MaxMs)}`;
  const depth = f.deepDepth.toLocaleString('en-GB').replace(',', ' ');
  const lines = [
    `Estadia API benchmark — ${new Date().toISOString()}, ${cpu[0]?.model.trim() ?? 'unknown CPU'} × ${cpu.length} cores, Node ${process.version}, ${f.databaseLabel}`,
    `GET routes: ${f.load.connections} connections, ${f.load.seconds} s measured after a ${f.load.warmUpSeconds} s warm-up; load average before the runs ${startLoad.map((l) => l.toFixed(2)).join(' / ')} (1/5/15 min)`,
    '',
    row(
      'route',
      'req/s'.padStart(7),
      'p50 ms'.padStart(10),
      'p99 ms'.padStart(9),
      'errors'.padStart(9),
      '   ',
      'target (issue)',
    ),
    loadRow('GET /api/reviews?limit=6', f.firstPage, getTarget(f.firstPage)),
    loadRow(
      `GET /api/reviews (deep page, ${depth} in)`,
      f.deepPage,
      `${getTarget(f.deepPage)}; as fast as the first page (≥ ${TARGETS.deepShareMin * 100} % of its req/s, is ${Math.round(deepShare * 100)} %): ${verdict(deepShare >= TARGETS.deepShareMin)}`,
    ),
    loadRow('GET /healthz', f.healthz, getTarget(f.healthz)),
    row(
      'ratio reviews / healthz',
      `first page ${firstRatio.toFixed(2)}, deep page ${deepRatio.toFixed(2)}`.padEnd(38),
      `   ≥ ${TARGETS.ratioMin}: first page ${verdict(firstRatio >= TARGETS.ratioMin)}, deep page ${verdict(deepRatio >= TARGETS.ratioMin)}`,
    ),
    loadRow('GET /api/availability (18 months)', f.availability, getTarget(f.availability)),
    row(
      'ratio availability / healthz',
      availabilityRatio.toFixed(2).padEnd(38),
      `   ≥ ${TARGETS.ratioMin}: ${verdict(availabilityRatio >= TARGETS.ratioMin)}`,
    ),
    loadRow('GET /api/quote (a 7-night stay)', f.quote, getTarget(f.quote)),
    loadRow('GET / (real photos, brotli)', f.landing, getTarget(f.landing)),
    loadRow('GET / after a publish', f.landingPublished, getTarget(f.landingPublished)),
    loadRow('GET / from the files (CONTENT_SOURCE)', f.landingFiles, getTarget(f.landingFiles)),
    loadRow('GET the hero AVIF (real photos)', f.hero, getTarget(f.hero)),
    submissionRow(`POST /api/reviews   ×${f.reviews.count} sequential`, f.reviews),
    submissionRow(`POST /api/inquiries ×${f.inquiries.count} sequential`, f.inquiries),
    row(
      `feed import (2 000 events) ×${f.feedImport.count}`,
      `p50 ${ms(f.feedImport.p50Ms)} ms, max ${ms(f.feedImport.maxMs)} ms`.padEnd(38),
      `   < ${TARGETS.importMaxMs} ms: ${verdict(f.feedImport.maxMs < TARGETS.importMaxMs)}`,
    ),
  ];
  const issues = [
    ...loadProblemLines('GET /api/reviews?limit=6', f.firstPage),
    ...loadProblemLines('GET /api/reviews (deep page)', f.deepPage),
    ...loadProblemLines('GET /healthz', f.healthz),
    ...loadProblemLines('GET /api/availability', f.availability),
    ...loadProblemLines('GET /api/quote', f.quote),
    ...loadProblemLines('GET /', f.landing),
    ...loadProblemLines('GET / after a publish', f.landingPublished),
    ...loadProblemLines('GET / from the files', f.landingFiles),
    ...loadProblemLines('GET the hero AVIF', f.hero),
    ...f.feedImport.failures.map((line) => `!! feed import ${line}`),
    ...f.reviews.failures.map((line) => `!! POST /api/reviews ${line}`),
    ...f.inquiries.failures.map((line) => `!! POST /api/inquiries ${line}`),
  ];
  if (issues.length > 0) lines.push('', 'Requests that did not get the expected answer:', ...issues);
  return lines.join('\n');
}

/** The same routes on each database, side by side. */
export function formatComparison(runs: BenchFigures[]): string {
  const width = Math.max(26, ...runs.map((f) => f.databaseLabel.length)) + 3;
  const cell = (text: string) => text.padStart(width);
  const load = (l: LoadFigures) => cell(`${Math.round(l.requestsPerSecond)} req/s, p99 ${ms(l.p99Ms)} ms`);
  const submit = (f: SubmissionFigures) => cell(`p50 ${ms(f.p50Ms)}, p99 ${ms(f.p99Ms)} ms`);
  const line = (route: string, pick: (f: BenchFigures) => string) => row(route, ...runs.map(pick));
  return [
    'Side by side',
    row('route', ...runs.map((f) => cell(f.databaseLabel))),
    line('GET /api/reviews?limit=6', (f) => load(f.firstPage)),
    line('GET /api/reviews (deep page)', (f) => load(f.deepPage)),
    line('GET /healthz', (f) => load(f.healthz)),
    line('GET /api/availability (18 months)', (f) => load(f.availability)),
    line('GET /api/quote', (f) => load(f.quote)),
    line('GET / (real photos)', (f) => load(f.landing)),
    line('GET / after a publish', (f) => load(f.landingPublished)),
    line('GET / from the files', (f) => load(f.landingFiles)),
    line('GET the hero AVIF (real photos)', (f) => load(f.hero)),
    line('feed import (2 000 events)', (f) => cell(`p50 ${ms(f.feedImport.p50Ms)}, max ${ms(f.feedImport.maxMs)} ms`)),
    line(`POST /api/reviews   ×${runs[0]?.reviews.count ?? 0}`, (f) => submit(f.reviews)),
    line(`POST /api/inquiries ×${runs[0]?.inquiries.count ?? 0}`, (f) => submit(f.inquiries)),
  ].join('\n');
}
