import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { RECOVERY_CODE_COUNT } from '../../shared/admin.js';
import type { Db } from '../db/database.js';
import type { AdminSecondFactorsTable } from '../db/schema.js';

// Every query on admin_second_factors and admin_recovery_codes (docs/decisions/0036-second-factor.md).

export type SecondFactorRow = Selectable<AdminSecondFactorsTable>;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const hashCode = (code: string) => createHash('sha256').update(code).digest('base64url');

/** The factors that count: a confirmed TOTP secret, and every passkey. */
export async function confirmedFactors(db: Db): Promise<SecondFactorRow[]> {
  return db
    .selectFrom('adminSecondFactors')
    .selectAll()
    .where('confirmedAt', 'is not', null)
    .orderBy('createdAt')
    .execute();
}

/** A new TOTP secret waiting for its first code; one waiting before is replaced. */
export async function insertPendingTotp(db: Db, storedSecret: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('adminSecondFactors').where('kind', '=', 'totp').where('confirmedAt', 'is', null).execute();
    await trx
      .insertInto('adminSecondFactors')
      .values({
        id: randomUUID(),
        kind: 'totp',
        name: 'Authenticator app',
        createdAt: now.toISOString(),
        confirmedAt: null,
        totpSecret: storedSecret,
        totpLastStep: null,
        credentialId: null,
        publicKey: null,
        counter: null,
        transports: null,
      })
      .execute();
  });
}

export async function pendingTotp(db: Db): Promise<SecondFactorRow | undefined> {
  return db
    .selectFrom('adminSecondFactors')
    .selectAll()
    .where('kind', '=', 'totp')
    .where('confirmedAt', 'is', null)
    .executeTakeFirst();
}

/**
 * Accepts a TOTP time step once: the step is written only if it is past the last one accepted,
 * so the same code, sent twice or to two servers at once, opens one door.
 */
export async function acceptTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('adminSecondFactors')
    .set({ totpLastStep: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The waiting secret becomes the TOTP factor; an earlier confirmed one is replaced. */
export async function confirmTotp(db: Db, id: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('adminSecondFactors')
      .where('kind', '=', 'totp')
      .where('confirmedAt', 'is not', null)
      .where('id', '!=', id)
      .execute();
    await trx.updateTable('adminSecondFactors').set({ confirmedAt: now.toISOString() }).where('id', '=', id).execute();
  });
}

export async function insertPasskey(
  db: Db,
  passkey: { name: string; credentialId: string; publicKey: string; counter: number; transports: string[] },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('adminSecondFactors')
    .values({
      id: randomUUID(),
      kind: 'webauthn',
      name: passkey.name,
      createdAt: at,
      confirmedAt: at,
      totpSecret: null,
      totpLastStep: null,
      credentialId: passkey.credentialId,
      publicKey: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports.join(','),
    })
    .execute();
}

export async function updatePasskeyCounter(db: Db, id: string, counter: number): Promise<void> {
  await db.updateTable('adminSecondFactors').set({ counter }).where('id', '=', id).execute();
}

/** Every factor and recovery code, gone: logins take the password alone again. */
export async function deleteAllSecondFactors(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('adminSecondFactors').execute();
    await trx.deleteFrom('adminRecoveryCodes').execute();
  });
}

/** Ten new codes, shown once: only their hashes are kept, and the earlier codes stop working. */
export async function renewRecoveryCodes(db: Db, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    // 80 random bits, 16 base32 characters shown as four groups.
    let bits = '';
    for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
    return Array.from({ length: 16 }, (_, i) => BASE32[Number.parseInt(bits.slice(i * 5, i * 5 + 5), 2)]).join('');
  });
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('adminRecoveryCodes').execute();
    await trx
      .insertInto('adminRecoveryCodes')
      .values(codes.map((code) => ({ codeHash: hashCode(code), createdAt: at, usedAt: null })))
      .execute();
  });
  return codes.map((code) => code.match(/.{4}/g)!.join('-'));
}

/** Spends a recovery code (normalised: upper case, no dashes); true for the one use it has. */
export async function useRecoveryCode(db: Db, code: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('adminRecoveryCodes')
    .set({ usedAt: now.toISOString() })
    .where('codeHash', '=', hashCode(code))
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Db): Promise<number> {
  const row = await db
    .selectFrom('adminRecoveryCodes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
