import { englishCount } from '../../shared/english-count.js';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INCORRECT_PASSWORD,
  LoginSchema,
  SecondFactorDueSchema,
  SecondFactorProofSchema,
  type SecondFactorMethod,
} from '../../shared/admin.js';
import { z } from '../../shared/zod.js';
import { auditRequest } from '../audit/owner-audit-data.js';
import { clientKey } from '../lib/client-key.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import type { PasswordHashSource } from './admin-password.js';
import { adminSessionRequired, pendingLoginCookieName, sessionCookieName } from './guards.js';
import { clearLoginFailures, releaseLoginAttempt, reserveLoginAttempt } from './login-failures-data.js';
import { admitPasswordCheck, verifyPassword } from '../lib/password.js';
import {
  createPendingLogin,
  endPendingLogin,
  PENDING_LOGIN_MS,
  pendingChallenge,
  pendingLoginOpen,
  reservePendingAttempt,
  setPendingChallenge,
} from './pending-logins-data.js';
import { passkeysOf, secondFactorMethods } from './second-factor.js';
import { checkSecondFactorCounted, refuseWhilePaused } from './site-second-factor.js';
import { confirmedFactors } from './second-factors-data.js';
import { createSession, deleteSession, SESSION_ABSOLUTE_MS } from './sessions-data.js';
import { passkeyLoginOptions } from './webauthn.js';

/** A busy server asks the client to come back this soon: a hash takes well under a second. */
const BUSY_RETRY_SECONDS = 2;

/** The challenge a passkey signs, with the rest of navigator.credentials' options (kept as the library makes them). */
export const PasskeyOptionsSchema = z.looseObject({ challenge: z.string() });

function lockedOut(windowEndsAt: number, now: number): HttpError {
  const minutes = Math.max(1, Math.ceil((windowEndsAt - now) / 60_000));
  return new HttpError(429, `Too many failed attempts. Try again in ${englishCount(minutes, 'minute')}.`);
}

/**
 * Counts one attempt of this client (a password or a code) before it is checked, and refuses it
 * past LOGIN_MAX_FAILURES in the window (docs/decisions/0003-sessions-and-lockout.md).
 */
export async function reserveAttempt(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const app = request.server;
  const key = clientKey(request.ip);
  const now = app.now();
  const reservation = await reserveLoginAttempt(app.db, key, app.config.loginMaxFailures, new Date(now));
  if (!reservation.allowed) {
    reply.header('retry-after', Math.max(1, Math.ceil((reservation.windowEndsAt - now) / 1000)));
    throw lockedOut(reservation.windowEndsAt, now);
  }
  return key;
}

/** Checks the password with the login queue's limits: a full queue is 429 `busy` at once. */
export async function passwordMatches(
  request: FastifyRequest,
  reply: FastifyReply,
  password: string,
  passwordHash: PasswordHashSource,
): Promise<{ matches: boolean; key: string }> {
  const leave = admitPasswordCheck();
  if (!leave) {
    reply.header('retry-after', BUSY_RETRY_SECONDS);
    throw new HttpError(429, 'The server is busy checking other logins. Try again in a moment.', undefined, 'busy');
  }
  try {
    // The attempt is counted before the password is hashed, so attempts that arrive together
    // cannot all be checked before the first failure is recorded (decision 0003).
    const key = await reserveAttempt(request, reply);
    return { matches: await verifyPassword(password, await passwordHash()), key };
  } finally {
    leave();
  }
}

export const adminSessionRoutes: FastifyPluginAsync<{ passwordHash: PasswordHashSource }> = async (
  plain,
  { passwordHash },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const cookieName = sessionCookieName(app.config.siteUrl);
  const pendingName = pendingLoginCookieName(app.config.siteUrl);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.siteUrl.startsWith('https:'),
  } as const;

  async function openSession(request: FastifyRequest, reply: FastifyReply, key: string, method: string) {
    await clearLoginFailures(app.db, key);
    const previous = request.cookies[cookieName];
    if (previous) await deleteSession(app.db, previous);
    const provedAt = new Date(app.authNow());
    // A login by the second factor is also the session's first proof of it (decision 0062).
    const token = await createSession(app.db, new Date(), provedAt, method === 'password' ? null : provedAt);
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
    await auditRequest(request, { action: 'login', detail: method });
  }

  app.post(
    '/api/admin/login',
    {
      bodyLimit: 4 * 1024,
      schema: {
        body: LoginSchema,
        response: { 200: SecondFactorDueSchema, ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { matches, key } = await passwordMatches(request, reply, request.body.password, passwordHash);
      if (!matches) throw new HttpError(401, INCORRECT_PASSWORD);
      const methods = await secondFactorMethods(app);
      if (methods.length === 0) {
        await openSession(request, reply, key, 'password');
        return reply.code(204).send();
      }
      // Not a failure, not a login yet: the codes that follow count on top of earlier failures.
      await releaseLoginAttempt(app.db, key);
      const pending = await createPendingLogin(app.db, new Date(app.authNow()));
      reply.setCookie(pendingName, pending, { ...cookieOptions, maxAge: PENDING_LOGIN_MS / 1000 });
      return reply.code(200).send({ secondFactor: methods });
    },
  );

  app.post(
    '/api/admin/login/options',
    { schema: { response: { 200: PasskeyOptionsSchema, ...ADMIN_ERRORS, ...errorResponses(409) } } },
    async (request) => {
      const pending = request.cookies[pendingName];
      if (!pending || !(await pendingLoginOpen(app.db, pending, new Date(app.authNow()))))
        throw new HttpError(401, 'The login has expired: type the password again');
      const passkeys = passkeysOf(await confirmedFactors(app.db));
      if (passkeys.length === 0) throw new HttpError(409, 'No passkey is set up');
      const options = await passkeyLoginOptions(app.config.siteUrl, passkeys);
      await setPendingChallenge(app.db, pending, options.challenge);
      return options;
    },
  );

  app.post(
    '/api/admin/login/second-factor',
    {
      bodyLimit: 16 * 1024,
      schema: {
        body: SecondFactorProofSchema,
        response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(413, 415, 429) },
      },
    },
    async (request, reply) => {
      const pending = request.cookies[pendingName];
      // Paused for the whole site: refused before this client's count or the pending login's tries.
      await refuseWhilePaused(request, reply);
      const key = await reserveAttempt(request, reply);
      const now = new Date(app.authNow());
      if (!pending || !(await reservePendingAttempt(app.db, pending, now)))
        throw new HttpError(401, 'The login has expired: type the password again');
      const challenge = request.body.method === 'webauthn' ? await pendingChallenge(app.db, pending) : undefined;
      if (!(await checkSecondFactorCounted(request, reply, request.body, challenge)))
        throw new HttpError(
          401,
          request.body.method === 'webauthn' ? 'The passkey was not accepted' : 'Incorrect code',
        );
      // Of two right answers at once, one opens the session.
      if (!(await endPendingLogin(app.db, pending)))
        throw new HttpError(401, 'The login has expired: type the password again');
      reply.clearCookie(pendingName, cookieOptions);
      await openSession(request, reply, key, request.body.method satisfies SecondFactorMethod);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/admin/logout',
    { preValidation: adminSessionRequired(cookieName), schema: { response: { ...NO_CONTENT, ...ADMIN_ERRORS } } },
    async (request, reply) => {
      const token = request.cookies[cookieName];
      if (token) await deleteSession(app.db, token);
      reply.clearCookie(cookieName, cookieOptions);
      return reply.code(204).send();
    },
  );
};
