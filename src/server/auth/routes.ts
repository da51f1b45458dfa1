import { englishCount } from '../../shared/english-count.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INCORRECT_PASSWORD, LoginSchema } from '../../shared/admin.js';
import { clientKey } from '../lib/client-key.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import type { PasswordHashSource } from './admin-password.js';
import { adminSessionRequired, sessionCookieName } from './guards.js';
import { clearLoginFailures, reserveLoginAttempt } from './login-failures-data.js';
import { admitPasswordCheck, verifyPassword } from './password.js';
import { createSession, deleteSession, SESSION_ABSOLUTE_MS } from './sessions-data.js';

/** A busy server asks the client to come back this soon: a hash takes well under a second. */
const BUSY_RETRY_SECONDS = 2;

function lockedOut(windowEndsAt: number, now: number): HttpError {
  const minutes = Math.max(1, Math.ceil((windowEndsAt - now) / 60_000));
  return new HttpError(429, `Too many failed attempts. Try again in ${englishCount(minutes, 'minute')}.`);
}

export const adminSessionRoutes: FastifyPluginAsync<{ passwordHash: PasswordHashSource }> = async (
  plain,
  { passwordHash },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const cookieName = sessionCookieName(app.config.siteUrl);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.siteUrl.startsWith('https:'),
  } as const;

  app.post(
    '/api/admin/login',
    {
      bodyLimit: 4 * 1024,
      schema: { body: LoginSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(413, 415, 429) } },
    },
    async (request, reply) => {
      const leave = admitPasswordCheck();
      if (!leave) {
        reply.header('retry-after', BUSY_RETRY_SECONDS);
        throw new HttpError(429, 'The server is busy checking other logins. Try again in a moment.', undefined, 'busy');
      }
      let matches: boolean;
      const key = clientKey(request.ip);
      try {
        const now = app.now();
        // The attempt is counted before the password is hashed, so attempts that arrive together
        // cannot all be checked before the first failure is recorded (decision 0003).
        const reservation = await reserveLoginAttempt(app.db, key, app.config.loginMaxFailures, new Date(now));
        if (!reservation.allowed) {
          reply.header('retry-after', Math.max(1, Math.ceil((reservation.windowEndsAt - now) / 1000)));
          throw lockedOut(reservation.windowEndsAt, now);
        }
        matches = await verifyPassword(request.body.password, await passwordHash());
      } finally {
        leave();
      }
      if (!matches) throw new HttpError(401, INCORRECT_PASSWORD);
      await clearLoginFailures(app.db, key);
      const previous = request.cookies[cookieName];
      if (previous) await deleteSession(app.db, previous);
      const token = await createSession(app.db);
      reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
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
