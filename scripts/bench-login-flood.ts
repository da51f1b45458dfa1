import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { startServer } from '../tests/support/browser/built-server.js';

// `npm run bench:login`: how the rest of the site answers while a flood of logins arrives. The
// built server believes X-Forwarded-For from 127.0.0.1 only, so 500 attempts can come from 500
// different (documentation-range) client addresses while every packet goes to 127.0.0.1. It
// prints figures and asserts nothing about speed; it exits non-zero only when answers were wrong.

const ATTEMPTS = 500;
const TIMEOUT_MS = 5 * 60_000;

// Plain JavaScript for the worker: each attempt from its own documentation-range address.
const FLOOD = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, path, attempts } = workerData;
const statuses = {};
Promise.all(Array.from({ length: attempts }, (_, i) =>
  fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': '198.51.' + (100 + Math.floor(i / 250)) + '.' + ((i % 250) + 1) },
    body: JSON.stringify({ password: 'not the password' }),
  }).then(async (response) => {
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] || 0) + 1;
  }),
)).then(() => parentPort.postMessage(statuses));
`;

async function timed(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

interface FloodFigures {
  statuses: Record<number, number>;
  seconds: number;
  samples: Record<string, number[]>;
  wrong: number;
}

/** Sends `ATTEMPTS` requests to `path` at once from a worker while timing /healthz and / one after another. */
async function flood(base: string, path: string): Promise<FloodFigures> {
  // The flood is sent from a thread of its own, so its 500 connections do not hold up this
  // thread's timing of the other requests.
  const worker = new Worker(FLOOD, { eval: true, workerData: { url: base, path, attempts: ATTEMPTS } });
  let statuses: Record<number, number> | undefined;
  const done = new Promise<void>((resolve, reject) => {
    worker.once('message', (message: Record<number, number>) => {
      statuses = message;
      resolve();
    });
    worker.once('error', reject);
  });
  await new Promise((resolve) => worker.once('online', resolve));
  const started = performance.now();
  const samples: Record<string, number[]> = { '/healthz': [], '/': [] };
  let wrong = 0;
  while (!statuses) {
    for (const sampled of Object.keys(samples)) {
      const { ms, status } = await timed(`${base}${sampled}`);
      if (status !== 200) wrong += 1;
      samples[sampled]!.push(ms);
    }
  }
  await done;
  await worker.terminate();
  return { statuses: statuses ?? {}, seconds: (performance.now() - started) / 1000, samples, wrong };
}

function report(label: string, figures: FloodFigures) {
  console.log(
    `[bench:login] ${label}: ${ATTEMPTS} requests from ${ATTEMPTS} addresses in ${figures.seconds.toFixed(2)} s, answered ${JSON.stringify(figures.statuses)}`,
  );
  for (const [path, values] of Object.entries(figures.samples)) {
    const max = Math.max(...values);
    console.log(
      `[bench:login]   GET ${path} meanwhile: ${values.length} requests, median ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${max.toFixed(1)} ms, over 100 ms: ${values.filter((v) => v > 100).length}`,
    );
  }
}

async function main(): Promise<boolean> {
  const server = await startServer({
    env: { TRUST_PROXY: '127.0.0.1', ADMIN_PASSWORD: 'bench admin password' },
    database: 'sqlite',
  });
  const watchdog = setTimeout(() => void server.stop().finally(() => process.exit(1)), TIMEOUT_MS).unref();
  try {
    await timed(`${server.url}/`);
    const logins = await flood(server.url, '/api/admin/login');
    report('wrong logins', logins);
    // The same number of requests to a route that does nothing: what any 500 requests landing at
    // once cost this machine, to tell the login's share apart.
    const baseline = await flood(server.url, '/api/no-such-route');
    report('baseline, a 404 route', baseline);
    console.log(
      `[bench:login] load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const ok =
      logins.wrong + baseline.wrong === 0 &&
      (logins.statuses[401] ?? 0) > 0 &&
      Object.keys(logins.statuses).every((s) => s === '401' || s === '429') &&
      Object.keys(baseline.statuses).every((s) => s === '404');
    if (!ok) console.error('[bench:login] unexpected answers: the flood or the site answered something else');
    return ok;
  } finally {
    clearTimeout(watchdog);
    await server.stop();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
