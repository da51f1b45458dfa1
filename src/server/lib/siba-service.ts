import { isLoopbackHost } from './smtp-security.js';

// Which SIBA web service SIBA_URL names (docs/decisions/0027-guest-registrations-and-siba.md).
// SIBA runs two: its test service takes a bulletin and answers as production does, but reports
// nobody, so a site pointed at it must never count a bulletin as reported.

export const SIBA_TEST_URL = 'https://siba.ssi.gov.pt/bawsdev/boletinsalojamento.asmx';
export const SIBA_PRODUCTION_URL = 'https://siba.ssi.gov.pt/baws/boletinsalojamento.asmx';

/** The service in use: `test` or `production` with the credentials set, `file` (download only) without. */
export type SibaService = 'test' | 'production' | 'file';

/** The test service is the one under `/bawsdev/`, on SIBA's host or on a loopback fake. */
export const sibaServiceOf = (url: string): 'test' | 'production' =>
  new URL(url).pathname.toLowerCase().startsWith('/bawsdev/') ? 'test' : 'production';

/**
 * Why SIBA_URL cannot be used, or undefined: it must be https, since the request carries the
 * access key and the guests' documents; plain http only to this machine (a local fake or tunnel).
 */
export function sibaUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `must be a URL: ${SIBA_PRODUCTION_URL} (production) or ${SIBA_TEST_URL} (test)`;
  }
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return undefined;
  return `must be https:// (it carries the access key and the guests' documents; http:// only to this machine): ${SIBA_PRODUCTION_URL} (production) or ${SIBA_TEST_URL} (test)`;
}
