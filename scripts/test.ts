import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { BROWSER_FIX, BROWSER_PATH, browserIsThere } from './browser-path.js';

// `npm test`: every check and every test runner, in order, then one line that sums them all.
// Each step runs even when an earlier one failed (except the browser tests, which need a build),
// so a single run shows everything that is wrong.

interface Tally {
  passed: number;
  failed: number;
}
const total: Tally = { passed: 0, failed: 0 };
const failures: string[] = [];
mkdirSync('test-results', { recursive: true });

// Without the browser, say so once, first, and run everything else: the browser tests then count
// as failed, by number, instead of failing one by one without saying why.
const browser = browserIsThere();
if (!browser) console.log(`No browser for the browser tests: ${BROWSER_PATH} is missing; ${BROWSER_FIX}.`);

// The PostgreSQL run of the browser tests: the specs that store and read data, again with every
// server on PostgreSQL. Crash tests that rely on SQLite's single process (@sqlite-only) stay out.
const POSTGRES_SPECS = [
  'inquiry',
  'booking',
  'review-lifecycle',
  'admin-states',
  'availability',
  'guest-data',
  'security',
  '--grep-invert',
  '@sqlite-only',
];

/** Each step's wall-clock seconds, printed before the summary: where the run's time goes. */
const durations: [string, number][] = [];

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

check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
check('lint and format', 'npm', ['run', 'lint', '--silent']);
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
if (check('build', 'npm', ['run', 'build', '--silent'])) {
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
  if (browser) {
    runner('browser tests', 'npx', ['playwright', 'test'], 'test-results/playwright.json', playwrightTally);
    if (process.env.TEST_DATABASE_URL) {
      runner(
        'browser tests on PostgreSQL',
        'npx',
        ['playwright', 'test', ...POSTGRES_SPECS],
        'test-results/playwright-postgres.json',
        playwrightTally,
        {
          ESTADIA_TEST_DB: 'postgres',
        },
      );
    }
  } else {
    const skipped = browserTestCount([]) + (process.env.TEST_DATABASE_URL ? browserTestCount(POSTGRES_SPECS) : 0);
    add(`browser tests (not run: no browser at ${BROWSER_PATH})`, { passed: 0, failed: Math.max(skipped, 1) });
  }
} else {
  add('browser tests (not run: the build failed)', { passed: 0, failed: 1 });
}

/** How many browser tests these arguments select, listed without a browser. */
function browserTestCount(args: string[]): number {
  const listed = spawnSync('npx', ['playwright', 'test', '--list', ...args], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  return Number(/Total: (\d+) tests?/.exec(listed.stdout)?.[1] ?? 0);
}

const seconds = durations.reduce((sum, [, s]) => sum + s, 0);
const width = Math.max(...durations.map(([label]) => label.length));
console.log('\nTime per step:');
for (const [label, s] of durations) console.log(`  ${label.padEnd(width)}  ${s.toFixed(0).padStart(5)} s`);
console.log(`  ${'total'.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s (${(seconds / 60).toFixed(1)} min)`);

const summary = `${total.passed} passed, ${total.failed} failed`;
writeFileSync('test-results/summary.txt', `${summary}\n`);
if (failures.length > 0) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${summary}`);
process.exit(total.failed > 0 ? 1 : 0);
