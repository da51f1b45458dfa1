import fp from 'fastify-plugin';
import { databaseKind } from '../db/dialect.js';
import { liveMailAddresses, type MailAddresses } from './compose.js';
import { createDeliveries, type Deliveries } from './deliveries.js';
import { createSmtpMailer, type Mailer } from './smtp.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outboxes' delivery worker; features hand it their outbox (mail/deliveries.ts). */
    deliveries: Deliveries;
    /** Sends a mail now; undefined without SMTP_URL. */
    mailer: Mailer | undefined;
    /** MAIL_TO, MAIL_FROM and the house's name and colours as published when a mail is composed. */
    mailAddresses: MailAddresses;
  }
}

/** The mail: SMTP, the outbox and its delivery worker. Imports no feature: features hand it their outboxes. */
export const mailFeature = fp(
  async (app) => {
    const { config } = app;
    const mailer = config.mail.smtpUrl
      ? createSmtpMailer(config.mail.smtpUrl, { requireTls: config.mail.requireTls })
      : undefined;
    // The content feature, above this one, decorates `property` before any mail is composed.
    const addresses = liveMailAddresses(config.mail, () => app.property);
    const deliveries = createDeliveries({
      db: app.db,
      mailer,
      addresses,
      holder: app.jobs.holder,
      soleServer: databaseKind(config.databaseUrl) === 'sqlite',
      log: app.log,
      now: app.now,
    });
    if (!config.mail.smtpUrl)
      app.log.warn('SMTP_URL is not set: booking inquiries wait in the outbox (see /admin) until it is');
    app.decorate('mailer', mailer);
    app.decorate('mailAddresses', addresses);
    app.decorate('deliveries', deliveries);
    app.jobs.atStart(() => deliveries.start());
    app.addHook('onClose', () => deliveries.stop());
  },
  { name: 'mail', dependencies: ['server-base'] },
);
