import { z } from './zod.js';
import { nifProblem } from './nif.js';
import { adminPageSchema, AdminPageQuerySchema } from './admin-pages.js';
import { BOOKING_ACTORS, BOOKING_STATUSES } from './booking-status.js';
import { PAYMENT_METHODS } from './booking-policy.js';
import { INQUIRY_MESSAGE_MAX } from './constants.js';
import { guestEmailSchema, guestNameSchema } from './inquiries.js';
import { daysBetween } from './date-ranges.js';
import { isCalendarDay } from './dates.js';
import { QUOTE_NIGHTS_MAX, STAY_TOO_LONG } from './quote-constants.js';
import { checkParty, childrenAgesSchema, partyOut, partyShape, QuoteSchema } from './quote-schema.js';
import { OUTSIDE_PAYMENT_METHODS } from './stays.js';
import { CHANNELS } from './channels.js';
import { OwedBackSchema } from './refunds.js';
import { RefundMakeUpSchema } from './refund-make-up.js';

// The wire shapes of direct booking: what a guest sends, what the guest and the owner are shown.

/** A public booking code: four and two characters of an alphabet without 0/O, 1/I/L (K7M2-Q9). */
export const BOOKING_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BookingCodeSchema = z.string().regex(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/, 'is not a booking code');
/** The guest's link token: 32 bytes in base64url. */
export const BookingTokenSchema = z.string().regex(/^[\w-]{43}$/, 'is not a booking link');
export const BookingParamsSchema = z.object({ code: BookingCodeSchema });
export const BookingTokenQuerySchema = z.object({ t: BookingTokenSchema });

/** POST /api/bookings. `today` is the first day a stay may start (earliestToday on the server). */
export function bookingInputSchema(
  today: string | (() => string),
  maxGuests: number,
  locales: readonly string[] = ['en'],
) {
  const day = (label: string) =>
    z.string({ error: `${label} must be a date` }).refine(isCalendarDay, `${label} is not a valid date`);
  return z
    .object({
      checkIn: day('Check-in'),
      checkOut: day('Check-out'),
      // `adults` and `childrenAges`, or `guests` alone as adults, as GET /api/quote takes them.
      ...partyShape(maxGuests),
      name: guestNameSchema(),
      email: guestEmailSchema(),
      phone: z
        .string({ error: 'Phone must be text' })
        .trim()
        .regex(/^\+?[0-9 ()./-]{6,25}$/, 'Please enter a valid phone number')
        .optional()
        .or(z.literal('').transform(() => undefined)),
      /** ISO 3166-1 alpha-2. */
      country: z
        .string({ error: 'Country is required' })
        .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code such as PT'),
      message: z
        .string({ error: 'Message must be text' })
        .trim()
        .max(INQUIRY_MESSAGE_MAX, `Message must be at most ${INQUIRY_MESSAGE_MAX} characters`)
        .refine((v) => !v.includes('\u0000'), 'Message contains a character that is not allowed')
        .default(''),
      locale: z
        .string({ error: 'Locale must be text' })
        .refine((v) => locales.includes(v), `Locale must be one of ${locales.join(', ')}`)
        .optional()
        .transform((v) => v ?? locales[0] ?? 'en'),
      paymentMethod: z.enum(PAYMENT_METHODS, `Payment method must be one of ${PAYMENT_METHODS.join(', ')}`),
      acceptTerms: z.literal(true, 'The booking terms and house rules must be accepted'),
      /**
       * Optional: the party the page showed the price for. A booking whose party is not this one
       * is refused (`party_mismatch`), so the guest is never booked for a party they were not shown.
       */
      quote: z
        .object({
          adults: z.number({ error: 'Quote adults must be a number' }).int().min(0).max(maxGuests),
          childrenAges: childrenAgesSchema(),
        })
        .optional(),
      /** Optional: the tax number for the invoice, of `country` (shared/nif.ts). */
      nif: z
        .string({ error: 'NIF must be text' })
        .trim()
        .max(30, 'NIF must be at most 30 characters')
        .optional()
        // An empty field is no NIF: the guest is invoiced as a final consumer.
        .transform((v) => v || undefined),
    })
    .superRefine((v, ctx) => {
      checkParty(v, ctx, maxGuests);
      const nifIssue = v.nif === undefined ? undefined : nifProblem(v.nif, v.country);
      if (nifIssue) ctx.addIssue({ code: 'custom', path: ['nif'], message: `NIF ${nifIssue}` });
      const firstDay = typeof today === 'string' ? today : today();
      if (v.checkIn < firstDay)
        ctx.addIssue({ code: 'custom', path: ['checkIn'], message: 'Check-in cannot be in the past' });
      const nights = daysBetween(v.checkIn, v.checkOut);
      if (!(nights >= 1))
        ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Check-out must be after check-in' });
      else if (nights > QUOTE_NIGHTS_MAX) ctx.addIssue({ code: 'custom', path: ['checkOut'], message: STAY_TOO_LONG });
    })
    .transform(partyOut);
}
export type BookingInput = z.output<ReturnType<typeof bookingInputSchema>>;

export const BankTransferSchema = z.object({
  iban: z.string(),
  holder: z.string(),
  bic: z.string().optional(),
  reference: z.string(),
  amountCents: z.number().int(),
  dueBy: z.string(),
});

export const BookingCreatedSchema = z.object({
  code: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** The guest's page, with its secret token: shown once, and mailed. */
  bookingUrl: z.string(),
  checkoutUrl: z.string().optional(),
  totalCents: z.number().int(),
  dueNowCents: z.number().int(),
  bankTransfer: BankTransferSchema.optional(),
  /** A mail with the booking's link went to the outbox to be sent (SMTP_URL set): the page may say so. */
  mailed: z.boolean(),
});
export type BookingCreated = z.infer<typeof BookingCreatedSchema>;

export const BookingEventSchema = z.object({
  from: z.enum(BOOKING_STATUSES).nullable(),
  to: z.enum(BOOKING_STATUSES),
  by: z.enum(BOOKING_ACTORS),
  at: z.string(),
  note: z.string().nullable(),
  /** The refund a cancellation decided, in cents; the page formats it in its language. */
  refundCents: z.number().int().nullable(),
});

export const PAYMENT_KINDS = ['deposit', 'full', 'balance', 'refund'] as const;
export const PAYMENT_STATES = ['pending', 'succeeded', 'failed', 'expired'] as const;
/** A refund is planned (`pending`: a card's on its way, a transfer's until the owner marks it sent), `succeeded` or `failed`; it never expires. */
export const REFUND_STATES = [
  'pending',
  'succeeded',
  'failed',
] as const satisfies readonly (typeof PAYMENT_STATES)[number][];
export const PaymentSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  method: z.enum(['stripe', 'bank_transfer', 'owner']),
  /** A refund's is one of REFUND_STATES; settledAt is then when it succeeded (a transfer's: the day it went out). */
  status: z.enum(PAYMENT_STATES),
  amountCents: z.number().int(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** A refund's tourist tax and the rest (decision 0059); null for a charge. */
  makeUp: RefundMakeUpSchema.nullable(),
  /** A failed refund still to finish: why it failed. Null otherwise, and once refunded by transfer or from Stripe's dashboard. */
  failure: z.string().nullable(),
});

/** How to get there and in, in the booking's language; the door instructions included (the guest's own page only). */
export const ArrivalSchema = z.object({
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  checkInFrom: z.string(),
  checkInUntil: z.string(),
  checkOutUntil: z.string(),
  directions: z.object({ fromLisbon: z.string(), fromPorto: z.string() }),
  parking: z.string(),
  manual: z.array(z.object({ title: z.string(), text: z.string() })),
  doorInstructions: z.string(),
});
export type Arrival = z.infer<typeof ArrivalSchema>;

const TierSchema = z.object({ daysBeforeArrival: z.number().int(), refundPercent: z.number().int() });

/**
 * The terms the guest accepted at booking, as the owner's admin shows them: the policy stored
 * with the booking, which its refunds and balance follow (docs/decisions/0035-terms-snapshot.md).
 */
export const BookingTermsSchema = z.object({
  cancellation: z.array(TierSchema),
  depositPercent: z.number().int(),
  balanceDaysBeforeArrival: z.number().int(),
  /** In the language the guest booked in, as shown then. */
  houseRules: z.string(),
  /**
   * When the guest accepted them: null for an offer whose guest has not yet (they accept before
   * paying) and for a stay the owner entered (docs/decisions/0052-offers-accept-their-terms.md).
   */
  acceptedAt: z.string().nullable(),
  /** A stay the owner entered: its terms are only what the owner gave, never accepted on the site. */
  ownerEntered: z.boolean(),
  locale: z.string(),
});
export type BookingTerms = z.infer<typeof BookingTermsSchema>;

/** The owner who contracts with the guest (the content's legal.owner). */
export const LegalOwnerSchema = z.object({ name: z.string(), nif: z.string(), address: z.string() });

/** The guest's copy of the contract's terms: the accepted terms, the notice and who they contract with. */
export const GuestTermsSchema = BookingTermsSchema.extend({
  noWithdrawal: z.string(),
  owner: LegalOwnerSchema.nullable(),
  /** The Alojamento Local registration number. */
  registrationNumber: z.string().nullable(),
});
export type GuestTerms = z.infer<typeof GuestTermsSchema>;

/** What the guest's booking page shows (GET /api/bookings/:code?t=). */
export const GuestBookingSchema = z.object({
  code: z.string(),
  status: z.enum(BOOKING_STATUSES),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int(),
  name: z.string(),
  locale: z.string(),
  paymentMethod: z.enum([...PAYMENT_METHODS, ...OUTSIDE_PAYMENT_METHODS]),
  quote: QuoteSchema,
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  dueCents: z.number().int(),
  /** The part of `dueCents` to pay before `holdUntil` (the deposit not yet paid); 0 unless awaiting payment. */
  dueNowCents: z.number().int(),
  balanceDueOn: z.string().nullable(),
  /** Until when the nights are held for a payment; null once paid or when nothing is held. */
  holdUntil: z.string().nullable(),
  /** A payment in progress the guest can return to (an open Checkout page). */
  checkoutUrl: z.string().nullable(),
  bankTransfer: BankTransferSchema.nullable(),
  canPayBalance: z.boolean(),
  canCancel: z.boolean(),
  /** What a cancellation today would refund. */
  refundIfCancelledCents: z.number().int(),
  /** What a cancelled booking owes back and how (shared/refunds.ts). */
  owedBack: OwedBackSchema,
  /** The tiers of the accepted terms (the same as `terms.cancellation`). */
  cancellation: z.array(TierSchema),
  terms: GuestTermsSchema,
  /** From the content's arrival.daysBefore days before check-in until check-out, for a confirmed stay; null otherwise. */
  arrival: ArrivalSchema.nullable(),
  /** The tax number the invoice will carry, when the guest gave one (shared/nif.ts). */
  invoiceNif: z.object({ nif: z.string(), country: z.string() }).nullable(),
  /** An owner's offer not yet paid: the ways of paying the guest may choose between (none otherwise). */
  paymentChoices: z.array(z.enum(PAYMENT_METHODS)),
  /** An owner's offer whose terms the guest has not accepted yet: accepted before anything is paid. */
  termsToAccept: z.boolean(),
  /** The owner's own words with an offer; null for any other booking. */
  ownerMessage: z.string().nullable(),
});
/** POST /api/bookings/:code/accept-terms: the guest of an offer accepts its terms. */
export const AcceptTermsSchema = z.object({
  acceptTerms: z.literal(true, 'The booking terms and house rules must be accepted'),
});
/** POST /api/bookings/:code/payment-method: the guest of an offer chooses how to pay. */
export const PaymentChoiceSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, `Payment method must be one of ${PAYMENT_METHODS.join(', ')}`),
});
export type GuestBooking = z.infer<typeof GuestBookingSchema>;

export const CancelResultSchema = z.object({ status: z.enum(BOOKING_STATUSES), refundCents: z.number().int() });
export const CheckoutLinkSchema = z.object({ checkoutUrl: z.string() });

/** The review request of a booking: to be asked (`on`), turned off by the owner (`off`), or gone (`sent`). */
export const REVIEW_REQUEST_STATES = ['on', 'off', 'sent'] as const;
/** A dispute (chargeback) of one of the booking's payments, as Stripe last reported it: Stripe's status, and the deadline to answer. */
export const BookingDisputeSchema = z.object({
  status: z.string(),
  amountCents: z.number().int(),
  respondBy: z.string().nullable(),
});
export const AdminBookingSchema = z.object({
  code: z.string(),
  status: z.enum(BOOKING_STATUSES),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int(),
  /** The children's ages; `guests` counts them too. */
  childrenAges: z.array(z.number().int()),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  country: z.string(),
  locale: z.string(),
  message: z.string(),
  paymentMethod: z.enum([...PAYMENT_METHODS, ...OUTSIDE_PAYMENT_METHODS]),
  /** Where the stay was booked (docs/stays.md), its platform's reservation code and commission. */
  channel: z.enum(CHANNELS),
  platformReference: z.string().nullable(),
  commissionCents: z.number().int().nullable(),
  /** A platform stay its feed no longer lists, not kept by the owner: cancelled there? (decision 0037). */
  feedMissing: z.boolean(),
  quote: QuoteSchema,
  totalCents: z.number().int(),
  /** What the booking asked for at once: the deposit, or everything. */
  dueNowCents: z.number().int(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  dueCents: z.number().int(),
  balanceDueOn: z.string().nullable(),
  holdUntil: z.string().nullable(),
  /** Set when the balance is past due by more than the grace days: the owner decides. */
  overdue: z.boolean(),
  createdAt: z.string(),
  bankReference: z.string().nullable(),
  refundIfCancelledCents: z.number().int(),
  /** What a cancelled booking owes back and how (shared/refunds.ts). */
  owedBack: OwedBackSchema,
  reviewRequest: z.enum(REVIEW_REQUEST_STATES),
  history: z.array(BookingEventSchema),
  payments: z.array(PaymentSchema),
  /** The open dispute, else the latest; null when none. */
  dispute: BookingDisputeSchema.nullable(),
  terms: BookingTermsSchema,
  /** SMTP_URL is set: a mail to the guest leaves now. Without it mails wait, and no screen says one was sent. */
  mailOn: z.boolean(),
});
export type AdminBooking = z.infer<typeof AdminBookingSchema>;
/** A page of one filter, and how many bookings every filter holds: no filter says "none" while another has some. */
export const AdminBookingListSchema = adminPageSchema(AdminBookingSchema).extend({
  counts: z.object({
    requests: z.number().int(),
    awaiting_payment: z.number().int(),
    upcoming: z.number().int(),
    past: z.number().int(),
  }),
});
export type AdminBookingList = z.infer<typeof AdminBookingListSchema>;

/** The owner's lists: what needs an answer, what waits for money, what is ahead, what is over. */
export const ADMIN_BOOKING_FILTERS = ['requests', 'awaiting_payment', 'upcoming', 'past'] as const;
export const AdminBookingQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum(ADMIN_BOOKING_FILTERS).default('upcoming'),
});
/**
 * POST /api/admin/bookings/:code/mark-paid: a transfer the owner saw arrive. The form makes one
 * `idempotencyKey` for each time it is filled in, so a second click or a retried request records
 * the money once.
 */
export const MarkPaidSchema = z.object({
  amountCents: z.number().int().min(1, 'Amount must be at least 1 cent'),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'The idempotency key is 16 to 64 letters, digits, - or _')
    .optional(),
});
export const OwnerCancelSchema = z.object({ refundCents: z.number().int().min(0, 'Refund must not be negative') });

const ownerDay = (label: string) =>
  z.string({ error: `${label} must be a date` }).refine(isCalendarDay, `${label} is not a valid date`);
/** POST /api/admin/bookings/:code/dates: the stay's new nights; the price stays as agreed. */
export const ChangeDatesSchema = z
  .object({ checkIn: ownerDay('Check-in'), checkOut: ownerDay('Check-out') })
  .superRefine((v, ctx) => {
    const nights = daysBetween(v.checkIn, v.checkOut);
    if (!(nights >= 1))
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Check-out must be after check-in' });
    else if (nights > QUOTE_NIGHTS_MAX) ctx.addIssue({ code: 'custom', path: ['checkOut'], message: STAY_TOO_LONG });
  });
/**
 * POST /api/admin/bookings/:code/party: who stays now, by the booking form's own rules (adults from
 * 1, children's ages, at most `capacity` in all; decision 0069).
 */
export function changePartySchema(capacity: number) {
  const { adults, childrenAges } = partyShape(capacity);
  return z
    .object({ adults, childrenAges })
    .superRefine((v, ctx) => checkParty(v, ctx, capacity))
    .transform(partyOut);
}
export type ChangePartyInput = z.output<ReturnType<typeof changePartySchema>>;
/** PUT /api/admin/bookings/:code/review-request: whether the guest is asked for a review after the stay. */
export const ReviewRequestSwitchSchema = z.object({ enabled: z.boolean({ error: 'Enabled must be true or false' }) });

/**
 * GET /api/booking/options?locale=: how this site takes bookings now. The page asks, because the
 * payment methods depend on the server's keys, and the policies stay out of the first view.
 */
export const BookingOptionsSchema = z.object({
  /** `inquiry` also when neither payment method is set up. */
  mode: z.enum(['inquiry', 'request', 'instant']),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  stripeMethods: z.array(z.enum(['card', 'multibanco', 'mb_way'])),
  currency: z.string(),
  depositPercent: z.number().int(),
  balanceDaysBeforeArrival: z.number().int(),
  bankTransferHoldDays: z.number().int(),
  requestResponseHours: z.number().int(),
  cancellation: z.array(z.object({ daysBeforeArrival: z.number().int(), refundPercent: z.number().int() })),
  /** In the asked locale: the policy as sentences, the house rules, the no-withdrawal notice. */
  cancellationWords: z.array(z.string()),
  houseRules: z.string(),
  noWithdrawal: z.string(),
});
export type BookingOptions = z.infer<typeof BookingOptionsSchema>;

/** `dropped`: no longer true when its delivery came (a transfer's details for a booking paid since), never sent. */
export const BOOKING_MAIL_STATES = ['scheduled', 'sent', 'failed', 'cancelled', 'dropped'] as const;
/** GET /api/admin/bookings/:code/mails: every mail of the booking to the guest, sent or planned. */
export const BookingMailListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      sendAt: z.string(),
      state: z.enum(BOOKING_MAIL_STATES),
      sentAt: z.string().optional(),
    }),
  ),
});
export const BookingMailParamsSchema = z.object({ id: z.string().regex(/^[\w:-]{1,120}$/, 'id is not valid') });
