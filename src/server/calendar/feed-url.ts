import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { PUBLIC_ONLY } from './feed-fetch.js';

/**
 * Why a feed URL cannot be saved, or undefined when it can: the owner hears at once that an
 * address is not a public https:// calendar. The same rules run again at every fetch and redirect
 * (feed-fetch.ts), since what a name resolves to can change after it was saved.
 */
export async function checkFeedUrl(url: string, allowPrivateHosts: boolean): Promise<string | undefined> {
  if (allowPrivateHosts) return undefined;
  const parsed = new URL(url);
  const urlProblem = PUBLIC_ONLY.urlProblem(parsed);
  if (urlProblem) return urlProblem;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return `the host name ${host} could not be found`;
    }
  }
  for (const address of addresses) {
    const problem = PUBLIC_ONLY.addressProblem(address);
    if (problem) return `the address ${isIP(host) ? '' : `of ${host} `}is ${problem} (${address})`;
  }
  return undefined;
}
