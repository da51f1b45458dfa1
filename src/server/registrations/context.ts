import type { FastifyInstance } from 'fastify';
import type { PropertyContent } from '../../shared/content.js';
import { houseToday } from '../../shared/dates.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { DataCipher } from '../lib/data-encryption.js';
import type { BookingContext } from '../stay-record/context.js';

/** What the registrations' services need of the app. */
export interface RegistrationContext {
  db: Db;
  now: () => number;
  readonly property: PropertyContent;
  cipher: DataCipher | undefined;
  siba: Config['siba'];
  bookings: BookingContext;
}

export function registrationContext(app: FastifyInstance): RegistrationContext {
  return {
    db: app.db,
    now: app.now,
    get property() {
      return app.property;
    },
    cipher: app.dataCipher,
    siba: app.config.siba,
    bookings: app.bookings,
  };
}

export const todayOf = (ctx: Pick<RegistrationContext, 'now'>) => houseToday(ctx.now());
export const isoNowOf = (ctx: Pick<RegistrationContext, 'now'>) => new Date(ctx.now()).toISOString();
