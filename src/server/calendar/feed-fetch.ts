import { lookup as dnsLookup } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { addressesProblem, type FetchPolicy, hostOf, policyFor } from './feed-address.js';
import { errorMessage } from '../../shared/error-message.js';

/**
 * Fetches a platform's feed over node:http(s) rather than fetch, so that the DNS answer is checked
 * and the socket connects to exactly the address that was checked: no second lookup, so no
 * DNS-rebinding gap (docs/decisions/0012-availability-and-calendar-sync.md).
 */

export interface FetchFeedOptions {
  /** CALENDAR_ALLOW_PRIVATE_HOSTS: lifts both the https rule and the address rule. */
  allowPrivateHosts: boolean;
  etag?: string | null;
  lastModified?: string | null;
  /** The whole request, redirects included. */
  timeoutMs?: number;
  /** Counted on the bytes received and again on the decoded bytes. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Resolves host names in place of DNS (tests). */
  lookup?: LookupFunction;
}

export type FetchFeedResult =
  { status: 'not-modified' } | { status: 'ok'; body: Buffer; etag: string | null; lastModified: string | null };

export class FeedFetchError extends Error {
  override name = 'FeedFetchError';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Hop = FetchFeedResult | { status: 'redirect'; location: URL };

interface Settings {
  policy: FetchPolicy;
  headers: Record<string, string>;
  maxBytes: number;
  signal: AbortSignal;
  lookup: LookupFunction;
}

const size = (bytes: number) =>
  bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MB` : bytes % 1024 === 0 ? `${bytes / 1024} kB` : `${bytes} bytes`;
const tooLarge = (maxBytes: number) => new FeedFetchError(`the feed is larger than ${size(maxBytes)}`);

/** Resolves every address of the name, refuses them all if any one is not allowed, and hands over only those. */
function checkedLookup(settings: Pick<Settings, 'policy' | 'lookup'>): LookupFunction {
  return (hostname, options, callback) => {
    settings.lookup(hostname, { ...options, all: true }, (error, found, family) => {
      if (error) return callback(error, '', 0);
      const addresses = Array.isArray(found) ? found : [{ address: found, family: family ?? isIP(found) }];
      const problem = addressesProblem(
        settings.policy,
        hostname,
        addresses.map((a) => a.address),
      );
      if (problem) return callback(new FeedFetchError(problem), '', 0);
      const first = addresses[0];
      if (!first) return callback(new FeedFetchError(`${hostname} has no address`), '', 0);
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

function decoderFor(encoding: string | undefined) {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  if (name === 'identity' || name === '') return null;
  if (name === 'gzip' || name === 'x-gzip') return createGunzip();
  if (name === 'deflate') return createInflate();
  if (name === 'br') return createBrotliDecompress();
  throw new FeedFetchError(`the feed uses an unknown content encoding (${name})`);
}

/** The body, decoded, stopping as soon as it passes `maxBytes` either before or after decoding. */
async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  if (Number(response.headers['content-length']) > maxBytes) throw tooLarge(maxBytes);
  const decoder = decoderFor(response.headers['content-encoding']);
  const chunks: Buffer[] = [];
  const limit = () => {
    let total = 0;
    return async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        total += chunk.length;
        if (total > maxBytes) throw tooLarge(maxBytes);
        yield chunk;
      }
    };
  };
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(chunk);
  };
  if (decoder) await pipeline(response, limit(), decoder, limit(), collect, { signal });
  else await pipeline(response, limit(), collect, { signal });
  return Buffer.concat(chunks);
}

function requestOnce(url: URL, settings: Settings): Promise<Hop> {
  const problem = settings.policy.urlProblem(url);
  if (problem) return Promise.reject(new FeedFetchError(problem));
  // A literal address is connected to without a lookup, so it is checked here.
  const host = hostOf(url);
  const literal = isIP(host) ? addressesProblem(settings.policy, host, [host]) : null;
  if (literal) return Promise.reject(new FeedFetchError(literal));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.request(
      url,
      { headers: settings.headers, signal: settings.signal, lookup: checkedLookup(settings), agent: false },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECTS.has(status) && location) {
          response.destroy();
          try {
            resolve({ status: 'redirect', location: new URL(location, url) });
          } catch {
            reject(new FeedFetchError('a redirect points to an invalid address'));
          }
        } else if (status === 304) {
          response.destroy();
          resolve({ status: 'not-modified' });
        } else if (status < 200 || status > 299) {
          response.destroy();
          reject(new FeedFetchError(`HTTP ${status}`));
        } else {
          const header = (name: string) =>
            typeof response.headers[name] === 'string' ? (response.headers[name] as string) : null;
          readBody(response, settings.maxBytes, settings.signal).then(
            (body) => resolve({ status: 'ok', body, etag: header('etag'), lastModified: header('last-modified') }),
            (error: unknown) => {
              response.destroy(); // refused before reading (too large, unknown encoding): drop the connection
              reject(error);
            },
          );
        }
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const NETWORK_ERRORS: Record<string, string> = {
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be looked up',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
};

function describe(error: unknown): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && NETWORK_ERRORS[code]) return new FeedFetchError(NETWORK_ERRORS[code]);
  if (code && /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO/.test(code))
    return new FeedFetchError(`the certificate was refused (${code})`);
  return new FeedFetchError(`the feed could not be fetched (${errorMessage(error)})`);
}

/**
 * The fetch under any policy, which alone decides what may be reached. Only tests call it
 * directly, to let loopback through while the address rule is otherwise on; everything else goes
 * through fetchFeed.
 */
export async function fetchFeedWithPolicy(
  url: string,
  options: Omit<FetchFeedOptions, 'allowPrivateHosts'>,
  policy: FetchPolicy,
): Promise<FetchFeedResult> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRedirects = options.maxRedirects ?? 3;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const headers: Record<string, string> = {
    'user-agent': 'Estadia calendar sync',
    accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const settings: Settings = {
    policy,
    headers,
    maxBytes: options.maxBytes ?? 2 * 1_048_576,
    signal: controller.signal,
    lookup: options.lookup ?? dnsLookup,
  };
  try {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new FeedFetchError('the address is not a valid URL');
    }
    for (let redirects = 0; ; redirects++) {
      const hop = await requestOnce(target, settings);
      if (hop.status !== 'redirect') return hop;
      if (redirects >= maxRedirects) throw new FeedFetchError('too many redirects');
      target = hop.location;
    }
  } catch (error) {
    if (controller.signal.aborted) throw new FeedFetchError(`timed out after ${timeoutMs / 1000} s`);
    throw describe(error);
  } finally {
    clearTimeout(timer);
  }
}

/** The feed at `url`, or 'not-modified' for a 304 to the conditional request; FeedFetchError names why not. */
export function fetchFeed(url: string, options: FetchFeedOptions): Promise<FetchFeedResult> {
  return fetchFeedWithPolicy(url, options, policyFor(options.allowPrivateHosts));
}
