import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** A test file's time in one runner, in seconds, summed over its projects (SQLite, PostgreSQL). */
export interface FileTime {
  file: string;
  seconds: number;
}

interface VitestReport {
  testResults?: { name: string; startTime: number; endTime: number }[];
}

interface PlaywrightSuite {
  file: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function add(times: Map<string, number>, file: string, seconds: number) {
  times.set(file, (times.get(file) ?? 0) + seconds);
}

export function vitestFileTimes(report: VitestReport, root = process.cwd()): FileTime[] {
  const times = new Map<string, number>();
  for (const result of report.testResults ?? [])
    add(times, relative(root, result.name), (result.endTime - result.startTime) / 1000);
  return [...times].map(([file, seconds]) => ({ file, seconds }));
}

export function playwrightFileTimes(suites: PlaywrightSuite[], dir = 'tests/e2e'): FileTime[] {
  const times = new Map<string, number>();
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) add(times, `${dir}/${suite.file}`, result.duration / 1000);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites) walk(suite);
  return [...times].map(([file, seconds]) => ({ file, seconds }));
}

/**
 * The `count` slowest test files of both runners, from their JSON reports. A file's seconds are
 * its tests' own time, summed over the databases it ran on; files run side by side, so the
 * figures add up to more than the run's wall-clock time.
 */
export function slowestFiles(vitestReport: string, playwrightReport: string, count = 10): FileTime[] {
  const vitest = readJson<VitestReport>(vitestReport);
  const playwright = readJson<{ suites: PlaywrightSuite[] }>(playwrightReport);
  return [...(vitest ? vitestFileTimes(vitest) : []), ...(playwright ? playwrightFileTimes(playwright.suites) : [])]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}
