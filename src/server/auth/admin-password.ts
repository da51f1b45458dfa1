import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { insertSettingOnce, readSetting } from '../settings/settings-data.js';
import { generatePassword, HASH_PARAMS, hashPassword, storedHashParams } from './password.js';

const KEY = 'admin_password_hash';

export type PasswordHashSource = () => Promise<string>;

/**
 * Where logins find the hash to check against. ADMIN_PASSWORD_HASH when set (the password itself
 * is then in no file), or ADMIN_PASSWORD (hashed on first use, so a start does not wait for
 * scrypt); otherwise the first start generates a password, prints it once, and keeps only its
 * hash in the database.
 */
export async function adminPasswordHash(
  db: Db,
  { password: adminPassword, hash: givenHash }: { password?: string; hash?: string },
  log: FastifyBaseLogger,
): Promise<PasswordHashSource> {
  if (givenHash) {
    const params = storedHashParams(givenHash);
    if (params && (params.N < HASH_PARAMS.N || params.r < HASH_PARAMS.r || params.p < HASH_PARAMS.p))
      log.warn(
        { N: params.N, r: params.r, p: params.p },
        'ADMIN_PASSWORD_HASH is weaker than the hashes this version makes: make a new one with npm run password:hash',
      );
    return async () => givenHash;
  }
  if (adminPassword) {
    let hashed: Promise<string> | undefined;
    return () => (hashed ??= hashPassword(adminPassword));
  }
  const hash = await storedOrGeneratedHash(db, log);
  return async () => hash;
}

async function storedOrGeneratedHash(db: Db, log: FastifyBaseLogger): Promise<string> {
  const stored = await readSetting(db, KEY);
  if (stored) return stored;
  const password = generatePassword();
  const hash = await hashPassword(password);
  if (!(await insertSettingOnce(db, KEY, hash))) {
    // Another server won the race: use its password, not ours.
    const winner = await readSetting(db, KEY);
    if (!winner) throw new Error('the administrator password hash vanished while starting');
    return winner;
  }
  // Printed once, on purpose not through the JSON logger, so it is easy to read and copy.
  console.log(
    `\n  No ADMIN_PASSWORD is set, so an administrator password was generated.\n` +
      `  It is shown only this once; only its hash is stored:\n\n      ${password}\n\n` +
      `  Set ADMIN_PASSWORD to choose your own.\n`,
  );
  log.warn('generated an administrator password (printed above)');
  return hash;
}
