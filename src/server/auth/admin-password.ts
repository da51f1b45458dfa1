import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { insertSettingOnce, readSetting, writeSetting } from '../settings/settings-data.js';
import { deleteAllPendingLogins } from './pending-logins-data.js';
import { generatePassword, HASH_PARAMS, hashPassword, storedHashParams, verifyPassword } from '../lib/password.js';
import { deleteAllSessions } from './sessions-data.js';

const KEY = 'admin_password_hash';
/** Which password the open sessions were opened with: `hash:` a SHA-256 of its hash, or `scrypt:` ADMIN_PASSWORD's own hash. */
const IN_USE_KEY = 'admin_password_in_use';

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
    await endSessionsIfChanged(db, `hash:${sha256(givenHash)}`, log);
    return async () => givenHash;
  }
  if (adminPassword) {
    // Hashed (or checked against the hash kept) at start, so that a changed password ends the
    // sessions before any request can use one; logins then check against that same hash.
    const inUse = await readSetting(db, IN_USE_KEY);
    const kept = inUse?.startsWith('scrypt:') ? inUse.slice('scrypt:'.length) : undefined;
    const hash = kept && (await verifyPassword(adminPassword, kept)) ? kept : await hashPassword(adminPassword);
    await endSessionsIfChanged(db, `scrypt:${hash}`, log);
    return async () => hash;
  }
  const hash = await storedOrGeneratedHash(db, log);
  await endSessionsIfChanged(db, `hash:${sha256(hash)}`, log);
  return async () => hash;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * A server started with another password than the one the open sessions were opened with ends
 * them all, and the logins waiting for their second factor: whoever knew the old password, or
 * held a session from it, is out. The first start that records a password ends nothing.
 */
async function endSessionsIfChanged(db: Db, record: string, log: FastifyBaseLogger): Promise<void> {
  const inUse = await readSetting(db, IN_USE_KEY);
  if (inUse === record) return;
  if (inUse !== undefined) {
    const ended = await deleteAllSessions(db);
    await deleteAllPendingLogins(db);
    log.warn({ sessions: ended }, 'the administrator password changed: every admin session was ended');
  }
  await writeSetting(db, IN_USE_KEY, record);
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
