import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INCORRECT_PASSWORD, LoginSchema } from '../../shared/admin.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import type { PasswordHashSource } from './admin-password.js';
import { adminSessionRequired, sessionCookieName } from './guards.js';
import { clearLoginFailures, lockoutRemainingMs, recordLoginFailure } from './login-failures-data.js';
import { verifyPassword } from './password.js';
import { createSession, deleteSession, SESSION_ABSOLUTE_MS } from './sessions-data.js';

/** Inside the lockout even the right password is refused, so it is checked before the body is. */
async function notLockedOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const remaining = await lockoutRemainingMs(request.server.db, request.ip);
  if (remaining <= 0) return;
  const minutes = Math.ceil(remaining / 60_000);
  reply.header('retry-after', Math.ceil(remaining / 1000));
  throw new HttpError(429, `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

export const adminSessionRoutes: FastifyPluginAsync<{ passwordHash: PasswordHashSource }> = async (plain, { passwordHash }) => {
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
      preValidation: notLockedOut,
      schema: { body: LoginSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(413, 415, 429) } },
    },
    async (request, reply) => {
      if (!(await verifyPassword(request.body.password, await passwordHash()))) {
        await recordLoginFailure(app.db, request.ip);
        throw new HttpError(401, INCORRECT_PASSWORD);
      }
      await clearLoginFailures(app.db, request.ip);
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
