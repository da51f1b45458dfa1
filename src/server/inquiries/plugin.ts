import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import { adminInquiryRoutes } from './admin-routes.js';
import { inquiryCleanUps } from './clean-ups.js';
import { inquiryOutbox } from './inquiry-outbox.js';
import { inquiryRoutes } from './routes.js';

/** The guests' inquiries: stored, mailed to the owner from their own outbox, kept for their retention. */
export const inquiriesFeature = fp(
  async (app) => {
    app.deliveries.addOutbox(inquiryOutbox({ db: app.db, addresses: app.mailAddresses, log: app.log, now: app.now }));
    app.jobs.sweep.add(inquiryCleanUps(app.config.inquiryRetentionDays));
    await app.register(inquiryRoutes);
    await adminOnly(app, adminInquiryRoutes);
  },
  { name: 'inquiries', dependencies: ['mail', 'rate-limits', 'stay-record', 'calendar', 'quotes'] },
);
