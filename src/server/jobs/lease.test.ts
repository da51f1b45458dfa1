import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import { takeLease } from './job-leases-data.js';
import { runExclusive } from './lease.js';

let a: TestApp;
let b: TestApp;
beforeEach(async () => {
  a = await createTestApp();
  b = await createTestApp({ DATABASE_URL: a.databaseUrl });
});
afterEach(async () => {
  await b.app.close();
  await a.close();
});

describe('job leases', () => {
  it('go to one holder until they run out', async () => {
    const t0 = Date.parse('2026-11-21T10:00:00.000Z');
    expect(await takeLease(a.app.db, 'job', 'A', 1000, t0)).toBe(true);
    expect(await takeLease(b.app.db, 'job', 'B', 1000, t0 + 999)).toBe(false);
    expect(await takeLease(a.app.db, 'job', 'A', 1000, t0 + 999)).toBe(false);
    expect(await takeLease(b.app.db, 'job', 'B', 1000, t0 + 1000)).toBe(true);
  });

  it('let exactly one of many concurrent runs on two servers run', async () => {
    let executions = 0;
    const job = async () => {
      executions += 1;
      // Long enough that every other run asks while this one holds the lease.
      await new Promise((resolve) => setTimeout(resolve, 200));
    };
    const runs = Array.from({ length: 10 }, (_, i) =>
      runExclusive((i % 2 ? a : b).app.db, 'job', 60_000, job, { holder: `holder-${i}` }),
    );
    const ran = await Promise.all(runs);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(executions).toBe(1);
  });

  it('are given back when the run ends, unless kept for the period', async () => {
    let executions = 0;
    const job = async () => void (executions += 1);
    expect(await runExclusive(a.app.db, 'given-back', 60_000, job, { holder: 'A' })).toBe(true);
    expect(await runExclusive(b.app.db, 'given-back', 60_000, job, { holder: 'B' })).toBe(true);
    expect(await runExclusive(a.app.db, 'kept', 60_000, job, { holder: 'A', keep: true })).toBe(true);
    expect(await runExclusive(b.app.db, 'kept', 60_000, job, { holder: 'B', keep: true })).toBe(false);
    expect(executions).toBe(3);
  });
});
