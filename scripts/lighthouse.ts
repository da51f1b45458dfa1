import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Flags, Result } from 'lighthouse';
import { launchChrome } from './lighthouse/chrome.js';
import { CATEGORIES, median } from './lighthouse/figures.js';
import { summarise, type UrlResults } from './lighthouse/report.js';
import { startServer } from '../tests/support/built-server.js';

// `npm run lighthouse`: a benchmark, not a test. It measures the built site with Lighthouse's
// default mobile emulation and throttling, three runs per page because single runs vary, and
// prints the medians beside the issue's targets. It fails only when the measurement itself broke.

const RUNS = 3;
const PAGES = [
  { name: 'home', path: '/' },
  // Each other language's landing page (docs/decisions/0011-languages.md).
  { name: 'home-pt', path: '/pt/' },
  { name: 'login', path: '/login' },
];
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

async function audit(url: string, port: number): Promise<{ lhr: Result; json: string }> {
  // Only the port, the output and the categories are set: form factor, screen emulation and
  // throttling stay Lighthouse's defaults so the figures compare with PageSpeed's mobile ones.
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  // A page that failed to load still yields a report, with null scores; that is a broken run.
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return { lhr, json: typeof result.report === 'string' ? result.report : JSON.stringify(lhr) };
}

async function main(): Promise<void> {
  const started = new Date();
  const load = loadavg().map((n) => n.toFixed(2)).join(' ');
  // On a temporary SQLite file of its own, whatever the test run's database: what production serves,
  // never touching data/. Stopping the server removes the file.
  const server = await startServer({ database: 'sqlite', env: { ADMIN_PASSWORD: 'lighthouse benchmark password' } });
  cleanups.push(server.stop);
  const chrome = await launchChrome();
  cleanups.push(chrome.stop);
  console.log(`server ${server.url} (pid ${server.process.pid}), Chrome ${chrome.path} on port ${chrome.port}`);

  const results: UrlResults[] = [];
  for (const page of PAGES) {
    const url = new URL(page.path, server.url).href;
    const runs: Result[] = [];
    let json = '';
    for (let run = 1; run <= RUNS; run += 1) {
      const start = performance.now();
      const measured = await audit(url, chrome.port);
      runs.push(measured.lhr);
      json = measured.json;
      console.log(`${page.path} run ${run}/${RUNS}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    }
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, `lighthouse-${page.name}.json`), json);
    results.push({ name: page.name, url, runs });
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
  console.log(`  Settings    ${settings?.formFactor ?? '?'}, throttling ${settings?.throttlingMethod ?? '?'}, benchmark index ${index ?? '?'}`);
  console.log(`  Medians of ${RUNS} runs per page; targets are information only\n`);
  for (const result of results) console.log([...summarise(result), ''].join('\n'));
  console.log(`Last JSON report of each page: ${PAGES.map((p) => join('test-results', `lighthouse-${p.name}.json`)).join(', ')}`);
  const serverLog = server.output().trim();
  if (serverLog) console.log(`\nServer warnings and errors:\n${serverLog}`);
}

try {
  await main();
} catch (error) {
  // After Ctrl-C the clean-up kills Chrome under Lighthouse's feet; that error is no news.
  if (!interrupted) console.error(`\nlighthouse benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
