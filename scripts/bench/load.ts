import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Status code → count, for reporting what the non-2xx answers were. */
  statusCodes: Record<string, number>;
}

export interface LoadOptions {
  connections: number;
  warmUpSeconds: number;
  seconds: number;
  /** Sent with every request, such as the Accept-Encoding a browser sends. */
  headers?: Record<string, string>;
}

async function fire(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<autocannon.Result> {
  // A request that takes 10 s is an error, not a latency figure; the run itself ends after `seconds`.
  return autocannon({ url, connections, duration: seconds, timeout: 10, headers });
}

/**
 * A warm-up run (JIT, SQLite page cache, keep-alive sockets) whose figures are dropped, then the
 * measured run against the same URL.
 */
export async function measureLoad(url: string, options: LoadOptions): Promise<LoadFigures> {
  await fire(url, options.connections, options.warmUpSeconds, options.headers);
  const result = await fire(url, options.connections, options.seconds, options.headers);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
}
