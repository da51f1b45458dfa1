import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { createScheduler, type Scheduler } from './jobs/scheduler.js';
import { createAddressPseudonyms } from './lib/address-pseudonym.js';
import type { AppOptions } from './lib/app-options.js';
import { clientErrorHandler } from './lib/client-error.js';
import { jsonErrorHandler } from './lib/error-handler.js';
import { requestLogSerializer } from './lib/request-log.js';
import { trustProxyOption } from './lib/trust-proxy.js';
import { serializerCompiler, validatorCompiler } from './lib/validation.js';
import { watchForwardedHeaders } from './readiness/forwarded-watch.js';
import { addSecurityHeaders } from './site/security-headers.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The time in epoch milliseconds: the system clock, or the tests' (AppOptions.now). */
    now: () => number;
    /** The clock of the admin's proofs of identity: the system clock, or the tests' (AppOptions.authNow). */
    authNow: () => number;
    /** A client's pseudonym of the day for the owner's audit list (lib/address-pseudonym.ts). */
    addressPseudonym: (ip: string) => string;
    /** The one scheduler of every feature's timed work (jobs/scheduler.ts). */
    jobs: Scheduler;
    /** The pages' inline scripts the CSP allows; the site feature, last, tells it what they are. */
    csp: { scriptHashes: () => string[] };
  }
}

/** The Fastify instance with the server's options: its log, proxies, limits and schemas' compilers. */
export function createServer(config: Config, options: AppOptions): FastifyInstance {
  // One pseudonym of the day for the log and the owner's audit list alike.
  const pseudonyms = createAddressPseudonyms(options.now ?? Date.now);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestLogSerializer(pseudonyms) },
      // Beside the serializer, which logs no header: should a header or a password reach a log line anyway.
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          'password',
          '*.password',
        ],
        censor: '[redacted]',
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 16 * 1024,
    // Stop waiting for a slow client long before the operating system would.
    requestTimeout: 30_000,
    return503OnClosing: true,
    clientErrorHandler,
    // A broken percent-escape or an overlong path parameter, refused by the router.
    frameworkErrors: jsonErrorHandler,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('addressPseudonym', pseudonyms);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/**
 * What every feature stands on, registered before them: the configuration, the database (closed
 * last), the clocks, the scheduler, the error handler, and the hooks every answer passes through.
 */
export const serverBase = fp<{ config: Config; options: AppOptions; db: Db }>(
  async (app, { config, options, db }) => {
    const now = options.now ?? Date.now;
    app.addHook('onClose', () => db.destroy());
    app.decorate('config', config);
    app.decorate('now', now);
    app.decorate('authNow', options.authNow ?? Date.now);
    app.decorate('db', db);
    app.decorate('jobs', createScheduler(db, now, app.log));
    app.decorate('csp', { scriptHashes: (): string[] => [] });
    // X-Forwarded-For from a peer TRUST_PROXY does not name: the readiness check warns (readiness/).
    watchForwardedHeaders(app, config, now);
    // While shutting down, the timed work stops first, and answers in flight close their
    // keep-alive connection, so close() does not wait for clients to hang up.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
      await app.jobs.stop();
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
    app.setErrorHandler(jsonErrorHandler);
    // The API speaks JSON only; anything else is a 415, not a string for the handlers to guess at.
    app.removeContentTypeParser('text/plain');
    await addSecurityHeaders(app, config.siteUrl, () => app.csp.scriptHashes());
    await app.register(fastifyCompress, { threshold: 1024 });
    await app.register(fastifyCookie);
  },
  { name: 'server-base' },
);
