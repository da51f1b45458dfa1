import type { FastifyInstance } from 'fastify';
import { insertHostIfAbsent } from '../../../src/server/houses/house-hosts-data.js';

/**
 * The names a test reaches its app by besides SITE_URL's: `app.inject`'s default Host
 * (`localhost:80`) and a listening app's address (127.0.0.1, or ::1). The test apps give the
 * first house these hosts too, so a test that sends no Host of its own is answered as before
 * (docs/decisions/0071-houses-and-hosts.md); a test of the 421 uses any other name.
 */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

export async function reachableOnLoopback(app: FastifyInstance): Promise<void> {
  const first = app.houses.list()[0];
  if (!first) throw new Error('the test app has no house');
  for (const host of LOOPBACK_HOSTS) await insertHostIfAbsent(app.db, { host, houseId: first.id, canonical: false });
  await app.houses.reload();
}
