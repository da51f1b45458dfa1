import ipaddr from 'ipaddr.js';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { readSetting, writeSetting } from '../settings/settings-data.js';

// A proxy in front that TRUST_PROXY does not name makes every visitor one client: the login
// lockout and the submission limits then count the proxy. The server notes when X-Forwarded-For
// comes from a peer it does not trust, and the readiness check warns (docs/decisions/0040-going-live.md).

const KEY = 'untrusted_forwarded_at';
/** At most one write per server per hour. */
const WRITE_EVERY_MS = 3_600_000;

export function watchForwardedHeaders(app: FastifyInstance, config: Pick<Config, 'trustProxy'>, now: () => number) {
  // A hop count believes whoever is nearest: nothing here is untrusted.
  if (typeof config.trustProxy === 'number') return;
  let written = -Infinity;
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-forwarded-for'] === undefined) return;
    if (isTrusted(config.trustProxy, request.socket.remoteAddress)) return;
    if (now() - written < WRITE_EVERY_MS) return;
    written = now();
    await writeSetting(app.db, KEY, new Date(written).toISOString()).catch(() => undefined);
  });
}

function isTrusted(trustProxy: Config['trustProxy'], address: string | undefined): boolean {
  if (trustProxy === false || !address || !ipaddr.isValid(address)) return false;
  if (typeof trustProxy === 'number') return true;
  const peer = ipaddr.process(address);
  return trustProxy.some((entry) => {
    try {
      const [range, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.process(entry), -1];
      if (range.kind() !== peer.kind()) return false;
      return bits === -1 ? range.toString() === peer.toString() : peer.match([range, bits] as never);
    } catch {
      return false;
    }
  });
}

export async function untrustedForwardedAt(db: Db): Promise<number | undefined> {
  const value = await readSetting(db, KEY);
  return value === undefined ? undefined : Date.parse(value);
}
