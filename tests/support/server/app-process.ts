import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { reachableOnLoopback } from './loopback-hosts.js';

// The real server in a process of its own, started as src/server/index.ts starts it (the
// configuration from the environment, buildApp, listen on 127.0.0.1), with two things only a test
// needs, asked over the IPC channel: the clock (`{clock: ms}`) and a run of the bookings job now
// (`{jobs: true}`), answered with its counts, or null when another holder has the job's lease.
// A crash test kills it by its pid at the moment it chooses, and starts it again on the same
// database (tests/support/server/app-process-handle.ts).

let now = Number(process.env.TEST_CLOCK_MS ?? Date.now());
const app = await buildApp(loadConfig(), { now: () => now });
await reachableOnLoopback(app);
await app.listen({ port: 0, host: '127.0.0.1' });
const send = (message: object) => process.send?.(message);
send({ port: (app.server.address() as AddressInfo).port });

process.on('message', (message: { id: number; clock?: number; jobs?: boolean }) => {
  if (message.clock !== undefined) now = message.clock;
  const run = message.jobs ? app.bookingJobs.runOnce() : Promise.resolve(undefined);
  run.then(
    (counts) => send({ id: message.id, counts: counts ?? null }),
    (error: unknown) => send({ id: message.id, error: String(error) }),
  );
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
