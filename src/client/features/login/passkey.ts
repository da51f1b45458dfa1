import { startAuthentication } from '@simplewebauthn/browser';
import type { SecondFactorProof } from '../../../shared/admin';
import { api } from '../../lib/api';

/**
 * Asks the browser for the owner's passkey: the server's challenge from `optionsPath` (the login's
 * or the session's), signed by the authenticator, as the proof the server checks.
 */
export async function passkeyProof(optionsPath: string): Promise<SecondFactorProof> {
  const optionsJSON = await api<Parameters<typeof startAuthentication>[0]['optionsJSON']>(optionsPath, {
    method: 'POST',
  });
  const response = await startAuthentication({ optionsJSON });
  return { method: 'webauthn', response: response as Extract<SecondFactorProof, { method: 'webauthn' }>['response'] };
}

/** Six digits are the authenticator app's code; anything else is taken for a recovery code. */
export function codeProof(typed: string): SecondFactorProof {
  const code = typed.trim();
  return /^\d{6}$/.test(code) ? { method: 'totp', code } : { method: 'recovery', code };
}
