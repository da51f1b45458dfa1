import { z } from './zod.js';
import { adminPageSchema } from './admin-pages.js';
import { GUESTS_MIN, INQUIRY_EMAIL_MAX, INQUIRY_MESSAGE_MAX, INQUIRY_NAME_MAX } from './constants.js';
import { daysBetween } from './date-ranges.js';
import { isCalendarDay } from './dates.js';
import { QUOTE_NIGHTS_MAX, STAY_TOO_LONG } from './quote-constants.js';
import { childrenAgesSchema, QuoteSchema } from './quote-schema.js';
import { trimmedText } from './text.js';

// Line breaks in a name or address are how header injection starts; no person needs them there.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;
const oneLine = (value: string) => !CONTROL.test(value);

/** A guest's name and e-mail address, as every form that takes them checks them (inquiries, bookings). */
export const guestNameSchema = () =>
  trimmedText('Full Name', 1, INQUIRY_NAME_MAX).refine(oneLine, 'Full Name must be on one line');
export const guestEmailSchema = () =>
  z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(INQUIRY_EMAIL_MAX, 'Email is too long')
    .refine(oneLine, 'Please enter a valid e-mail address')
    .pipe(z.email('Please enter a valid e-mail address'));

const day = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .refine(isCalendarDay, `${label} is not a valid date`)
    .optional();

/**
 * What a visitor sends. `today` is the first day a stay may start: the visitor's own today in the
 * form, the earliest today on Earth on the server (see earliestToday), asked at each parse when a
 * function, so a schema built once at start stays right after midnight. `maxGuests` is the content
 * file's `capacity`, `locales` its languages: an inquiry names the one of the page it came from,
 * the default (first) when it does not say.
 */
export function inquiryInputSchema(
  today: string | (() => string),
  maxGuests: number,
  locales: readonly string[] = ['en'],
) {
  const guestsMessage = `Guests must be a whole number from ${GUESTS_MIN} to ${maxGuests}`;
  return z
    .object({
      name: guestNameSchema(),
      email: guestEmailSchema(),
      guests: z
        .number({ error: guestsMessage })
        .int(guestsMessage)
        .min(GUESTS_MIN, guestsMessage)
        .max(maxGuests, guestsMessage)
        .nullish()
        .transform((v) => v ?? undefined),
      // Who stays, as the booking form asks (optional): the owner's offer is priced and taxed for them.
      adults: z
        .number({ error: guestsMessage })
        .int(guestsMessage)
        .min(GUESTS_MIN, guestsMessage)
        .max(maxGuests, guestsMessage)
        .nullish()
        .transform((v) => v ?? undefined),
      childrenAges: childrenAgesSchema().optional(),
      message: z
        .string({ error: 'Message must be text' })
        .trim()
        .max(INQUIRY_MESSAGE_MAX, `Message must be at most ${INQUIRY_MESSAGE_MAX} characters`)
        .refine((v) => !v.includes('\u0000'), 'Message contains a character that is not allowed')
        .default(''),
      checkIn: day('Check-in'),
      checkOut: day('Check-out'),
      locale: z
        .string({ error: 'Locale must be text' })
        .refine((v) => locales.includes(v), `Locale must be one of ${locales.join(', ')}`)
        .optional()
        .transform((v) => v ?? locales[0] ?? 'en'),
      /** Honeypot: hidden from people, filled by bots. */
      website: z.unknown().optional(),
    })
    .superRefine((v, ctx) => {
      const children = v.childrenAges?.length ?? 0;
      if (children > 0 && v.adults === undefined)
        ctx.addIssue({ code: 'custom', path: ['adults'], message: 'Say how many adults stay with the children' });
      if (v.adults !== undefined && v.adults + children > maxGuests)
        ctx.addIssue({ code: 'custom', path: ['adults'], message: guestsMessage });
      if (v.adults !== undefined && v.guests !== undefined && v.guests !== v.adults + children)
        ctx.addIssue({ code: 'custom', path: ['guests'], message: 'Guests must be the adults and children together' });
      const firstDay = typeof today === 'string' ? today : today();
      if (v.checkIn && v.checkIn < firstDay)
        ctx.addIssue({ code: 'custom', path: ['checkIn'], message: 'Check-in cannot be in the past' });
      if (v.checkOut && v.checkOut < firstDay)
        ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Check-out cannot be in the past' });
      if (v.checkIn && v.checkOut && v.checkOut <= v.checkIn) {
        ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Check-out must be after check-in' });
      } else if (v.checkIn && v.checkOut && daysBetween(v.checkIn, v.checkOut) > QUOTE_NIGHTS_MAX) {
        ctx.addIssue({ code: 'custom', path: ['checkOut'], message: STAY_TOO_LONG });
      }
    })
    .transform((v) =>
      v.adults === undefined
        ? v
        : { ...v, childrenAges: v.childrenAges ?? [], guests: v.adults + (v.childrenAges?.length ?? 0) },
    );
}
export type InquiryInput = z.infer<ReturnType<typeof inquiryInputSchema>>;

export const INQUIRY_ACCEPTED = "Thank you for contacting us. We'll get back to you as soon as possible.";

export const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const AdminInquirySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  guests: z.number().int().nullable(),
  message: z.string(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  /** The language of the page the guest wrote from: the owner answers in it (decision 0011). */
  locale: z.string(),
  createdAt: z.string(),
  status: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Confirmed as a booking: its nights are blocked. */
  confirmed: z.boolean(),
  /** The price the guest was shown, as the server computed it when the inquiry arrived; null without prices, dates or guests. */
  quote: QuoteSchema.nullable(),
  /** When the owner marked it handled, and who; null while it waits (decision 0044). */
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type AdminInquiry = z.infer<typeof AdminInquirySchema>;

export const AdminInquiryListSchema = adminPageSchema(AdminInquirySchema);

/** The 202 answer to an inquiry; a refusal is the common error body (shared/errors.ts). */
export const InquiryAcceptedSchema = z.object({ success: z.literal(true), message: z.string() });
export type InquiryAccepted = z.infer<typeof InquiryAcceptedSchema>;
