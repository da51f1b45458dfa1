import type { FastifyInstance } from 'fastify';
import type { BookingContext } from '../stay-record/context.js';
import type { Invoicer } from './invoicer.js';

/** What invoicing needs of the app: the bookings' context (database, clock, content, Stripe, mail) and the provider, if set. */
export interface InvoicingContext {
  bookings: BookingContext;
  /** Undefined without INVOICEXPRESS_ACCOUNT and INVOICEXPRESS_API_KEY: the owner invoices by hand ("To invoice"). */
  invoicer: Invoicer | undefined;
}

export function invoicingContext(app: FastifyInstance): InvoicingContext {
  return { bookings: app.bookings, invoicer: app.invoicer };
}
