import { z } from './zod.js';
import { adminPageSchema, AdminPageQuerySchema } from './admin-pages.js';
import { BOOKING_STATUSES } from './booking-status.js';
import { CHANNELS, isPlatformChannel, TOURIST_TAX_COLLECTORS } from './channels.js';
import { daysBetween } from './date-ranges.js';
import { isCalendarDay } from './dates.js';
import { guestEmailSchema, guestNameSchema } from './inquiries.js';
import { QUOTE_NIGHTS_MAX, STAY_TOO_LONG } from './quote-constants.js';
import { childrenAgesSchema } from './quote-schema.js';
import { INQUIRY_MESSAGE_MAX } from './constants.js';

// The wire shapes of the owner's stays from every channel (docs/stays.md): a stay the owner
// enters, the one list of stays, the feeds' reservations, and an inquiry's offer.

/**
 * How a stay's money was paid, beyond the guest's own two ways: on the platform (never charged
 * here), or to the owner outside the site (a phone guest). Neither is ever charged or refunded here.
 */
export const OUTSIDE_PAYMENT_METHODS = ['platform', 'owner'] as const;
export type OutsidePaymentMethod = (typeof OUTSIDE_PAYMENT_METHODS)[number];
export const isOutsidePayment = (method: string): method is OutsidePaymentMethod =>
  (OUTSIDE_PAYMENT_METHODS as readonly string[]).includes(method);

/** The channels the owner enters by hand: every one but the site's own. */
export const ENTERED_CHANNELS = CHANNELS.filter((c) => c !== 'direct');
export const CHILD_AGE_MAX = 17;
export const STAY_GUESTS_MAX = 30;
const MONEY_MAX = 10_000_000_00;

const day = (label: string) =>
  z.string({ error: `${label} must be a date` }).refine(isCalendarDay, `${label} is not a valid date`);
const cents = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of cents` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} must not be negative`)
    .max(MONEY_MAX, `${label} is too large`);
const optionalText = (label: string, max: number, pattern?: RegExp, message?: string) => {
  let text = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long`);
  if (pattern) text = text.regex(pattern, message ?? `${label} is not valid`);
  return z
    .union([z.literal('').transform(() => undefined), text])
    .optional()
    .transform((v) => v || undefined);
};

/** POST /api/admin/stays. */
export function stayInputSchema(locales: readonly string[] = ['en']) {
  return z
    .object({
      channel: z.enum(ENTERED_CHANNELS, `Channel must be one of ${ENTERED_CHANNELS.join(', ')}`),
      checkIn: day('Check-in'),
      checkOut: day('Check-out'),
      adults: z
        .number({ error: 'Adults must be a whole number' })
        .int('Adults must be a whole number')
        .min(1, 'At least one adult')
        .max(STAY_GUESTS_MAX, `Adults must be at most ${STAY_GUESTS_MAX}`),
      children: z
        .array(
          z.object({
            age: z
              .number({ error: 'Age must be a whole number' })
              .int('Age must be a whole number')
              .min(0, 'Age must not be negative')
              .max(CHILD_AGE_MAX, `A child is at most ${CHILD_AGE_MAX}`),
          }),
          { error: 'Children must be a list' },
        )
        .max(STAY_GUESTS_MAX, `At most ${STAY_GUESTS_MAX} children`)
        .default([]),
      name: guestNameSchema(),
      email: z
        .union([z.literal('').transform(() => undefined), guestEmailSchema()])
        .optional()
        .transform((v) => v || undefined),
      phone: optionalText('Phone', 25, /^\+?[0-9 ()./-]{4,25}$/, 'Please enter a valid phone number'),
      country: optionalText('Country', 2, /^[A-Z]{2}$/, 'Country must be a two-letter code such as PT'),
      locale: z
        .string({ error: 'Locale must be text' })
        .refine((v) => locales.includes(v), `Locale must be one of ${locales.join(', ')}`)
        .optional()
        .transform((v) => v ?? locales[0] ?? 'en'),
      platformReference: optionalText('Reservation code', 60, /^[\w./# -]+$/),
      feedEventUid: optionalText('Feed event', 255, /^[\x21-\x7e]+$/),
      priceCents: cents('Price').optional(),
      /** Paid to the owner so far (a phone guest's deposit); the price when left out. */
      paidCents: cents('Paid').optional(),
      commissionCents: cents('Commission').optional(),
      touristTaxCollectedBy: z.enum(TOURIST_TAX_COLLECTORS, 'Tourist tax collected by must be owner or platform'),
    })
    .superRefine((v, ctx) => {
      const nights = daysBetween(v.checkIn, v.checkOut);
      if (!(nights >= 1))
        ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Check-out must be after check-in' });
      else if (nights > QUOTE_NIGHTS_MAX) ctx.addIssue({ code: 'custom', path: ['checkOut'], message: STAY_TOO_LONG });
      if (v.commissionCents !== undefined && v.commissionCents > (v.priceCents ?? 0))
        ctx.addIssue({ code: 'custom', path: ['commissionCents'], message: 'The commission cannot exceed the price' });
      if (v.paidCents !== undefined && v.paidCents > (v.priceCents ?? 0))
        ctx.addIssue({ code: 'custom', path: ['paidCents'], message: 'What was paid cannot exceed the price' });
      else if (v.paidCents !== undefined && v.paidCents !== (v.priceCents ?? 0) && isPlatformChannel(v.channel))
        ctx.addIssue({
          code: 'custom',
          path: ['paidCents'],
          message: 'A platform stay is paid in full on the platform',
        });
      if (v.touristTaxCollectedBy === 'platform' && (v.channel === 'phone' || v.channel === 'other'))
        ctx.addIssue({
          code: 'custom',
          path: ['touristTaxCollectedBy'],
          message: 'Only a platform can have collected the tourist tax',
        });
    });
}
export type StayInput = z.output<ReturnType<typeof stayInputSchema>>;

export const StayCreatedSchema = z.object({ code: z.string() });

export const StayListQuerySchema = AdminPageQuerySchema.extend({
  month: z
    .string({ error: 'month must be YYYY-MM' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
    .optional(),
  channel: z.enum(CHANNELS, `channel must be one of ${CHANNELS.join(', ')}`).optional(),
  status: z.enum(BOOKING_STATUSES, `status must be one of ${BOOKING_STATUSES.join(', ')}`).optional(),
});
export type StayListQuery = z.output<typeof StayListQuerySchema>;

export const StayItemSchema = z.object({
  code: z.string(),
  channel: z.enum(CHANNELS),
  status: z.enum(BOOKING_STATUSES),
  checkIn: z.string(),
  checkOut: z.string(),
  adults: z.number().int(),
  children: z.array(z.object({ age: z.number().int() })),
  name: z.string(),
  platformReference: z.string().nullable(),
  /** A platform stay whose feed event is gone from its feed: cancelled there? The owner decides. */
  feedMissing: z.boolean(),
});
export type StayItem = z.infer<typeof StayItemSchema>;
export const StayListSchema = adminPageSchema(StayItemSchema);

export const FeedReservationSchema = z.object({
  uid: z.string(),
  feed: z.string(),
  platform: z.enum(CHANNELS),
  start: z.string(),
  end: z.string(),
  summary: z.string(),
  reference: z.string().optional(),
  phoneDigits: z.string().optional(),
  stayCode: z.string().nullable(),
});
export type FeedReservation = z.infer<typeof FeedReservationSchema>;
export const FeedReservationListSchema = z.object({ items: z.array(FeedReservationSchema) });

/** POST /api/admin/feed-reservations/:uid/not-a-stay: why the event is no stay (a block, a test…). */
export const NotAStayInputSchema = z.object({
  note: z
    .string('Note must say why this is not a stay')
    .trim()
    .min(1, 'Note must say why this is not a stay')
    .max(500, 'Note must be at most 500 characters'),
});
export const FeedEventParamsSchema = z.object({ uid: z.string().min(1).max(255) });
/** A feed event marked "not a stay", once: with the owner's note, who and when. */
export const NotAStaySchema = z.object({
  uid: z.string(),
  feed: z.string(),
  start: z.string(),
  end: z.string(),
  note: z.string(),
  by: z.string(),
  at: z.string(),
});
export const NotAStayListSchema = z.object({ items: z.array(NotAStaySchema) });

/**
 * POST /api/admin/inquiries/:id/offer: the price (the quote's when left out), the owner's own words
 * to the guest, and who stays when the inquiry did not say (or the owner learnt better): adults and
 * the children's ages, as the booking form takes them, for the price and the tourist tax.
 */
export const OfferInputSchema = z.object({
  totalCents: cents('Price').min(1, 'Price must be at least 1 cent').optional(),
  message: z
    .string({ error: 'Message must be text' })
    .trim()
    .max(INQUIRY_MESSAGE_MAX, `Message must be at most ${INQUIRY_MESSAGE_MAX} characters`)
    .refine((v) => !v.includes('\u0000'), 'Message contains a character that is not allowed')
    .optional(),
  adults: z
    .number({ error: 'Adults must be a whole number' })
    .int('Adults must be a whole number')
    .min(1, 'At least one adult')
    .max(STAY_GUESTS_MAX, `Adults must be at most ${STAY_GUESTS_MAX}`)
    .optional(),
  childrenAges: childrenAgesSchema().optional(),
});
export type OfferInput = z.infer<typeof OfferInputSchema>;
/** `mailed`: the guest's mail leaves now (SMTP_URL is set); otherwise the owner passes the link on. */
export const OfferCreatedSchema = z.object({ code: z.string(), payUrl: z.string(), mailed: z.boolean() });
export type OfferCreated = z.infer<typeof OfferCreatedSchema>;

/** `mailed`: the guest's answer leaves now (SMTP_URL is set); otherwise nobody told the guest. */
export const InquiryDeclinedSchema = z.object({ mailed: z.boolean() });
export type InquiryDeclined = z.infer<typeof InquiryDeclinedSchema>;

/** POST /api/admin/stays/:code/guest-link: the guest's link (with its token) for the owner to pass on. */
export const GuestLinkSchema = z.object({ url: z.string() });
