import { performance } from 'node:perf_hooks';
import { ReviewPageSchema } from '../../src/shared/reviews.js';
import { errorMessage } from '../../src/shared/error-message.js';

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Follows nextCursor through the public API, `pageSize` reviews at a time, until at least `depth`
 * reviews are behind, and returns the cursor the server gave there: a real one, not a forged one.
 */
export async function findDeepCursor(baseUrl: string, depth: number, pageSize = 50): Promise<string> {
  let cursor: string | undefined;
  let seen = 0;
  // Bounded: never more pages than the depth needs, even if the server kept answering.
  for (let page = 0; seen < depth && page < Math.ceil(depth / pageSize); page++) {
    const query = new URLSearchParams({ limit: String(pageSize), ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${baseUrl}/api/reviews?${query}`, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status !== 200) throw new Error(`GET /api/reviews answered ${response.status} after ${seen} reviews`);
    const body = ReviewPageSchema.parse(await response.json());
    seen += body.items.length;
    if (!body.nextCursor) throw new Error(`the reviews ran out after ${seen}, before ${depth}`);
    cursor = body.nextCursor;
  }
  if (!cursor || seen < depth) throw new Error(`only ${seen} reviews walked, wanted ${depth}`);
  return cursor;
}

/** How many reviews one page of GET /api/reviews holds (throws unless it answers 200). */
export async function countItems(url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return ReviewPageSchema.parse(await response.json()).items.length;
}

export interface SubmissionFigures {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** One line per answer that was not the expected status. */
  failures: string[];
}

/**
 * Sends `count` POSTs one after another, so each duration is the server's answer time (with its
 * fsync), not time spent queueing behind the other requests.
 */
export async function timeSubmissions(
  url: string,
  count: number,
  expectedStatus: number,
  body: (index: number) => unknown,
): Promise<SubmissionFigures> {
  const durations: number[] = [];
  const failures: string[] = [];
  for (let i = 0; i < count; i++) {
    const payload = JSON.stringify(body(i));
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      // The answer's body is part of the answer: read it before stopping the clock.
      const text = await response.text();
      durations.push(performance.now() - started);
      if (response.status !== expectedStatus) failures.push(`#${i + 1}: ${response.status} ${text.slice(0, 200)}`);
    } catch (error) {
      failures.push(`#${i + 1}: ${errorMessage(error)}`);
    }
  }
  const sorted = durations.toSorted((a, b) => a - b);
  return {
    count,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    failures,
  };
}

/** Nearest-rank percentile of ascending values (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}
