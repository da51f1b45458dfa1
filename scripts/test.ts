import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { BROWSER_FIX, TEST_BROWSER_PATH, browserIsThere } from './browser-path.js';
import { slowestFiles } from './slowest-files.js';
import { ensureTestTools } from './test-tools.js';

// `npm test`: every check and every test runner, then one line that sums them all. Each step runs
// even when an earlier one failed (except the size budgets and browser tests, which need a build),
// so a single run shows everything that is wrong.

interface Tally {
  passed: number;
  failed: number;
}
const total: Tally = { passed: 0, failed: 0 };
const failures: string[] = [];

// The tests' temporary databases, servers' folders and browser profiles go to memory where the
// machine has it: SQLite syncs every commit to disk (synchronous = FULL), and thousands of test
// commits waited on the shared disk. Every child process inherits it.
if (!process.env.TMPDIR && existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';
mkdirSync('test-results', { recursive: true });
// The slowest files are read from this run's reports only.
for (const report of ['vitest.json', 'playwright.json']) rmSync(`test-results/${report}`, { force: true });

// What the tests need beyond Node and npm (Chromium, Java, Caddy…): installed here when this runs
// as root with apt, as CI does; otherwise named with the command that installs it, and nothing runs.
function stop(why: string): never {
  console.log(why);
  writeFileSync('test-results/summary.txt', '0 passed, 1 failed\n');
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
if (!ensureTestTools()) stop('npm test stopped before running anything.');
if (!browserIsThere(TEST_BROWSER_PATH))
  stop(`No browser for the browser tests: ${TEST_BROWSER_PATH} is missing; ${BROWSER_FIX}.`);

/** Each step's wall-clock seconds, printed before the summary: where the run's time goes. */
const durations: [string, number][] = [];
const runStarted = performance.now();

function add(label: string, tally: Tally) {
  total.passed += tally.passed;
  total.failed += tally.failed;
  if (tally.failed > 0) failures.push(`${label}: ${tally.failed} failed`);
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * Runs one step. Its output is printed whole, under its header, when it ends, so steps that run
 * side by side do not interleave; `live` prints as it goes instead (the longest step).
 */
function run(label: string, command: string, args: string[], live = false): Promise<boolean> {
  return new Promise((resolve) => {
    const started = performance.now();
    const header = `\n=== ${label}: ${command} ${args.join(' ')}`;
    if (live) console.log(`${header} (printed as it runs)`);
    const child = spawn(command, args, {
      env: { ...process.env, FORCE_COLOR: live && !process.env.CI ? '1' : '0' },
      stdio: live ? 'inherit' : 'pipe',
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      durations.push([label, (performance.now() - started) / 1000]);
      console.log(live ? `\n=== ${label}: done` : `${header}\n${output.trimEnd()}`);
      resolve(code === 0);
    });
  });
}

async function check(label: string, command: string, args: string[]): Promise<boolean> {
  const ok = await run(label, command, args);
  add(label, ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  return ok;
}

/** A test runner's step: its tests are counted from its JSON report. */
async function runner(label: string, args: string[], report: string, count: (json: never) => Tally, live = false) {
  const ok = await run(label, 'npx', args, live);
  const json = readJson<never>(report);
  const tally = json ? count(json) : { passed: 0, failed: 0 };
  // A runner that failed without reporting a failing test (crash, no tests found) still counts as one failure.
  if (!ok && tally.failed === 0) tally.failed = 1;
  if (ok && tally.passed === 0) tally.failed += 1;
  add(label, tally);
}

const vitestTally = (json: { numPassedTests: number; numFailedTests: number }) => ({
  passed: json.numPassedTests,
  failed: json.numFailedTests,
});
const playwrightTally = (json: { stats: { expected: number; unexpected: number; flaky: number } }) => ({
  passed: json.stats.expected + json.stats.flaky,
  failed: json.stats.unexpected,
});

const budgets = () =>
  runner('size budgets', ['tsx', 'scripts/check-budgets.ts'], 'test-results/budgets.json', (json: Tally) => json);
const unitTests = () =>
  runner(
    'unit and API tests',
    ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'],
    'test-results/vitest.json',
    vitestTally,
  );
// Both databases in one run (playwright.config.ts): the PostgreSQL project needs TEST_DATABASE_URL.
const browserTests = () =>
  runner(
    process.env.TEST_DATABASE_URL ? 'browser tests, SQLite and PostgreSQL' : 'browser tests, SQLite',
    ['playwright', 'test'],
    'test-results/playwright.json',
    playwrightTally,
    true,
  );

// The message catalog is compiled first, once: every other step reads it. The type check, lint
// and build then run side by side. A few unit tests serve the build (test-app.ts
// createBuiltSiteApp), so they run after it, beside the size budgets' second build. The browser
// tests run alone: beside the unit tests, two suites' servers raced for the same free ports and
// their timeouts were overrun (docs/decisions/0068-a-test-suite-in-fifteen-minutes.md).
await check('message catalog', 'npx', ['tsx', 'scripts/compile-messages.ts']);
const [, , built] = await Promise.all([
  check('typecheck', 'npm', ['run', 'typecheck', '--silent']),
  check('lint and format', 'npm', ['run', 'lint', '--silent']),
  check('build', 'npm', ['run', 'build', '--silent']),
]);
await Promise.all([unitTests(), built ? budgets() : Promise.resolve()]);
if (built) await browserTests();
else add('size budgets and browser tests (not run: the build failed)', { passed: 0, failed: 1 });

// Wall-clock, not the sum of the steps: they overlap.
const seconds = (performance.now() - runStarted) / 1000;
const width = Math.max(...durations.map(([label]) => label.length));
console.log('\nTime per step (some run side by side; the total is the wall-clock time):');
for (const [label, s] of durations) console.log(`  ${label.padEnd(width)}  ${s.toFixed(0).padStart(5)} s`);
console.log(`  ${'total'.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s (${(seconds / 60).toFixed(1)} min)`);

console.log("\nThe 10 slowest test files (their tests' own seconds, all databases):");
for (const { file, seconds } of slowestFiles('test-results/vitest.json', 'test-results/playwright.json'))
  console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${file}`);

const summary = `${total.passed} passed, ${total.failed} failed`;
writeFileSync('test-results/summary.txt', `${summary}\n`);
if (failures.length > 0) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${summary}`);
process.exit(total.failed > 0 ? 1 : 0);
