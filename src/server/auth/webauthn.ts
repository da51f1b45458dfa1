import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { z } from '../../shared/zod.js';
import type { PasskeyRegistrationSchema, WebAuthnAssertionSchema } from '../../shared/admin.js';
import type { SecondFactorRow } from './second-factors-data.js';

// The library (and its ASN.1 and X.509 parsers) loads on the first passkey, not at every start:
// it took a start 0.7 s of CPU.
let library: Promise<typeof SimpleWebAuthn> | undefined;
const simpleWebAuthn = () => (library ??= import('@simplewebauthn/server'));

// Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is SITE_URL: its host
// is the RP ID and its origin the only one accepted (docs/decisions/0036-second-factor.md).

/** navigator.credentials' options as JSON, the challenge among them. */
export type PasskeyOptions = { challenge: string; [key: string]: unknown };

const relyingParty = (siteUrl: string) => ({ rpID: new URL(siteUrl).hostname, origin: new URL(siteUrl).origin });
// The owner is the one user: a fixed handle, so a passkey made twice replaces itself on the device.
const OWNER_HANDLE = new TextEncoder().encode('estadia-owner');

export async function passkeyRegistrationOptions(
  siteUrl: string,
  existing: readonly SecondFactorRow[],
): Promise<PasskeyOptions> {
  const { rpID } = relyingParty(siteUrl);
  return {
    ...(await (
      await simpleWebAuthn()
    ).generateRegistrationOptions({
      rpName: `Estadia ${new URL(siteUrl).host}`,
      rpID,
      userName: 'owner',
      userID: OWNER_HANDLE,
      attestationType: 'none',
      excludeCredentials: existing.flatMap((f) => (f.credentialId ? [{ id: f.credentialId }] : [])),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    })),
  };
}

export async function verifyPasskeyRegistration(
  siteUrl: string,
  response: z.output<typeof PasskeyRegistrationSchema>['response'],
  challenge: string,
) {
  const { rpID, origin } = relyingParty(siteUrl);
  try {
    const result = await (
      await simpleWebAuthn()
    ).verifyRegistrationResponse({
      // The schema checked its shape; the library checks the rest.
      response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!result.verified) return undefined;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return undefined;
  }
}

export async function passkeyLoginOptions(
  siteUrl: string,
  passkeys: readonly SecondFactorRow[],
): Promise<PasskeyOptions> {
  return {
    ...(await (
      await simpleWebAuthn()
    ).generateAuthenticationOptions({
      rpID: relyingParty(siteUrl).rpID,
      allowCredentials: passkeys.flatMap((f) =>
        f.credentialId
          ? [{ id: f.credentialId, transports: f.transports ? f.transports.split(',').filter(Boolean) : undefined }]
          : [],
      ),
      userVerification: 'required',
    })),
  };
}

/** The passkey's new signature counter when the assertion is good, else undefined. */
export async function verifyPasskeyAssertion(
  siteUrl: string,
  passkey: SecondFactorRow,
  response: z.output<typeof WebAuthnAssertionSchema>,
  challenge: string,
): Promise<number | undefined> {
  const { rpID, origin } = relyingParty(siteUrl);
  if (!passkey.credentialId || !passkey.publicKey) return undefined;
  try {
    const result = await (
      await simpleWebAuthn()
    ).verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter ?? 0,
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
