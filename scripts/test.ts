import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { BROWSER_FIX, TEST_BROWSER_PATH, browserIsThere } from './browser-path.js';
import { slowestFiles } from './slowest-files.js';
import { ensureTestTools } from './test-tools.js';

// `npm test`: every check and every test runner, then one line that sums them all. Each step runs
// even when an earlier one failed (except the browser tests, which need a build), so a single run
// shows everything that is wrong. The type check, lint and build share no output and run together.

interface Tally {
  passed: number;
  failed: number;
}
const total: Tally = { passed: 0, failed: 0 };

// The tests' temporary databases, servers' folders and browser profiles go to memory where the
// machine has it: SQLite syncs every commit to disk (synchronous = FULL), and thousands of test
// commits waited on the shared disk. Every child process inherits it.
if (!process.env.TMPDIR && existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';
const failures: string[] = [];
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

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', ...env },
  });
  durations.push([label, (performance.now() - started) / 1000]);
  return result.status === 0;
}

function check(label: string, command: string, args: string[]): boolean {
  const ok = run(label, command, args);
  add(label, ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  return ok;
}

type Step = [label: string, command: string, args: string[]];

/** Runs the steps at once; each one's output is printed whole, under its header, when it ends. */
async function checkTogether(steps: Step[]): Promise<boolean[]> {
  return Promise.all(
    steps.map(
      ([label, command, args]) =>
        new Promise<boolean>((resolve) => {
          const started = performance.now();
          const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: '0' } });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('close', (code) => {
            durations.push([label, (performance.now() - started) / 1000]);
            console.log(`\n=== ${label}: ${command} ${args.join(' ')}\n${output.trimEnd()}`);
            add(label, code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
            resolve(code === 0);
          });
        }),
    ),
  );
}

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

function runner(
  label: string,
  command: string,
  args: string[],
  report: string,
  count: (json: never) => Tally,
  env: Record<string, string> = {},
) {
  rmSync(report, { force: true });
  const ok = run(label, command, args, env);
  const json = readJson<never>(report);
  const tally = json ? count(json) : { passed: 0, failed: 0 };
  // A runner that failed without reporting a failing test (crash, no tests found) still counts as one failure.
  if (!ok && tally.failed === 0) tally.failed = 1;
  if (ok && tally.passed === 0) tally.failed += 1;
  add(label, tally);
}

// The message catalog is compiled first, once: the three steps below read it.
check('message catalog', 'npx', ['tsx', 'scripts/compile-messages.ts']);
const [, , built] = await checkTogether([
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  ['lint and format', 'npm', ['run', 'lint', '--silent']],
  ['build', 'npm', ['run', 'build', '--silent']],
]);
runner(
  'unit and API tests',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'],
  'test-results/vitest.json',
  (json: { numPassedTests: number; numFailedTests: number }) => ({
    passed: json.numPassedTests,
    failed: json.numFailedTests,
  }),
);
if (built) {
  runner(
    'size budgets',
    'npx',
    ['tsx', 'scripts/check-budgets.ts'],
    'test-results/budgets.json',
    (json: Tally) => json,
  );
  const playwrightTally = (json: { stats: { expected: number; unexpected: number; flaky: number } }) => ({
    passed: json.stats.expected + json.stats.flaky,
    failed: json.stats.unexpected,
  });
  // Both databases in one run (playwright.config.ts): the PostgreSQL project needs TEST_DATABASE_URL.
  const label = process.env.TEST_DATABASE_URL ? 'browser tests, SQLite and PostgreSQL' : 'browser tests, SQLite';
  runner(label, 'npx', ['playwright', 'test'], 'test-results/playwright.json', playwrightTally);
} else {
  add('browser tests (not run: the build failed)', { passed: 0, failed: 1 });
}

// Wall-clock, not the sum of the steps: the first three overlap.
const seconds = (performance.now() - runStarted) / 1000;
const width = Math.max(...durations.map(([label]) => label.length));
console.log('\nTime per step (typecheck, lint and build run together):');
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
