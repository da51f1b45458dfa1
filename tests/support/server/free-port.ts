import { createServer } from 'node:net';

// A port handed to a server that binds it later (a child process, a sink that restarts) can be
// taken in between by anything that binds port 0. Such ports therefore come from a block of their
// own for each test worker, below Linux's ephemeral range (32768 and up), which port 0 and
// outgoing connections draw from: no other worker, suite or connection is given them
// (docs/decisions/0068-a-test-suite-in-fifteen-minutes.md).
const BLOCK = 400;
const RUNNERS = [
  // Playwright's workers: 20000–23999.
  { variable: 'TEST_PARALLEL_INDEX', first: 20_000 },
  // Vitest's workers (numbered from 1): 24400–31999.
  { variable: 'VITEST_POOL_ID', first: 24_000 },
];
const LAST = 32_000;

function blockOfThisWorker(): { first: number; last: number } | undefined {
  for (const { variable, first } of RUNNERS) {
    const index = Number(process.env[variable]);
    if (process.env[variable] === undefined || !Number.isInteger(index) || index < 0) continue;
    const start = first + index * BLOCK;
    if (start + BLOCK <= LAST) return { first: start, last: start + BLOCK };
  }
  return undefined;
}

let next = 0;

/** Whether nobody listens on `port` on the loopback interface now; 0 asks the system for one. */
function probe(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/**
 * A port nobody listens on right now, on the loopback interface only: from this test worker's own
 * block when it runs under Playwright or Vitest, else one the system gives.
 */
export async function freePort(): Promise<number> {
  const block = blockOfThisWorker();
  if (!block) {
    const port = await probe(0);
    if (port === undefined) throw new Error('no free port');
    return port;
  }
  for (let tries = 0; tries < BLOCK; tries++) {
    const port = block.first + (next++ % BLOCK);
    if ((await probe(port)) !== undefined) return port;
  }
  throw new Error(`no free port in ${block.first}–${block.last - 1}`);
}
