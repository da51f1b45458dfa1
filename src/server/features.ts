import type { FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import type { AppOptions } from './lib/app-options.js';
import { housesFeature } from './houses/plugin.js';
import { settingsFeature } from './settings/plugin.js';
import { auditFeature } from './audit/plugin.js';
import { rateLimitsFeature } from './rate-limits/plugin.js';
import { mailFeature } from './mail/plugin.js';
import { authFeature } from './auth/plugin.js';
import { photosFeature } from './photos/plugin.js';
import { contentFeature } from './content/plugin.js';
import { stayRecordFeature } from './stay-record/plugin.js';
import { calendarFeature } from './calendar/plugin.js';
import { quotesFeature } from './quotes/plugin.js';
import { touristTaxFeature } from './tourist-tax/plugin.js';
import { paymentsFeature } from './payments/plugin.js';
import { invoicingFeature } from './invoicing/plugin.js';
import { registrationsFeature } from './registrations/plugin.js';
import { reviewsFeature } from './reviews/plugin.js';
import { inquiriesFeature } from './inquiries/plugin.js';
import { bookingsFeature } from './bookings/plugin.js';
import { reportsFeature } from './reports/plugin.js';
import { guestDataFeature } from './guest-data/plugin.js';
import { needsActionFeature } from './needs-action/plugin.js';
import { readinessFeature } from './readiness/plugin.js';
import { siteFeature } from './site/plugin.js';

/**
 * Every server feature, from the bottom layer to the top: buildApp registers them in this order,
 * and a feature imports only from those before it in this list and from lib/, db/, jobs/ and
 * config.ts (docs/decisions/0066-features-as-plugins.md, 0067). The import lines keep the same
 * order: scripts/server-layers.test.ts reads it from them.
 * The houses come first: their hook chooses each request's house before any route of the others.
 * The site comes last: its client routes and the not-found answer take what no feature took.
 */
export const features: ReadonlyArray<FastifyPluginAsync<AppOptions> | FastifyPluginCallback<AppOptions>> = [
  housesFeature,
  settingsFeature,
  auditFeature,
  rateLimitsFeature,
  mailFeature,
  authFeature,
  photosFeature,
  contentFeature,
  stayRecordFeature,
  calendarFeature,
  quotesFeature,
  touristTaxFeature,
  paymentsFeature,
  invoicingFeature,
  registrationsFeature,
  reviewsFeature,
  inquiriesFeature,
  bookingsFeature,
  reportsFeature,
  guestDataFeature,
  needsActionFeature,
  readinessFeature,
  siteFeature,
];
