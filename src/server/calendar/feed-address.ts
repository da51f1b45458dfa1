import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressProblem } from './public-address.js';

/**
 * Which addresses a calendar feed may be fetched from: checked when the owner saves a feed, and
 * again at every fetch and redirect (feed-fetch.ts), since what a name resolves to can change
 * after it was saved (docs/decisions/0012-availability-and-calendar-sync.md).
 */

/** What a fetch may reach; each rule answers why not, or null. */
export interface FetchPolicy {
  urlProblem(url: URL): string | null;
  addressProblem(address: string): string | null;
}

/** https only, public addresses only: the rules when CALENDAR_ALLOW_PRIVATE_HOSTS is off. */
export const PUBLIC_ONLY: FetchPolicy = {
  urlProblem: (url) => (url.protocol === 'https:' ? null : 'https:// is required'),
  addressProblem,
};

/** CALENDAR_ALLOW_PRIVATE_HOSTS: http:// too, and any address. */
const ANYWHERE: FetchPolicy = {
  urlProblem: (url) =>
    url.protocol === 'https:' || url.protocol === 'http:' ? null : 'only http:// and https:// addresses can be fetched',
  addressProblem: () => null,
};

export const policyFor = (allowPrivateHosts: boolean): FetchPolicy => (allowPrivateHosts ? ANYWHERE : PUBLIC_ONLY);

/** The URL's host, an IPv6 address without its brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Why `host`, which has these addresses, may not be reached, or null: one refused address refuses it. */
export function addressesProblem(policy: FetchPolicy, host: string, addresses: readonly string[]): string | null {
  for (const address of addresses) {
    const problem = policy.addressProblem(address);
    if (problem) return `the address ${isIP(host) ? '' : `of ${host} `}is ${problem} (${address})`;
  }
  return null;
}

/** Why a feed URL cannot be saved, or undefined when it can: the owner hears it at once. */
export async function checkFeedUrl(url: string, allowPrivateHosts: boolean): Promise<string | undefined> {
  const policy = policyFor(allowPrivateHosts);
  const parsed = new URL(url);
  const urlProblem = policy.urlProblem(parsed);
  if (urlProblem) return urlProblem;
  if (policy !== PUBLIC_ONLY) return undefined;
  const host = hostOf(parsed);
  if (isIP(host)) return addressesProblem(policy, host, [host]) ?? undefined;
  try {
    const found = await lookup(host, { all: true, verbatim: true });
    return (
      addressesProblem(
        policy,
        host,
        found.map((a) => a.address),
      ) ?? undefined
    );
  } catch {
    return `the host name ${host} could not be found`;
  }
}
