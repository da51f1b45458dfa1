import type * as Otplib from 'otplib';
import type { DataCipher } from '../lib/data-encryption.js';

// The authenticator app's secret (RFC 6238: SHA-1, 6 digits, 30 s). Sealed under
// DATA_ENCRYPTION_KEY when one is set; kept as it is otherwise, and in both cases never logged
// nor answered after its setup (docs/decisions/0036-second-factor.md).

const CONTEXT = 'admin_second_factors.totp_secret';
// Loaded on first use, not at every start (webauthn.ts says why).
let library: Promise<typeof Otplib> | undefined;
const otplib = () => (library ??= import('otplib'));

export async function newTotpSecret(): Promise<string> {
  return (await otplib()).generateSecret();
}

/**
 * The otpauth:// URI the set-up shows as a QR code: the phone's list names the house (the
 * content's name) and the site's address, not the software, so two houses never look alike.
 */
export async function totpUrl(secret: string, siteUrl: string, houseName: string): Promise<string> {
  return (await otplib()).generateURI({ issuer: houseName, label: new URL(siteUrl).host, secret });
}

/** How the secret is stored: `sealed:` with the key, `plain:` without one. */
export function storeTotpSecret(secret: string, cipher: DataCipher | undefined): string {
  return cipher ? `sealed:${cipher.seal(secret, CONTEXT)}` : `plain:${secret}`;
}

/** The secret, or undefined when it was sealed and the key is not set (or not the one). */
export function openTotpSecret(stored: string, cipher: DataCipher | undefined): string | undefined {
  if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
  if (!stored.startsWith('sealed:') || !cipher) return undefined;
  try {
    return cipher.open(stored.slice('sealed:'.length), CONTEXT);
  } catch {
    return undefined;
  }
}

/**
 * The time step the code belongs to, or undefined when it is wrong: one step either side of now
 * is accepted, for a phone whose clock is a little off.
 */
export async function totpStep(secret: string, code: string, nowMs: number): Promise<number | undefined> {
  const result = await (
    await otplib()
  ).verify({ secret, token: code, epoch: Math.floor(nowMs / 1000), epochTolerance: 30 });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
