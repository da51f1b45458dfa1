import { z } from './zod.js';
import { adminPageSchema } from './admin-pages.js';
import { INQUIRY_EMAIL_MAX, INQUIRY_NAME_MAX } from './constants.js';
import { AdminInquirySchema } from './inquiries.js';

// A guest's right of access and erasure, handled by the owner in /admin.

export const GUEST_NAME_SEARCH_MIN = 2;

/** Exactly one of `email` (the whole address, any case) or `name` (a part of it, any case). */
export const GuestDataQuerySchema = z
  .object({
    email: z.string().trim().min(1, 'email must not be empty').max(INQUIRY_EMAIL_MAX, 'email is too long').optional(),
    name: z
      .string()
      .trim()
      .min(GUEST_NAME_SEARCH_MIN, `name must be at least ${GUEST_NAME_SEARCH_MIN} characters`)
      .max(INQUIRY_NAME_MAX, 'name is too long')
      .refine((v) => !v.includes('\u0000'), 'name contains a character that is not allowed')
      .optional(),
    /** Answer as a JSON file to save, and note the export in the audit list. */
    download: z.enum(['true', 'false'], { error: 'download must be true or false' }).optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.email === undefined) === (q.name === undefined))
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Search by email or by name (one of the two)' });
    if (q.email?.includes('\u0000'))
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'email contains a character that is not allowed' });
  });
export type GuestDataQuery = z.output<typeof GuestDataQuerySchema>;

/** An inquiry as the owner's list shows it, with the language the guest wrote in. */
const GuestInquirySchema = AdminInquirySchema.pick({
  id: true,
  name: true,
  email: true,
  guests: true,
  message: true,
  checkIn: true,
  checkOut: true,
  createdAt: true,
  status: true,
  quote: true,
}).extend({ locale: z.string() });

const GuestReviewSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  isApproved: z.boolean(),
  createdAt: z.string(),
});

/** A calendar block whose note names the guest. */
const GuestBlockSchema = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  note: z.string().nullable(),
  kind: z.enum(['block', 'booking']),
});

/**
 * A booking, for the right of access. Bookings are not erased here: they are the record of a
 * payment, which the owner's accounts must keep (docs/decisions/0019-direct-booking.md).
 */
const GuestBookingSchema = z.object({
  code: z.string(),
  status: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  country: z.string(),
  locale: z.string(),
  message: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  createdAt: z.string(),
});

/** A guest's registration for the SIBA bulletin, in clear, for the right of access (decision 0027). */
const GuestRegistrationSchema = z.object({
  bookingCode: z.string(),
  index: z.number().int(),
  surname: z.string(),
  givenNames: z.string(),
  nationality: z.string(),
  birthDate: z.string().nullable(),
  birthPlace: z.string().nullable(),
  documentType: z.string().nullable(),
  documentNumber: z.string().nullable(),
  documentCountry: z.string().nullable(),
  residenceCountry: z.string().nullable(),
  residenceTown: z.string().nullable(),
});

/** The IBAN a guest gave for a refund by transfer, in clear, for the owner's export (decision 0054). */
const GuestRefundAccountSchema = z.object({ bookingCode: z.string(), iban: z.string() });

export const GuestDataSchema = z.object({
  inquiries: z.array(GuestInquirySchema),
  reviews: z.array(GuestReviewSchema),
  blocks: z.array(GuestBlockSchema),
  bookings: z.array(GuestBookingSchema),
  registrations: z.array(GuestRegistrationSchema),
  refundAccounts: z.array(GuestRefundAccountSchema),
});
export type GuestData = z.infer<typeof GuestDataSchema>;

const ids = z.array(z.string().regex(/^[\w-]{1,100}$/, 'id is not valid')).max(1000, 'At most 1000 at once');

const bookingCodes = z
  .array(z.string().regex(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/, 'is not a booking code'))
  .max(1000)
  .default([]);

/** What to erase: the rows the search listed, by id, so nothing the owner did not see goes. */
export const GuestEraseSchema = z.object({
  inquiryIds: ids,
  reviewIds: ids,
  blockIds: ids.default([]),
  /** The bookings whose guests' registrations to erase; those the law keeps are refused (`retained`). */
  registrationBookingCodes: bookingCodes,
  /** The bookings whose refund IBANs to erase: no law keeps those (decision 0054). */
  refundAccountBookingCodes: bookingCodes,
});
export type GuestErase = z.infer<typeof GuestEraseSchema>;

export const GuestEraseResultSchema = z.object({
  inquiries: z.number().int(),
  reviews: z.number().int(),
  blocks: z.number().int(),
  registrations: z.number().int(),
  refundAccounts: z.number().int(),
  /**
   * Registrations not erased: the law keeps them one year after the departure was reported
   * (GDPR art. 17(3)(b), Lei 23/2007 art. 15.º), and the sweep deletes them then.
   */
  retained: z.array(
    z.object({ bookingCode: z.string(), code: z.literal('registration_retained'), message: z.string() }),
  ),
});

export const GUEST_DATA_ACTIONS = ['export', 'erase'] as const;

/** One line of the audit list: when, what, and how many rows; never whose. */
export const GuestDataAuditSchema = adminPageSchema(
  z.object({
    at: z.string(),
    action: z.enum(GUEST_DATA_ACTIONS),
    inquiries: z.number().int(),
    reviews: z.number().int(),
    blocks: z.number().int(),
  }),
);
