import { z } from './zod.js';
import { BookingCodeSchema } from './bookings.js';
import { isCountryCode, PORTUGAL } from './countries.js';
import { isCalendarDay } from './dates.js';

// The wire shapes of online check-in and the SIBA bulletins (docs/decisions/0027-guest-registrations-and-siba.md).
// The lengths are the bulletin's: what two independent SIBA clients cut each field to.
export const REGISTRATION_LIMITS = {
  surname: 40,
  givenNames: 40,
  birthPlace: 30,
  documentNumber: 16,
  residenceTown: 30,
} as const;

/** Passport, identity card or another document; the bulletin's letter for each is in server/siba. */
export const DOCUMENT_TYPES = ['passport', 'id_card', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The two movements a bulletin reports. */
export const MOVEMENTS = ['arrival', 'departure'] as const;
export type Movement = (typeof MOVEMENTS)[number];

/**
 * Where a movement's bulletin stands for the owner: before its day, within its deadline, reported,
 * or late; `awaiting_guests` from its day while no guest is known to be foreign and the party has
 * not all checked in: no bulletin is known to be needed, so it is neither due nor overdue
 * (docs/decisions/0056-a-bulletin-only-when-needed.md).
 */
export const BULLETIN_STATES = ['not_due', 'due', 'sent', 'overdue', 'awaiting_guests'] as const;
export type BulletinState = (typeof BULLETIN_STATES)[number];

/** Online check-in opens this many days before the arrival. */
export const CHECK_IN_OPENS_DAYS = 14;

// eslint-disable-next-line no-control-regex -- a name or a town on one line is the point here
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;
const oneLine = (v: string) => !CONTROL.test(v);
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(oneLine, `${label} must be on one line`);
const country = (label: string) =>
  z
    .string({ error: `${label} must be a country code` })
    .refine(isCountryCode, `${label} must be an ISO 3166 alpha-3 code`);
const day = (label: string) =>
  z.string({ error: `${label} must be a date` }).refine(isCalendarDay, `${label} is not a valid date`);

/** What the bulletin needs of a guest who is not Portuguese, beyond the name and nationality. */
export const FOREIGN_FIELDS = [
  'birthDate',
  'documentType',
  'documentNumber',
  'documentCountry',
  'residenceCountry',
  'residenceTown',
] as const;

/**
 * PUT /api/bookings/:code/guests/:index (and the owner's corrections). A Portuguese guest gives
 * the name only, and anything more is dropped: the site asks for nothing the bulletin does not need.
 */
export const GuestRegistrationInputSchema = z
  .object({
    surname: text('Surname', REGISTRATION_LIMITS.surname),
    givenNames: text('Given names', REGISTRATION_LIMITS.givenNames),
    nationality: country('Nationality'),
    birthDate: day('Date of birth').optional(),
    birthPlace: text('Place of birth', REGISTRATION_LIMITS.birthPlace).optional(),
    documentType: z.enum(DOCUMENT_TYPES, { error: 'Document type must be passport, id_card or other' }).optional(),
    documentNumber: text('Document number', REGISTRATION_LIMITS.documentNumber)
      .refine(
        (v) => /^[\p{L}\p{N} ./-]+$/u.test(v),
        'Document number may hold letters, digits, spaces, dots and dashes',
      )
      .optional(),
    documentCountry: country('Issuing country').optional(),
    residenceCountry: country('Country of residence').optional(),
    residenceTown: text('Town of residence', REGISTRATION_LIMITS.residenceTown).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.nationality === PORTUGAL) return;
    for (const field of FOREIGN_FIELDS)
      if (input[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} is required for a guest who is not Portuguese`,
        });
  })
  .transform((input) =>
    input.nationality === PORTUGAL
      ? { surname: input.surname, givenNames: input.givenNames, nationality: input.nationality }
      : input,
  );
export type GuestRegistrationInput = z.output<typeof GuestRegistrationInputSchema>;

export const GuestParamsSchema = z.object({
  code: BookingCodeSchema,
  index: z.coerce.number({ error: 'index must be a guest number' }).int('index must be a guest number').min(1).max(99),
});

/**
 * What a saved guest's part shows again on the guest's own page: every field that is not sealed.
 * The document number and the date of birth never leave the server
 * (docs/decisions/0056-a-bulletin-only-when-needed.md).
 */
export const SavedGuestFieldsSchema = z.object({
  surname: z.string(),
  givenNames: z.string(),
  birthPlace: z.string().nullable(),
  documentType: z.enum(DOCUMENT_TYPES).nullable(),
  documentCountry: z.string().nullable(),
  residenceCountry: z.string().nullable(),
  residenceTown: z.string().nullable(),
});
export type SavedGuestFields = z.infer<typeof SavedGuestFieldsSchema>;

export const GuestsSchema = z.object({
  /** The first day the guests may check in online. */
  opensAt: z.string(),
  guests: z.array(
    z.object({
      index: z.number(),
      nationality: z.string().nullable(),
      complete: z.boolean(),
      saved: SavedGuestFieldsSchema.nullable(),
    }),
  ),
});
export type Guests = z.infer<typeof GuestsSchema>;

export const SavedGuestSchema = z.object({ index: z.number(), complete: z.boolean() });

export const MovementQuerySchema = z.object({
  movement: z.enum(MOVEMENTS, { error: 'movement must be arrival or departure' }),
});
export const MovementBodySchema = MovementQuerySchema;
export const RegistrationParamsSchema = z.object({ bookingCode: BookingCodeSchema });

const BulletinSchema = z.object({
  dueBy: z.string(),
  state: z.enum(BULLETIN_STATES),
  /** How and when it was reported: through the web service, or marked as uploaded to the portal. */
  sentVia: z.enum(['web_service', 'portal']).nullable().optional(),
  sentAt: z.string().nullable().optional(),
  /** When SIBA's test service took it: it reported nobody, and the bulletin is still due. */
  testAcceptedAt: z.string().nullable().optional(),
  /** SIBA's last refusal, for the owner: the line (guest) it names and its text. */
  error: z.object({ code: z.string(), line: z.number().nullable(), text: z.string() }).nullable().optional(),
});

/** Where the site sends bulletins (server/lib/siba-service.ts): nowhere is `file`, download only. */
export const SIBA_SERVICES = ['test', 'production', 'file'] as const;

export const RegistrationListSchema = z.object({
  service: z.enum(SIBA_SERVICES),
  items: z.array(
    z.object({
      bookingCode: z.string(),
      checkIn: z.string(),
      checkOut: z.string(),
      guestsDue: z.number(),
      guestsComplete: z.number(),
      /** No guest known to be foreign and the party not all checked in: not assumed Portuguese. */
      nationalityUnknown: z.boolean(),
      arrival: BulletinSchema,
      departure: BulletinSchema,
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type RegistrationList = z.infer<typeof RegistrationListSchema>;

export const SendResultSchema = z.object({
  movement: z.enum(MOVEMENTS),
  /** `test_accepted`: SIBA's test service took it, which reports nobody; it is still due. */
  state: z.enum(['sent', 'test_accepted', 'rejected', 'retrying']),
  sentAt: z.string().nullable(),
  sha256: z.string().nullable(),
  error: z.object({ code: z.string(), line: z.number().nullable(), text: z.string() }).nullable(),
});
export type SendResult = z.infer<typeof SendResultSchema>;

/**
 * A bulletin row's life (server/registrations): `pending` waits for its next try, `sending` is held
 * by one server's lease, `sent` is final, `rejected` waits for the owner to correct the data and
 * send again, `test_accepted` was taken by SIBA's test service only and waits for a real send.
 */
export const SIBA_BULLETIN_STATUSES = ['pending', 'sending', 'sent', 'rejected', 'test_accepted'] as const;
export type SibaBulletinStatus = (typeof SIBA_BULLETIN_STATUSES)[number];

export const SIBA_BULLETIN_MOVES: ReadonlyArray<{ from: SibaBulletinStatus; to: SibaBulletinStatus }> = [
  { from: 'pending', to: 'sending' },
  { from: 'sending', to: 'sent' },
  { from: 'sending', to: 'rejected' },
  // A 503, an HTML page or no answer: tried again later.
  { from: 'sending', to: 'pending' },
  { from: 'rejected', to: 'pending' },
  // SIBA's test service answered 0: nobody was reported, so it is sent again once SIBA_URL is production.
  { from: 'sending', to: 'test_accepted' },
  { from: 'test_accepted', to: 'sending' },
  { from: 'test_accepted', to: 'sent' },
  // The owner uploaded the file to the portal.
  { from: 'pending', to: 'sent' },
  { from: 'rejected', to: 'sent' },
];

export function canMoveBulletin(from: SibaBulletinStatus, to: SibaBulletinStatus): boolean {
  return SIBA_BULLETIN_MOVES.some((m) => m.from === from && m.to === to);
}
