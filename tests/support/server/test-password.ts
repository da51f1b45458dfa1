import { hashPassword } from '../../../src/server/lib/password.js';

/**
 * A password's hash at a test's cost (scrypt N=2^10, not the real 2^17), for ADMIN_PASSWORD_HASH:
 * a login is then a millisecond of work instead of two half-second 128 MiB scrypt runs, which
 * were a third of the unit and API tests' CPU. A test of the hashing itself sets ADMIN_PASSWORD
 * and gets the real cost.
 */
export const cheapPasswordHash = (password: string): Promise<string> =>
  hashPassword(password, { N: 2 ** 10, r: 8, p: 1 });
