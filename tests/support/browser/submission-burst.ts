import { type IncomingHttpHeaders, request } from 'node:http';
import { connect } from 'node:net';

/** How one request ended, as its client saw it. */
export type Outcome =
  | { kind: 'answered'; status: number; headers: IncomingHttpHeaders; body: string }
  /** ECONNREFUSED: nothing was listening, so the server cannot have read the request. */
  | { kind: 'refused' }
  /** The connection broke before a whole answer arrived: the client cannot tell what happened. */
  | { kind: 'cut'; code: string };

export type SubmissionKind = 'review' | 'inquiry';

export interface Submission {
  kind: SubmissionKind;
  /** Unique in the test: the review's clientName or the inquiry's name (and so its mail subject). */
  name: string;
}

export interface SubmissionResult extends Submission {
  outcome: Outcome;
}

const REQUEST_TIMEOUT_MS = 15_000;

export const isAccepted = (outcome: Outcome) =>
  outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300;

/** One line for an assertion message: the status and body, not the dozen security headers. */
export function describeOutcome(outcome: Outcome): string {
  if (outcome.kind === 'answered') return `${outcome.status} ${outcome.body.slice(0, 200)}`;
  return outcome.kind === 'cut' ? `cut (${outcome.code})` : 'refused';
}

export function submissionPath(kind: SubmissionKind): string {
  return kind === 'review' ? '/api/reviews' : '/api/inquiries';
}

export function submissionBody({ kind, name }: Submission): string {
  return JSON.stringify(
    kind === 'review'
      ? { clientName: name, rating: 5, comment: `Stayed a week; ${name} recommends it.` }
      : { name, email: 'guest@example.com', guests: 2, message: `Is the house free in spring? (${name})` },
  );
}

function requestOptions(url: string, submission: Submission, body: string, extraHeaders: Record<string, string> = {}) {
  const { hostname, port } = new URL(url);
  return {
    hostname,
    port,
    method: 'POST',
    path: submissionPath(submission.kind),
    // A fresh connection per request: a reused keep-alive connection that the server closes as
    // idle would break a request for a reason that has nothing to do with the server under test.
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...extraHeaders },
  } as const;
}

function errorCode(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return code ?? message ?? String(error);
}

/** Collects the answer to a request that has been (or is being) sent. */
function outcomeOf(req: ReturnType<typeof request>): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    req.setTimeout(REQUEST_TIMEOUT_MS, () =>
      req.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })),
    );
    req.on('error', (error) =>
      settle(errorCode(error) === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'cut', code: errorCode(error) }),
    );
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('error', (error) => settle({ kind: 'cut', code: errorCode(error) }));
      res.on('close', () =>
        settle(
          res.complete
            ? { kind: 'answered', status: res.statusCode ?? 0, headers: res.headers, body }
            : { kind: 'cut', code: 'INCOMPLETE' },
        ),
      );
    });
  });
}

export function submit(url: string, submission: Submission): Promise<Outcome> {
  const body = submissionBody(submission);
  const req = request(requestOptions(url, submission, body));
  const outcome = outcomeOf(req);
  req.end(body);
  return outcome;
}

/**
 * A submission whose headers the server has read and acknowledged (100 Continue), while the body
 * is held back: a request that is certainly in flight until `finish` sends the rest.
 */
export interface HeldSubmission {
  submission: Submission;
  finish(): Promise<Outcome>;
}

export async function holdSubmission(url: string, submission: Submission, timeoutMs = 5_000): Promise<HeldSubmission> {
  const body = submissionBody(submission);
  // Node sends the headers at once when the request expects 100 Continue.
  const req = request(requestOptions(url, submission, body, { expect: '100-continue' }));
  const outcome = outcomeOf(req);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no 100 Continue for ${submission.name} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    req.once('continue', () => {
      clearTimeout(timer);
      resolve();
    });
    void outcome.then((early) => {
      clearTimeout(timer);
      reject(new Error(`${submission.name} ended before 100 Continue: ${JSON.stringify(early)}`));
    });
  });
  return {
    submission,
    finish: () => {
      req.end(body);
      return outcome;
    },
  };
}

export interface BurstOptions {
  /** Reviews and inquiries each; they are interleaved so that both are in flight at any moment. */
  perKind: number;
  concurrency: number;
  /** Starts every name, so that the test's submissions are told apart from anything else. */
  prefix: string;
  /** Called as each request ends, with every result so far (this one included). */
  onResult?: (result: SubmissionResult, results: readonly SubmissionResult[]) => void;
}

export function burstSubmissions({ perKind, prefix }: Pick<BurstOptions, 'perKind' | 'prefix'>): Submission[] {
  const list: Submission[] = [];
  for (let i = 1; i <= perKind; i++) {
    const n = String(i).padStart(3, '0');
    list.push({ kind: 'review', name: `${prefix} review ${n}` }, { kind: 'inquiry', name: `${prefix} inquiry ${n}` });
  }
  return list;
}

/** Sends the submissions `concurrency` at a time, each once, never retried. */
export async function runBurst(url: string, options: BurstOptions): Promise<SubmissionResult[]> {
  const queue = burstSubmissions(options);
  const results: SubmissionResult[] = [];
  let next = 0;
  const lane = async () => {
    while (next < queue.length) {
      const submission = queue[next++]!;
      const result = { ...submission, outcome: await submit(url, submission) };
      results.push(result);
      options.onResult?.(result, results);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, lane));
  return results;
}

export const answeredCount = (results: readonly SubmissionResult[]) =>
  results.filter((r) => r.outcome.kind === 'answered').length;

/** Resolves once a TCP connection to the port is refused, i.e. the server has stopped listening. */
export async function waitUntilRefused(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await isRefused(port)) return;
    if (Date.now() > deadline) throw new Error(`port ${port} still accepts connections after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function isRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error) => resolve(errorCode(error) === 'ECONNREFUSED'));
  });
}
