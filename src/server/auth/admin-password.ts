import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { generatePassword, hashPassword } from './password.js';

const KEY = 'admin_password_hash';

export type PasswordHashSource = () => Promise<string>;

/**
 * Where logins find the hash to check against. ADMIN_PASSWORD wins when set (hashed on first use,
 * so a start does not wait for scrypt); otherwise the first start generates a password, prints it
 * once, and keeps only its hash in the database.
 */
export async function adminPasswordHash(
  db: Db,
  adminPassword: string | undefined,
  log: FastifyBaseLogger,
): Promise<PasswordHashSource> {
  if (adminPassword) {
    let hashed: Promise<string> | undefined;
    return () => (hashed ??= hashPassword(adminPassword));
  }
  const hash = await storedOrGeneratedHash(db, log);
  return async () => hash;
}

async function storedOrGeneratedHash(db: Db, log: FastifyBaseLogger): Promise<string> {
  const stored = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (stored) return stored.value;
  const password = generatePassword();
  const hash = await hashPassword(password);
  const inserted = await db
    .insertInto('settings')
    .values({ key: KEY, value: hash })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    // Another server won the race: use its password, not ours.
    const winner = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirstOrThrow();
    return winner.value;
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
