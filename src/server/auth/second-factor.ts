import type { FastifyInstance } from 'fastify';
import type { SecondFactorMethod, SecondFactorProof } from '../../shared/admin.js';
import {
  acceptTotpStep,
  confirmedFactors,
  recoveryCodesLeft,
  type SecondFactorRow,
  updatePasskeyCounter,
  useRecoveryCode,
} from './second-factors-data.js';
import { openTotpSecret, totpStep } from './totp.js';
import { verifyPasskeyAssertion } from './webauthn.js';

// Checks a proof of the second factor, whichever the owner chose (docs/decisions/0036-second-factor.md).

/** The ways the owner can prove the second factor now; empty while none is set up. */
export async function secondFactorMethods(app: FastifyInstance): Promise<SecondFactorMethod[]> {
  const factors = await confirmedFactors(app.db);
  if (factors.length === 0) return [];
  const methods: SecondFactorMethod[] = [];
  const totp = factors.find((f) => f.kind === 'totp');
  if (totp?.totpSecret) {
    if (openTotpSecret(totp.totpSecret, app.dataCipher) !== undefined) methods.push('totp');
    else
      app.log.error(
        'the TOTP secret is sealed and DATA_ENCRYPTION_KEY is not the key that sealed it: codes cannot be checked',
      );
  }
  if (factors.some((f) => f.kind === 'webauthn')) methods.push('webauthn');
  if ((await recoveryCodesLeft(app.db)) > 0) methods.push('recovery');
  return methods;
}

export const passkeysOf = (factors: readonly SecondFactorRow[]) => factors.filter((f) => f.kind === 'webauthn');

/**
 * True when the proof is good; a TOTP code and a recovery code are spent by it, so they open
 * nothing twice. `challenge` is the passkey challenge given to this login or session.
 */
export async function checkSecondFactor(
  app: FastifyInstance,
  proof: SecondFactorProof,
  challenge: string | undefined,
  now: Date,
): Promise<boolean> {
  if (proof.method === 'recovery') {
    if ((await confirmedFactors(app.db)).length === 0) return false;
    return useRecoveryCode(app.db, proof.code, now);
  }
  const factors = await confirmedFactors(app.db);
  if (proof.method === 'totp') {
    const totp = factors.find((f) => f.kind === 'totp');
    const secret = totp?.totpSecret ? openTotpSecret(totp.totpSecret, app.dataCipher) : undefined;
    if (!totp || !secret) return false;
    const step = await totpStep(secret, proof.code, now.getTime());
    return step !== undefined && acceptTotpStep(app.db, totp.id, step);
  }
  const passkey = passkeysOf(factors).find((f) => f.credentialId === proof.response.id);
  if (!passkey || !challenge) return false;
  const counter = await verifyPasskeyAssertion(app.config.siteUrl, passkey, proof.response, challenge);
  if (counter === undefined) return false;
  await updatePasskeyCounter(app.db, passkey.id, counter);
  return true;
}
