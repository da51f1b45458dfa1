import type { FastifyPluginAsync } from 'fastify';
import { INCORRECT_PASSWORD, LoginSchema } from '../../shared/admin.js';
import type { PasswordHashSource } from '../auth/admin-password.js';
import { adminSessionRequired, sessionCookieName } from '../auth/guards.js';
import { clearLoginFailures, lockoutRemainingMs, recordLoginFailure } from '../auth/login-throttle.js';
import { verifyPassword } from '../auth/password.js';
import { createSession, deleteSession, SESSION_ABSOLUTE_MS } from '../auth/sessions.js';
import { HttpError, parseOr400 } from '../lib/http-error.js';

export const adminSessionRoutes: FastifyPluginAsync<{ passwordHash: PasswordHashSource }> = async (app, { passwordHash }) => {
  const cookieName = sessionCookieName(app.config.siteUrl);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.siteUrl.startsWith('https:'),
  } as const;

  app.post('/api/admin/login', { bodyLimit: 4 * 1024 }, async (request, reply) => {
    // The lockout is checked first: inside it even the right password is refused.
    const remaining = await lockoutRemainingMs(app.db, request.ip);
    if (remaining > 0) {
      const minutes = Math.ceil(remaining / 60_000);
      reply.header('retry-after', Math.ceil(remaining / 1000));
      throw new HttpError(429, `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    const { password } = parseOr400(LoginSchema, request.body);
    if (!(await verifyPassword(password, await passwordHash()))) {
      await recordLoginFailure(app.db, request.ip);
      throw new HttpError(401, INCORRECT_PASSWORD);
    }
    await clearLoginFailures(app.db, request.ip);
    const previous = request.cookies[cookieName];
    if (previous) await deleteSession(app.db, previous);
    const token = await createSession(app.db);
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
    return reply.code(204).send();
  });

  app.post('/api/admin/logout', { preHandler: adminSessionRequired(cookieName) }, async (request, reply) => {
    const token = request.cookies[cookieName];
    if (token) await deleteSession(app.db, token);
    reply.clearCookie(cookieName, cookieOptions);
    return reply.code(204).send();
  });
};
