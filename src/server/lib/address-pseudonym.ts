import { createHmac, randomBytes } from 'node:crypto';
import { clientKey } from './client-key.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * What the logs hold instead of a client's address: an HMAC of its client key (lib/client-key.ts)
 * under a random key that lives only in this process's memory and is replaced at each UTC
 * midnight. Within a day the lines of one client can be told apart from another's; once the key
 * is gone no one, the owner included, can tell whose address a line was. The privacy page says so.
 */
export function createAddressPseudonyms(now: () => number = Date.now): (ip: string) => string {
  let day = -1;
  let key = Buffer.alloc(0);
  return (ip) => {
    const today = Math.floor(now() / DAY_MS);
    if (today !== day) {
      day = today;
      key = randomBytes(32);
    }
    return createHmac('sha256', key).update(clientKey(ip)).digest('base64url').slice(0, 16);
  };
}
