import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { BookingMode, PaymentMethod } from '../../shared/booking-policy.js';
import { localizeProperty, type PropertyContent } from '../../shared/content.js';
import { houseToday } from '../../shared/dates.js';
import type { Db } from '../db/database.js';
import type { DataCipher } from '../lib/data-encryption.js';
import type { Quoter } from '../content/pricing-by-locale.js';
import { type PaymentOutcomes, paymentOutcomes } from './payment-outcomes.js';

/** What the booking services need of the app: its database, clock, content and payment set-up. */
export interface BookingContext {
  db: Db;
  now: () => number;
  property: PropertyContent;
  quoter: Quoter;
  /** The content's `booking`; undefined when it has none. */
  settings: PropertyContent['booking'];
  /** The published version `property` is (0 for the files): stored with each booking's terms. */
  contentVersion: number;
  /** Undefined without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. */
  stripe: Stripe | undefined;
  siteUrl: string;
  /** MAIL_TO: the owner, told of every booking, payment, failure and cancellation. */
  ownerEmail: string | undefined;
  log: FastifyBaseLogger;
  /** Wakes the delivery worker after mails were queued. */
  wakeMail: () => void;
  /** Seals the IBAN a guest gives for a refund (DATA_ENCRYPTION_KEY); undefined without the key. */
  dataCipher?: DataCipher | undefined;
  /** SMTP_URL is set: a queued mail is sent. Without it mails wait, and no page says one was sent. */
  mailOn: boolean;
  /** What a settled or ended payment does to its booking, registered by bookings/ (payment-outcomes.ts). */
  paymentOutcomes: PaymentOutcomes;
}

/**
 * The context with the content read from `content()` at each use (getters), so every booking
 * service and job works from the version published then (docs/decisions/0022-content-in-the-database.md).
 */
export function liveBookingContext(
  deps: Omit<BookingContext, 'property' | 'quoter' | 'settings' | 'contentVersion' | 'paymentOutcomes'>,
  content: () => { version: number; property: PropertyContent; quoter: Quoter },
): BookingContext {
  return {
    ...deps,
    paymentOutcomes: paymentOutcomes(),
    get property() {
      return content().property;
    },
    get quoter() {
      return content().quoter;
    },
    get settings() {
      return content().property.booking;
    },
    get contentVersion() {
      return content().version;
    },
  };
}

/** The ways of paying this site can take now: Stripe with its keys, a transfer with an IBAN. */
export function availableMethods(ctx: Pick<BookingContext, 'settings' | 'stripe'>): PaymentMethod[] {
  return [
    ...(ctx.stripe ? (['stripe'] as const) : []),
    ...(ctx.settings?.bankTransfer ? (['bank_transfer'] as const) : []),
  ];
}

/** The content's mode, or `inquiry` when there are no prices or no way to pay (the start log says why). */
export function effectiveMode(ctx: Pick<BookingContext, 'settings' | 'stripe' | 'quoter'>): BookingMode {
  if (!ctx.settings || ctx.settings.mode === 'inquiry' || !ctx.quoter.hasPrices) return 'inquiry';
  return availableMethods(ctx).length > 0 ? ctx.settings.mode : 'inquiry';
}

/** Why a site whose content asks for bookings takes inquiries only; undefined when it does as asked. */
export function whyInquiryOnly(ctx: Pick<BookingContext, 'settings' | 'stripe' | 'quoter'>): string | undefined {
  if (!ctx.settings || ctx.settings.mode === 'inquiry' || effectiveMode(ctx) !== 'inquiry') return undefined;
  return `booking.mode is "${ctx.settings.mode}" but no payment method is set up (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or booking.bankTransfer in the content): taking inquiries only`;
}

export const today = (ctx: Pick<BookingContext, 'now'>) => houseToday(ctx.now());
export const isoNow = (ctx: Pick<BookingContext, 'now'>) => new Date(ctx.now()).toISOString();
export const houseName = (ctx: Pick<BookingContext, 'property'>, locale: string) =>
  localizeProperty(ctx.property, locale).name;

/** The settings, for code that runs only when bookings are on. */
export function requireSettings(ctx: Pick<BookingContext, 'settings'>): NonNullable<PropertyContent['booking']> {
  if (!ctx.settings) throw new Error('The content has no booking settings');
  return ctx.settings;
}
