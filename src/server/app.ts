import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { LRUCache } from 'lru-cache';
import type { PropertyContent } from '../shared/content.js';
import { adminPasswordHash } from './auth/admin-password.js';
import { adminSessionRequired, sameOriginOnly, sessionCookieName } from './auth/guards.js';
import { adminSessionRoutes } from './auth/routes.js';
import { twoFactorRoutes } from './auth/two-factor-routes.js';
import { adminAuditRoutes } from './audit/routes.js';
import { adminPreferenceRoutes } from './settings/admin-preferences.js';
import { adminReadinessRoutes } from './readiness/routes.js';
import { watchForwardedHeaders } from './readiness/forwarded-watch.js';
import type { Config } from './config.js';
import { adminContentRoutes } from './content/admin-routes.js';
import { contentPreviewRoute } from './content/preview-route.js';
import { photoLibraryRoute } from './content/photo-library-route.js';
import { type ContentPoll, type Repeat, startContentPoll } from './content/content-poll.js';
import type { LiveContent } from './content/live-content.js';
import { openContent } from './content/open-content.js';
import type { DataCipher } from './lib/data-encryption.js';
import { openDataCipher } from './registrations/data-key.js';
import { registrationRoutes } from './registrations/routes.js';
import { adminRegistrationRoutes } from './registrations/admin-routes.js';
import { adminTouristTaxRoutes } from './tourist-tax/admin-routes.js';
import { registrationContext } from './registrations/context.js';
import { type SibaSchedule, startSibaSchedule } from './registrations/siba-schedule.js';
import { SIBA_PRODUCTION_URL } from './lib/siba-service.js';
import { type Db, openDatabase } from './db/database.js';
import { databaseKind } from './db/dialect.js';
import { adminCalendarRoutes } from './calendar/admin-routes.js';
import { calendarRoutes } from './calendar/routes.js';
import { type CalendarSync, startCalendarSync } from './calendar/sync-schedule.js';
import type { Quoter } from './content/pricing-by-locale.js';
import { quoteRoutes } from './quotes/routes.js';
import { adminGuestDataRoutes } from './guest-data/routes.js';
import { adminInquiryRoutes } from './inquiries/admin-routes.js';
import { adminNeedsActionRoutes } from './needs-action/admin-routes.js';
import { inquiryRoutes } from './inquiries/routes.js';
import { startSweeper } from './jobs/sweep.js';
import { adminInvoicingRoutes } from './invoicing/admin-routes.js';
import { adminReportRoutes } from './reports/admin-routes.js';
import { invoicingContext } from './invoicing/context.js';
import type { Invoicer } from './invoicing/invoicer.js';
import { createInvoiceXpress } from './invoicing/invoicexpress.js';
import { type InvoicingSchedule, startInvoicingSchedule } from './invoicing/invoicing-schedule.js';
import { invoicingRoutes } from './invoicing/routes.js';
import { checkNightHolders } from './bookings/night-holders.js';
import { clientErrorHandler } from './lib/client-error.js';
import { clientKey } from './lib/client-key.js';
import { trustProxyOption } from './lib/trust-proxy.js';
import { createAddressPseudonyms } from './lib/address-pseudonym.js';
import { requestLogSerializer } from './lib/request-log.js';
import { jsonErrorHandler } from './lib/error-handler.js';
import { HttpError } from './lib/http-error.js';
import { serializerCompiler, validatorCompiler } from './lib/validation.js';
import { liveMailAddresses } from './mail/compose.js';
import { type DeliveryWorker, startDeliveryWorker } from './mail/delivery-worker.js';
import { bookingMailCheck } from './stay-record/mail-dependency.js';
import { createSmtpMailer } from './mail/smtp.js';
import { databaseRateLimitStore } from './rate-limits/database-store.js';
import { adminReviewRoutes } from './reviews/admin-routes.js';
import { type CachedPage, createPublicCache } from './lib/public-cache.js';
import { reviewRoutes } from './reviews/routes.js';
import { builtPages, type LivePages, renderedPages } from './site/live-pages.js';
import { loadSiteRenderer, type SiteRendering } from './site/render-site.js';
import { addSecurityHeaders } from './site/security-headers.js';
import { clientRoutes } from './site/client-routes.js';
import { healthRoutes } from './site/health.js';
import { adminBookingRoutes } from './bookings/admin-routes.js';
import { adminPaymentRoutes } from './payments/admin-routes.js';
import { adminStayRoutes } from './bookings/stay-routes.js';
import { type BookingSchedule, startBookingSchedule } from './bookings/booking-schedule.js';
import type { BookingContext } from './stay-record/context.js';
import { liveBookingContext, whyInquiryOnly } from './stay-record/context.js';
import { fillMissingTerms } from './stay-record/terms.js';
import { fillMissingTaxRules } from './stay-record/tax-rule.js';
import { bookingRoutes } from './bookings/routes.js';
import { registerPaymentOutcomes } from './bookings/payment-outcomes.js';
import { createStripe } from './payments/stripe-client.js';
import { stripeWebhookRoutes } from './payments/webhook-routes.js';
import { seoRoutes } from './site/seo.js';
import { adminPhotoRoutes } from './photos/admin-routes.js';
import { createEncoderPool, type EncoderPool } from './photos/encoder-pool.js';
import { photoRoutes } from './photos/public-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The published content (content/live-content.ts); a publish here or on another server replaces it. */
    content: LiveContent;
    /** The current published content, in all its languages: read it each time, do not keep it. */
    property: PropertyContent;
    db: Db;
    deliveries: DeliveryWorker;
    /** Public review pages, cleared whenever this server approves or deletes a review. */
    publicReviews: LRUCache<string, CachedPage>;
    /** Windows of public availability, cleared whenever this server changes a taken night. */
    publicAvailability: LRUCache<string, CachedPage>;
    calendarSync: CalendarSync;
    /** Quotes stays from the current content's prices (shared/quote.ts). */
    quoter: Quoter;
    contentPoll: ContentPoll;
    /** The time in epoch milliseconds: the system clock, or the tests' (AppOptions.now). */
    now: () => number;
    /** The clock of the admin's proofs of identity: the system clock, or the tests' (AppOptions.authNow). */
    authNow: () => number;
    /** A client's pseudonym of the day for the owner's audit list (lib/address-pseudonym.ts). */
    addressPseudonym: (ip: string) => string;
    /** What the booking services need (bookings/context.ts). */
    bookings: BookingContext;
    /** The bookings' timed work: holds, payments, balances (bookings/booking-schedule.ts). */
    bookingJobs: BookingSchedule;
    /** The SIBA bulletins' sending and the owner's reminders (registrations/siba-schedule.ts). */
    sibaJobs: SibaSchedule;
    /** The certified invoicing program (invoicing/invoicer.ts); undefined without its settings. */
    invoicer: Invoicer | undefined;
    /** The invoices' timed work (invoicing/invoicing-schedule.ts). */
    invoicingJobs: InvoicingSchedule;
    /** Worker threads that encode the owner's uploaded photos (photos/encoder-pool.ts). */
    photoEncoder: EncoderPool;
    /** Seals the guests' documents (registrations/data-key.ts); undefined while check-in is off and no key is set. */
    dataCipher: DataCipher | undefined;
    /** The build's page renderer, for the editor's preview; absent when the app serves no client. */
    siteRendering: SiteRendering | undefined;
  }
}

export interface AppOptions {
  /** The built client to serve; API-only when absent (as in the API tests). */
  clientDir?: string;
  /**
   * The built SSR entry (dist/ssr/entry-server.js): with it, the published content's pages are
   * rendered at start and at each publish; without it, the build's pages are served as built.
   */
  ssrEntry?: string;
  /** How long a public page of reviews or availability is kept (tests shorten it); see lib/public-cache.ts. */
  publicCacheTtlMs?: number;
  /** Told of every route as it is added (the test that every route is fuzzed). */
  onRoute?: (route: RouteOptions) => void;
  /** A clock the tests move; the system clock otherwise. */
  now?: () => number;
  /**
   * The clock of the admin's logins and their 5-minute proofs; the system clock otherwise. Apart
   * from `now`, so a test that moves the bookings' clock by days keeps its fresh login.
   */
  authNow?: () => number;
  /** Where the log goes (the tests read it); standard output otherwise. */
  logStream?: NodeJS.WritableStream;
  /** How long a call to the invoicing program may take (the tests shorten it). */
  invoicingTimeoutMs?: number;
  /** Runs the poll for other servers' publishes (content/content-poll.ts); the tests fire theirs by hand. */
  contentPoll?: Repeat;
}

/** The whole server, ready to listen or to take `app.inject` requests. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const pseudonyms = createAddressPseudonyms(now);
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const privacySettings = {
    inquiryRetentionDays: config.inquiryRetentionDays,
    submissionWindowMinutes: config.submissionLimit.windowMs / 60_000,
    backupKeepDays: config.backup.keepDays,
  };
  const db = await openDatabase(config.databaseUrl, {
    poolSize: config.databasePoolSize,
    onPoolError: (error) => app.log.error({ err: error }, 'database connection lost'),
  });
  let content: LiveContent;
  let dataCipher: DataCipher | undefined;
  let pages: LivePages | undefined;
  let rendering: SiteRendering | undefined;
  try {
    content = await openContent(config, db, app.log, now);
    dataCipher = await openDataCipher(config, db, content.current().property, app.log);
    if (options.clientDir) {
      rendering = options.ssrEntry ? await loadSiteRenderer(options.clientDir, options.ssrEntry) : undefined;
      pages =
        rendering && config.contentSource === 'database'
          ? renderedPages(rendering, content.current(), config.siteUrl, privacySettings, app.log)
          : builtPages(options.clientDir, config.siteUrl, content.current().property.locales, privacySettings, app.log);
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  app.decorate('config', config);
  app.decorate('now', now);
  app.decorate('authNow', options.authNow ?? Date.now);
  app.decorate('addressPseudonym', pseudonyms);
  app.decorate('content', content);
  app.decorate('siteRendering', rendering);
  app.decorate('dataCipher', dataCipher);
  // Getters, so a reader that asks each time gets the version current then.
  app.decorate('property', { getter: () => content.current().property });
  app.decorate('quoter', { getter: () => content.current().quoter });
  app.decorate('db', db);
  // X-Forwarded-For from a peer TRUST_PROXY does not name: the readiness check warns (readiness/).
  watchForwardedHeaders(app, config, now);
  // This app's name as a job lease holder (jobs/lease.ts).
  const holder = randomUUID();
  const mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, { requireTls: config.mail.requireTls })
    : undefined;
  const addresses = liveMailAddresses(config.mail, () => content.current().property);
  const deliveries = startDeliveryWorker({
    db,
    holder,
    mailer,
    addresses,
    soleServer: databaseKind(config.databaseUrl) === 'sqlite',
    log: app.log,
    now,
    stillTrue: bookingMailCheck(db),
  });
  if (!config.mail.smtpUrl)
    app.log.warn('SMTP_URL is not set: booking inquiries wait in the outbox (see /admin) until it is');
  app.decorate('deliveries', deliveries);
  app.decorate('publicReviews', createPublicCache(options.publicCacheTtlMs));
  app.decorate('publicAvailability', createPublicCache(options.publicCacheTtlMs));
  const calendarSync = startCalendarSync(
    {
      db,
      holder,
      allowPrivateHosts: config.calendar.allowPrivateHosts,
      mailer,
      addresses,
      log: app.log,
      onChange: () => app.publicAvailability.clear(),
    },
    config.calendar.syncMs,
  );
  app.decorate('calendarSync', calendarSync);
  const bookings = liveBookingContext(
    {
      db,
      now,
      stripe: config.stripe ? createStripe(config.stripe) : undefined,
      siteUrl: config.siteUrl,
      ownerEmail: config.mail.to,
      log: app.log,
      wakeMail: () => deliveries.notify(),
      dataCipher,
      mailOn: config.mail.smtpUrl !== undefined,
    },
    content.current,
  );
  registerPaymentOutcomes(bookings);
  app.decorate('bookings', bookings);
  const sweeper = await startSweeper(
    db,
    {
      rateLimitWindowMs: config.submissionLimit.windowMs,
      inquiryRetentionDays: config.inquiryRetentionDays,
      check: () => checkNightHolders(bookings),
    },
    holder,
    app.log,
  );
  const filledTerms = await fillMissingTerms(bookings);
  if (filledTerms > 0)
    app.log.info({ bookings: filledTerms }, 'stored the terms in force with bookings made before terms were kept');
  const filledTaxRules = await fillMissingTaxRules(bookings);
  if (filledTaxRules > 0)
    app.log.info({ bookings: filledTaxRules }, 'stored the tourist tax rule with bookings made before rules were kept');
  const inquiryOnly = whyInquiryOnly(bookings);
  if (inquiryOnly) app.log.warn(inquiryOnly);
  const bookingJobs = startBookingSchedule(bookings, holder);
  app.decorate('bookingJobs', bookingJobs);
  if (config.siba.service === 'test')
    app.log.warn(
      `SIBA_URL is SIBA's test service (${config.siba.url}): it reports nobody, so no bulletin counts as sent; set it to the production service, ${SIBA_PRODUCTION_URL}`,
    );
  const sibaJobs = startSibaSchedule(registrationContext(app), holder, app.log);
  app.decorate('sibaJobs', sibaJobs);
  app.decorate(
    'invoicer',
    config.invoicing ? createInvoiceXpress({ ...config.invoicing, timeoutMs: options.invoicingTimeoutMs }) : undefined,
  );
  const invoicingJobs = startInvoicingSchedule(invoicingContext(app), holder, app.log);
  app.decorate('invoicingJobs', invoicingJobs);
  content.onChange((snapshot, previous) => {
    // Quotes are cached with the availability: the new prices show at once.
    app.publicAvailability.clear();
    pages?.follow(snapshot);
    const why = whyInquiryOnly(bookings);
    if (why) app.log.warn(why);
    app.log.info({ version: snapshot.version, previous: previous.version }, 'now serving a new version of the content');
  });
  const contentPoll =
    config.contentSource === 'database'
      ? startContentPoll({ db, live: content, log: app.log }, options.contentPoll)
      : { stop: async () => undefined };
  app.decorate('contentPoll', contentPoll);
  // One or two threads: encoding never takes every core from the requests (docs/decisions/0024-uploaded-photos.md).
  const photoEncoder = createEncoderPool(Math.max(1, Math.min(2, availableParallelism() - 1)));
  app.decorate('photoEncoder', photoEncoder);
  app.addHook('onClose', async () => {
    await contentPoll.stop();
    await photoEncoder.close();
    await bookingJobs.stop();
    await sibaJobs.stop();
    await invoicingJobs.stop();
    await calendarSync.stop();
    await sweeper.stop();
    await deliveries.stop();
    await db.destroy();
  });
  // While shutting down, answers in flight close their keep-alive connection, so close() does not
  // wait for clients to hang up.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.setErrorHandler(jsonErrorHandler);
  // The API speaks JSON only; anything else is a 415, not a string for the handlers to guess at.
  app.removeContentTypeParser('text/plain');

  await addSecurityHeaders(app, config.siteUrl, () => pages?.current().scriptHashes ?? []);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  // Counted in the database, so several servers behind a load balancer share one limit.
  // One key per client for every limit: an IPv6 client by its /64 (lib/client-key.ts).
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    keyGenerator: (request) => clientKey(request.ip),
  });

  await app.register(healthRoutes);
  await app.register(seoRoutes);
  await app.register(reviewRoutes);
  await app.register(inquiryRoutes);
  await app.register(calendarRoutes);
  await app.register(quoteRoutes);
  await app.register(bookingRoutes);
  await app.register(registrationRoutes);
  await app.register(invoicingRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(photoRoutes);

  const passwordHash = await adminPasswordHash(
    db,
    { password: config.adminPassword, hash: config.adminPasswordHash },
    app.log,
  );
  await app.register(async (admin) => {
    admin.addHook('onRequest', sameOriginOnly(config.siteUrl));
    await admin.register(adminSessionRoutes, { passwordHash });
    await admin.register(async (session) => {
      // Before the schemas are checked: without a session, every answer is a 401.
      session.addHook('preValidation', adminSessionRequired(sessionCookieName(config.siteUrl)));
      await session.register(twoFactorRoutes, { passwordHash });
      await session.register(adminAuditRoutes);
      await session.register(adminPreferenceRoutes);
      await session.register(adminReadinessRoutes);
      await session.register(adminReviewRoutes);
      await session.register(adminInquiryRoutes);
      await session.register(adminNeedsActionRoutes);
      await session.register(adminCalendarRoutes);
      await session.register(adminGuestDataRoutes);
      await session.register(adminBookingRoutes);
      await session.register(adminPaymentRoutes);
      await session.register(adminStayRoutes);
      await session.register(adminContentRoutes);
      await session.register(contentPreviewRoute);
      await session.register(photoLibraryRoute);
      await session.register(adminPhotoRoutes);
      await session.register(adminRegistrationRoutes);
      await session.register(adminTouristTaxRoutes);
      await session.register(adminInvoicingRoutes);
      await session.register(adminReportRoutes);
    });
  });

  if (options.clientDir && pages) {
    await app.register(clientRoutes, { clientDir: options.clientDir, pages: pages.current });
  } else {
    app.setNotFoundHandler(async () => {
      throw new HttpError(404, 'Not found');
    });
  }
  return app;
}
