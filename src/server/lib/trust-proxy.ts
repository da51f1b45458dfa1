import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const ADVICE =
  'write the addresses or CIDR ranges of your proxies (such as 127.0.0.1,::1 or 10.0.0.0/8), or how many proxies stand in front (such as 1)';

function isAddressOrRange(entry: string): boolean {
  if (ipaddr.isValid(entry)) return true;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY: whom to believe about the client's address in X-Forwarded-For. `false` (the
 * default) believes nobody; a hop count believes that many proxies; a list believes only those
 * addresses and ranges, so the client is the first hop from the right that is not on it. `true`,
 * which believed every hop and let any client name its own address, is refused.
 */
export const TrustProxySchema = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim();
    if (text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    if (text === 'true' || text === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message: `"${text}" would believe any X-Forwarded-For a client sends; ${ADVICE}`,
      });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad.map((b) => `"${b}"`).join(', ')} is not an address or CIDR range; ${ADVICE}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Fastify's form of the setting: a hop count becomes "believe the nearest n hops". */
export function trustProxyOption(
  setting: false | number | readonly string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting === false ? false : [...setting];
}
