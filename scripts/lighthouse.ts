import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Config, Flags, Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type BudgetResult, checkBudgets } from './budgets.js';
import { launchChrome } from './lighthouse/chrome.js';
import { CATEGORIES, figures, formatValue, median } from './lighthouse/figures.js';
import { type MeasuredPage, writeLighthouseFile } from './lighthouse/markdown.js';
import { misses, summarise } from './lighthouse/report.js';
import { buildRealPhotoSite } from './real-photo-build.js';
import { type BuiltServer, startServer } from '../tests/support/browser/built-server.js';
import { publishHeadline } from './bench/publish.js';
import { errorMessage } from '../src/shared/error-message.js';

// `npm run lighthouse`: a benchmark of the built site with Lighthouse's default mobile emulation
// and throttling (and its desktop preset for the desktop row), three runs per page because single
// runs vary. It measures the demo build, the real-photo build and the same photographs made dark
// and low in detail (where the headline, not the photo, is the largest paint), and prints the
// medians beside the targets. It fails when the real-photo build is over its size budgets, when a
// real or dark page misses a target, and when the measurement itself broke
// (docs/decisions/0015-real-photos-and-first-view.md, 0046-*.md).
// A complete run writes its medians to docs/performance/lighthouse.md (scripts/lighthouse/markdown.ts).

const RUNS = 3;
const PAGES = [
  { name: 'home', path: '/', desktop: false },
  // Each other language's landing page (docs/decisions/0011-languages.md).
  { name: 'home-pt', path: '/pt/', desktop: false },
  { name: 'login', path: '/login', desktop: false },
  { name: 'home-desktop', path: '/', desktop: true },
  // Last: the landing page once the owner has published a version from the editor, rendered by
  // the server from the database (docs/decisions/0023-page-carries-its-content.md).
  { name: 'home-published', path: '/', desktop: false, afterPublish: true },
];
const PASSWORD = 'lighthouse benchmark password';
/** Performance targets: the real photos' mobile score may sit a little below the demo's. */
const PERFORMANCE = { demo: 100, real: 98, dark: 98, desktop: 100 };
type PhotoSetName = 'demo' | 'real' | 'dark';
/** The dark set is there for the landing pages' first paint on a phone: the other pages add nothing. */
const pagesOf = (set: PhotoSetName) =>
  set === 'dark' ? PAGES.filter((p) => p.name === 'home' || p.name === 'home-pt') : PAGES;
const REPORT_DIR = join(import.meta.dirname, '..', 'test-results');

// Run in reverse order at the end, on success, failure or Ctrl-C, so no server, Chrome or
// temporary folder outlives the script.
const cleanups: Array<() => Promise<void>> = [];
async function cleanUp(): Promise<void> {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('clean-up failed:', error);
    }
  }
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the server and Chrome`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// An error thrown outside the awaited chain (an unhandled 'error' event in a dependency) would
// otherwise end the process at once and leave the server running.
process.once('uncaughtException', (error) => {
  console.error('\nlighthouse benchmark failed:', error);
  void cleanUp().finally(() => process.exit(1));
});

async function audit(
  url: string,
  port: number,
  desktop: boolean,
  retry = true,
): Promise<{ lhr: Result; json: string }> {
  // Only the port, the output and the categories are set: form factor, screen emulation and
  // throttling stay Lighthouse's defaults (or its desktop preset) so the figures compare with PageSpeed's.
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags, desktop ? (desktopConfig as Config) : undefined);
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  // A page that failed to load still yields a report, with null scores; that is a broken run.
  if (lhr.runtimeError) {
    // Lighthouse's own trace recording sometimes fails (NO_NAVSTART) on a busy machine: that run
    // is taken once more, and a second failure ends the benchmark.
    if (lhr.runtimeError.code === 'NO_NAVSTART' && retry) return audit(url, port, desktop, false);
    throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  return { lhr, json: typeof result.report === 'string' ? result.report : JSON.stringify(lhr) };
}

async function measure(set: PhotoSetName, server: BuiltServer, port: number): Promise<MeasuredPage[]> {
  const results: MeasuredPage[] = [];
  for (const page of pagesOf(set)) {
    if ('afterPublish' in page)
      await publishHeadline(server.url, PASSWORD, 'A quiet house by the lake, published from the editor');
    const url = new URL(page.path, server.url).href;
    const name = `${set}-${page.name}`;
    const runs: Result[] = [];
    let json = '';
    for (let run = 1; run <= RUNS; run += 1) {
      const start = performance.now();
      const measured = await audit(url, port, page.desktop);
      runs.push(measured.lhr);
      json = measured.json;
      console.log(`${name} ${page.path} run ${run}/${RUNS}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    }
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, `lighthouse-${name}.json`), json);
    results.push({
      name: `${set} photos, ${page.desktop ? 'desktop' : 'mobile'} ${page.name}`,
      url,
      runs,
      figures: figures(page.desktop ? PERFORMANCE.desktop : PERFORMANCE[set]),
      path: page.path,
      photos: set,
      desktop: page.desktop,
    });
  }
  return results;
}

async function main(): Promise<void> {
  const started = new Date();
  const startLoad = loadavg();
  const load = startLoad.map((n) => n.toFixed(2)).join(' ');
  const real = await buildRealPhotoSite('real');
  cleanups.push(real.remove);
  const dark = await buildRealPhotoSite('dark');
  cleanups.push(dark.remove);
  const builds = { real, dark } as const;
  let budgets: BudgetResult | undefined;
  const chrome = await launchChrome();
  cleanups.push(chrome.stop);
  const results: MeasuredPage[] = [];
  // Each on a temporary SQLite file of its own, whatever the test run's database: what production
  // serves, never touching data/. Stopping the server removes the file.
  for (const set of ['demo', 'real', 'dark'] as const) {
    const build = set === 'demo' ? undefined : builds[set];
    const env: Record<string, string> = {
      ADMIN_PASSWORD: PASSWORD,
      ...(build ? { CONTENT_DIR: build.contentDir } : {}),
    };
    const server = await startServer({ database: 'sqlite', env, ...(build ? { entry: build.entry } : {}) });
    console.log(
      `${set} photos: server ${server.url} (pid ${server.process.pid}), Chrome ${chrome.path} on port ${chrome.port}`,
    );
    try {
      // The scripts a phone fetches, counted as `npm test`'s size check counts them.
      if (set === 'real') budgets = await checkBudgets(real.clientDir, 'real-photo', server.url);
      results.push(...(await measure(set, server, chrome.port)));
    } finally {
      await server.stop();
    }
  }

  const first = results[0]?.runs[0];
  const cpuList = cpus();
  const settings = first?.configSettings;
  console.log('\n== Lighthouse benchmark');
  console.log(`  Date        ${started.toISOString()}`);
  console.log(`  CPU         ${cpuList[0]?.model ?? 'unknown'} × ${cpuList.length} (load average at start ${load})`);
  console.log(`  Node        ${process.version}`);
  console.log(`  Lighthouse  ${first?.lighthouseVersion ?? '?'}`);
  console.log(`  Browser     ${chrome.version} (${chrome.path})`);
  // Lighthouse's benchmark index measures this machine's speed during the runs (higher is faster):
  // simulated throttling multiplies the CPU work measured here, so a slow or busy host inflates TBT.
  const index = median(results.flatMap((r) => r.runs.map((lhr) => lhr.environment.benchmarkIndex)));
  const settingsText = `${settings?.formFactor ?? '?'}, throttling ${settings?.throttlingMethod ?? '?'}`;
  console.log(`  Settings    ${settingsText}, benchmark index ${index ?? '?'}`);
  console.log(`  Medians of ${RUNS} runs per page\n`);
  for (const result of results) console.log([...summarise(result), ''].join('\n'));
  console.log(
    `Last JSON report of each page: test-results/lighthouse-{demo,real,dark}-{${PAGES.map((p) => p.name).join(',')}}.json`,
  );

  console.log('\n== Side by side (medians)');
  const keyFigures = [
    'Performance',
    'Accessibility',
    'Best practices',
    'SEO',
    'Largest Contentful Paint',
    'Total Blocking Time',
    'Cumulative Layout Shift',
    'Total bytes transferred',
  ];
  for (const result of results) {
    const cells = result.figures
      .filter((f) => keyFigures.includes(f.label))
      .map((f) => `${f.label} ${formatValue(median(result.runs.map(f.read)), f.unit)}`);
    console.log(`  ${result.name.padEnd(32)} ${cells.join(', ')}`);
  }
  const missed = results
    .filter((r) => r.photos !== 'demo')
    .flatMap((r) => misses(r).map((label) => `${r.name}: ${label}`));
  if (!budgets) throw new Error('The real-photo build was not measured');
  if (budgets.failed > 0) missed.push(`${budgets.failed} size budgets of the real-photo build`);
  const written = writeLighthouseFile({
    started,
    load: startLoad,
    browser: `${chrome.version} (${chrome.path})`,
    lighthouseVersion: first?.lighthouseVersion ?? 'unknown',
    settings: settingsText,
    benchmarkIndex: index,
    runsPerPage: RUNS,
    pages: results,
    budgets,
    missed,
  });
  console.log(`\nThe medians are written to ${written}`);
  if (missed.length > 0) {
    console.log(`\nThe real- and dark-photo builds miss: ${missed.join('; ')}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  // After Ctrl-C the clean-up kills Chrome under Lighthouse's feet; that error is no news.
  if (!interrupted) console.error(`\nlighthouse benchmark failed: ${errorMessage(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
