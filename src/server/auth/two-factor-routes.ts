import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INCORRECT_CODE,
  PasskeyRegistrationSchema,
  ReauthSchema,
  RecoveryCodesSchema,
  SecondFactorProofSchema,
  TotpConfirmSchema,
  TotpSetupSchema,
  TwoFactorStatusSchema,
} from '../../shared/admin.js';
import { localizeProperty } from '../../shared/content.js';
import { auditRequest } from '../audit/owner-audit-data.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import type { PasswordHashSource } from './admin-password.js';
import { freshFactorRequired, sessionCookieName } from './guards.js';
import { clearLoginFailures } from './login-failures-data.js';
import { PasskeyOptionsSchema, passwordMatches, reserveAttempt } from './routes.js';
import { passkeysOf, secondFactorMethods } from './second-factor.js';
import { checkSecondFactorCounted, refuseWhilePaused } from './site-second-factor.js';
import {
  acceptTotpStep,
  confirmedFactors,
  confirmTotp,
  deleteAllSecondFactors,
  insertPasskey,
  insertPendingTotp,
  pendingTotp,
  recoveryCodesLeft,
  renewRecoveryCodes,
} from './second-factors-data.js';
import { markSessionProved, setSessionChallenge, takeSessionChallenge } from './sessions-data.js';
import { newTotpSecret, openTotpSecret, storeTotpSecret, totpStep, totpUrl } from './totp.js';
import { passkeyLoginOptions, passkeyRegistrationOptions, verifyPasskeyRegistration } from './webauthn.js';

/**
 * The owner's second factor and the proofs of identity that sensitive actions need, inside the
 * admin scope (session and same-origin already checked). See docs/decisions/0036-second-factor.md.
 */
export const twoFactorRoutes: FastifyPluginAsync<{ passwordHash: PasswordHashSource }> = async (
  plain,
  { passwordHash },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const token = (request: FastifyRequest) => request.cookies[sessionCookieName(app.config.siteUrl)] ?? '';
  const now = () => new Date(app.authNow());
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/admin/2fa', { schema: { response: { 200: TwoFactorStatusSchema, ...ADMIN_ERRORS } } }, async () => {
    const factors = await confirmedFactors(app.db);
    return {
      methods: await secondFactorMethods(app),
      passkeys: passkeysOf(factors).map((f) => ({ id: f.id, name: f.name, createdAt: f.createdAt })),
      recoveryCodesLeft: factors.length > 0 ? await recoveryCodesLeft(app.db) : 0,
    };
  });

  app.post(
    '/api/admin/reauth',
    {
      bodyLimit: 16 * 1024,
      schema: { body: ReauthSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(413, 415, 429) } },
    },
    async (request, reply) => {
      const body = request.body;
      let key: string;
      // A wrong answer is a 400 on its field, not a 401: the session itself is still good.
      if ('password' in body) {
        const checked = await passwordMatches(request, reply, body.password, passwordHash);
        if (!checked.matches) throw new HttpError(400, 'Incorrect password', 'password');
        key = checked.key;
      } else {
        await refuseWhilePaused(request, reply);
        key = await reserveAttempt(request, reply);
        const challenge = body.method === 'webauthn' ? await takeSessionChallenge(app.db, token(request)) : undefined;
        if (!(await checkSecondFactorCounted(request, reply, body, challenge)))
          throw new HttpError(400, INCORRECT_CODE, body.method === 'webauthn' ? 'response' : 'code');
      }
      await clearLoginFailures(app.db, key);
      await markSessionProved(app.db, token(request), now(), !('password' in body));
      return reply.code(204).send();
    },
  );

  // A passkey's challenge for this session: to re-authenticate, or to remove the second factor.
  app.post(
    '/api/admin/reauth/options',
    { schema: { response: { 200: PasskeyOptionsSchema, ...ADMIN_ERRORS, ...errorResponses(409) } } },
    async (request) => {
      const passkeys = passkeysOf(await confirmedFactors(app.db));
      if (passkeys.length === 0) throw new HttpError(409, 'No passkey is set up');
      const options = await passkeyLoginOptions(app.config.siteUrl, passkeys);
      await setSessionChallenge(app.db, token(request), options.challenge);
      return options;
    },
  );

  app.post(
    '/api/admin/2fa/totp/setup',
    { preHandler: freshFactorRequired, schema: { response: { 200: TotpSetupSchema, ...ADMIN_ERRORS } } },
    async () => {
      const secret = await newTotpSecret();
      await insertPendingTotp(app.db, storeTotpSecret(secret, app.dataCipher), now());
      // The only answer that ever holds the secret: it is not logged, and not shown again.
      return {
        secret,
        otpauthUrl: await totpUrl(
          secret,
          app.config.siteUrl,
          localizeProperty(app.property, app.property.locales[0] ?? 'en').name,
        ),
      };
    },
  );

  app.post(
    '/api/admin/2fa/totp/confirm',
    {
      preHandler: freshFactorRequired,
      schema: {
        body: TotpConfirmSchema,
        response: { 200: RecoveryCodesSchema, ...ADMIN_ERRORS, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      const key = await reserveAttempt(request, reply);
      const waiting = await pendingTotp(app.db);
      const secret = waiting?.totpSecret ? openTotpSecret(waiting.totpSecret, app.dataCipher) : undefined;
      if (!waiting || !secret) throw new HttpError(409, 'Start the setup first: no new secret is waiting');
      const step = await totpStep(secret, request.body.code, app.authNow());
      if (step === undefined || !(await acceptTotpStep(app.db, waiting.id, step)))
        throw new HttpError(400, 'Incorrect code: check the phone’s clock and type the code now shown', 'code');
      await clearLoginFailures(app.db, key);
      await confirmTotp(app.db, waiting.id, now());
      // The code just typed proves the new factor: the next change needs no other (decision 0062).
      await markSessionProved(app.db, token(request), now(), true);
      const recoveryCodes = await renewRecoveryCodes(app.db, now());
      await auditRequest(request, { action: 'second_factor_added', detail: 'totp' });
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/admin/2fa/webauthn/options',
    { preHandler: freshFactorRequired, schema: { response: { 200: PasskeyOptionsSchema, ...ADMIN_ERRORS } } },
    async (request) => {
      const options = await passkeyRegistrationOptions(app.config.siteUrl, await confirmedFactors(app.db));
      await setSessionChallenge(app.db, token(request), options.challenge);
      return options;
    },
  );

  app.post(
    '/api/admin/2fa/webauthn',
    {
      preHandler: freshFactorRequired,
      bodyLimit: 96 * 1024,
      schema: {
        body: PasskeyRegistrationSchema,
        response: { 200: RecoveryCodesSchema, ...ADMIN_ERRORS, ...errorResponses(413) },
      },
    },
    async (request) => {
      const challenge = await takeSessionChallenge(app.db, token(request));
      const passkey = challenge
        ? await verifyPasskeyRegistration(app.config.siteUrl, request.body.response, challenge)
        : undefined;
      if (!passkey) throw new HttpError(400, 'The passkey could not be registered: try again', 'response');
      const first = (await confirmedFactors(app.db)).length === 0;
      await insertPasskey(app.db, { ...passkey, name: request.body.name }, now());
      // Registered with user verification: the new passkey is proved (decision 0062).
      await markSessionProved(app.db, token(request), now(), true);
      await auditRequest(request, { action: 'second_factor_added', detail: 'webauthn' });
      // The first factor comes with the recovery codes; a further passkey leaves them as they are.
      return { recoveryCodes: first ? await renewRecoveryCodes(app.db, now()) : [] };
    },
  );

  app.post(
    '/api/admin/2fa/recovery-codes',
    {
      preHandler: freshFactorRequired,
      schema: { response: { 200: RecoveryCodesSchema, ...ADMIN_ERRORS, ...errorResponses(409) } },
    },
    async (request) => {
      if ((await confirmedFactors(app.db)).length === 0) throw new HttpError(409, 'No second factor is set up');
      const recoveryCodes = await renewRecoveryCodes(app.db, now());
      await auditRequest(request, { action: 'recovery_codes_renewed' });
      return { recoveryCodes };
    },
  );

  // Removing it takes the second factor itself or a recovery code, never the password alone.
  app.post(
    '/api/admin/2fa/remove',
    {
      bodyLimit: 16 * 1024,
      schema: {
        body: SecondFactorProofSchema,
        response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(409, 413, 429) },
      },
    },
    async (request, reply) => {
      if ((await confirmedFactors(app.db)).length === 0) throw new HttpError(409, 'No second factor is set up');
      await refuseWhilePaused(request, reply);
      const key = await reserveAttempt(request, reply);
      const challenge =
        request.body.method === 'webauthn' ? await takeSessionChallenge(app.db, token(request)) : undefined;
      if (!(await checkSecondFactorCounted(request, reply, request.body, challenge)))
        throw new HttpError(400, INCORRECT_CODE, request.body.method === 'webauthn' ? 'response' : 'code');
      await clearLoginFailures(app.db, key);
      await deleteAllSecondFactors(app.db);
      await markSessionProved(app.db, token(request), now());
      await auditRequest(request, { action: 'second_factor_removed', detail: request.body.method });
      return reply.code(204).send();
    },
  );
};
