import { z } from './zod.js';
import { addDays } from './date-ranges.js';

// The owner's booking settings (the content's `booking`), and what they mean for one stay: the
// deposit, the balance and its due date (docs/decisions/0019-direct-booking.md).

export const BOOKING_MODES = ['inquiry', 'request', 'instant'] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

export const PAYMENT_METHODS = ['stripe', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The Stripe Checkout methods an owner may enable; card is always offered. */
export const STRIPE_METHODS = ['card', 'multibanco', 'mb_way'] as const;
export type StripeMethod = (typeof STRIPE_METHODS)[number];

/** Multibanco references are offered only when the arrival is at least this many days away. */
export const MULTIBANCO_MIN_DAYS = 10;
/** How long a Stripe Checkout page holds the nights (Stripe's shortest expiry). */
export const CHECKOUT_HOLD_MINUTES = 30;
/** The balance reminder goes this many days before the balance is due. */
export const BALANCE_REMINDER_DAYS = 7;

/** An IBAN by ISO 13616: country, check digits, then the account, whose mod-97 must be 1. */
export function isIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

const percent = z
  .number()
  .int('must be a whole number')
  .min(0, 'must be from 0 to 100')
  .max(100, 'must be from 0 to 100');
const days = (max: number) =>
  z.number().int('must be a whole number of days').min(0, 'must not be negative').max(max, `must be at most ${max}`);

/** The `booking` section of the content file, around a schema for its texts like the rest. */
export function bookingShape<Text extends z.ZodType>(text: Text) {
  return z.strictObject({
    mode: z.enum(BOOKING_MODES).default('inquiry'),
    // At least 1 %: a card payment of nothing is no payment, and the hold needs one.
    depositPercent: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be from 1 to 100')
      .max(100, 'must be from 1 to 100')
      .default(30),
    balanceDaysBeforeArrival: days(365).default(30),
    /** After the balance's due date, how long before the owner is told it is overdue. */
    balanceGraceDays: days(60).default(3),
    /** In `request` mode, how long the owner has to accept before the request expires. */
    requestResponseHours: z.number().int().min(1).max(168).default(48),
    bankTransferHoldDays: z.number().int().min(1, 'must be at least 1').max(30).default(3),
    /** How long an offer made from an inquiry holds its nights for the guest to pay (docs/stays.md). */
    offerHoldHours: z.number().int('must be a whole number').min(1, 'must be at least 1').max(336).default(48),
    cancellation: z
      .array(z.strictObject({ daysBeforeArrival: days(365), refundPercent: percent }))
      .min(1, 'must list at least one tier')
      .refine(
        (tiers) => new Set(tiers.map((t) => t.daysBeforeArrival)).size === tiers.length,
        'names the same daysBeforeArrival twice',
      ),
    houseRules: text,
    /** Stripe Checkout's methods besides card, as enabled in the owner's Stripe account. */
    stripeMethods: z.array(z.enum(STRIPE_METHODS)).default(['card']),
    bankTransfer: z
      .strictObject({
        iban: z
          .string()
          .refine(isIban, 'is not a valid IBAN')
          .transform((v) => v.replace(/\s+/g, '').toUpperCase()),
        holder: z.string().trim().min(1, 'must not be empty').max(70),
        bic: z
          .string()
          .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'is not a valid BIC')
          .optional(),
      })
      .optional(),
  });
}

export type BookingSettings = z.output<ReturnType<typeof bookingShape<z.ZodString>>>;

export interface PaymentPlan {
  totalCents: number;
  /** What is paid at booking: the deposit, or everything when the balance would already be due. */
  dueNowCents: number;
  balanceCents: number;
  /** The day the balance is due; null when everything is paid at booking. */
  balanceDueOn: string | null;
}

/** The stay's payments as of `today`: the deposit now and the balance `balanceDaysBeforeArrival` before arrival. */
export function paymentPlan(
  settings: Pick<BookingSettings, 'depositPercent' | 'balanceDaysBeforeArrival'>,
  totalCents: number,
  today: string,
  checkIn: string,
): PaymentPlan {
  const dueOn = addDays(checkIn, -settings.balanceDaysBeforeArrival);
  const deposit = Math.ceil((totalCents * settings.depositPercent) / 100);
  if (dueOn <= today || deposit >= totalCents)
    return { totalCents, dueNowCents: totalCents, balanceCents: 0, balanceDueOn: null };
  return { totalCents, dueNowCents: deposit, balanceCents: totalCents - deposit, balanceDueOn: dueOn };
}
