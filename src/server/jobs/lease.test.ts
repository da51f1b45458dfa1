import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import { takeLease } from './job-leases-data.js';
import { type JobRun, runExclusive } from './lease.js';

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

  // docs/decisions/0058-jobs-never-overlap-themselves.md, with the injectable clock: nothing sleeps for it.
  it('skip a run on a server whose previous run still goes on, even past the lease term', async () => {
    let time = Date.parse('2026-11-21T10:00:00.000Z');
    const now = () => time;
    let finish!: () => void;
    const first = runExclusive(a.app.db, 'slow', 60_000, () => new Promise<void>((r) => (finish = r)), {
      holder: 'A',
      now,
    });
    await vi.waitFor(() => expect(finish).toBeDefined());
    time += 70_000;
    let again = 0;
    expect(await runExclusive(a.app.db, 'slow', 60_000, async () => void again++, { holder: 'A', now })).toBe(false);
    expect(again).toBe(0);
    finish();
    expect(await first).toBe(true);
    expect(await runExclusive(a.app.db, 'slow', 60_000, async () => void again++, { holder: 'A', now })).toBe(true);
    expect(again).toBe(1);
  });

  it('are renewed while the run goes on, only while still held, and a run whose lease was taken is told to stop', async () => {
    let time = Date.parse('2026-11-21T10:00:00.000Z');
    const now = () => time;
    let job!: JobRun;
    let finish!: () => void;
    const first = runExclusive(
      a.app.db,
      'renewed',
      60_000,
      (run) => {
        job = run;
        return new Promise<void>((r) => (finish = r));
      },
      { holder: 'A', now, renewEveryMs: 30_000 },
    );
    await vi.waitFor(() => expect(job).toBeDefined());
    // Within the interval, no write is needed: nobody can have taken it since.
    time += 10_000;
    expect(await job.renew()).toBe(true);
    time += 40_000;
    // Renewed at 50 s: at 70 s, past the first term, another server is still turned away.
    expect(await job.renew()).toBe(true);
    time += 20_000;
    expect(await takeLease(b.app.db, 'renewed', 'B', 60_000, time)).toBe(false);
    // Not renewed for a whole term (a paused server): B takes it, and A learns it must stop.
    time += 60_000;
    expect(await takeLease(b.app.db, 'renewed', 'B', 60_000, time)).toBe(true);
    expect(await job.renew()).toBe(false);
    expect(job.signal.aborted).toBe(true);
    finish();
    expect(await first).toBe(true);
    // A's end gave nothing back: the lease is still B's.
    const row = await a.app.db.selectFrom('jobLeases').selectAll().where('name', '=', 'renewed').executeTakeFirst();
    expect(row?.holder).toBe('B');
  });

  it('are renewed by a timer without the job asking', async () => {
    let time = Date.parse('2026-11-21T10:00:00.000Z');
    const now = () => time;
    let finish!: () => void;
    const first = runExclusive(a.app.db, 'timed', 60_000, () => new Promise<void>((r) => (finish = r)), {
      holder: 'A',
      now,
      renewEveryMs: 5,
    });
    await vi.waitFor(() => expect(finish).toBeDefined());
    time += 50_000;
    const until = new Date(time + 60_000).toISOString();
    await vi.waitFor(async () => {
      const row = await a.app.db.selectFrom('jobLeases').selectAll().where('name', '=', 'timed').executeTakeFirst();
      expect(row?.leaseUntil).toBe(until);
    });
    time += 20_000;
    expect(await takeLease(b.app.db, 'timed', 'B', 60_000, time)).toBe(false);
    finish();
    expect(await first).toBe(true);
  });
});
