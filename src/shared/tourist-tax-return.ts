import { z } from './zod.js';
import { CHANNELS, TOURIST_TAX_COLLECTORS } from './channels.js';

// The wire shapes of the tourist tax's monthly return (GET /api/admin/tourist-tax) and of the
// exemptions the owner ticks per guest (docs/stays.md, "Tourist tax").

export const TaxMonthQuerySchema = z.object({
  month: z
    .string({ error: 'month must be a month such as 2026-07' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month such as 2026-07'),
  format: z.enum(['json', 'csv'], 'format must be json or csv').default('json'),
  /** The language of the content's exemption labels on screen; the CSV is the owner's (English). */
  locale: z.string().max(20).optional(),
});

export const TaxReturnItemSchema = z.object({
  code: z.string(),
  channel: z.enum(CHANNELS),
  checkIn: z.string(),
  checkOut: z.string(),
  /** Person-nights of the month taxed. */
  nightsTaxed: z.number().int(),
  /** Person-nights of the month not taxed, in all and by reason (under_age, past_max_nights, or an exemption's code). */
  nightsExempt: z.number().int(),
  exempt: z.array(z.object({ reason: z.string(), label: z.string(), nights: z.number().int() })),
  collectedBy: z.enum(TOURIST_TAX_COLLECTORS),
  amountCents: z.number().int(),
});
export type TaxReturnItem = z.infer<typeof TaxReturnItemSchema>;

export const TaxReturnSchema = z.object({
  month: z.string(),
  /** Null when the content states no tourist tax. */
  municipality: z.string().nullable(),
  currency: z.string(),
  /** The rule's own limits, so a screen can say "under 13" and "past the first 7 nights" in its language. */
  limits: z.object({ minAge: z.number().int().nullable(), maxNights: z.number().int().nullable() }),
  items: z.array(TaxReturnItemSchema),
  /**
   * The platforms' reservations with nights in the month not yet completed into stays: the return
   * is not whole until each is a stay (or marked not one), decision 0053.
   */
  uncompleted: z.array(
    z.object({ uid: z.string(), feed: z.string(), platform: z.enum(CHANNELS), start: z.string(), end: z.string() }),
  ),
  totals: z.object({
    nightsTaxed: z.number().int(),
    nightsExempt: z.number().int(),
    /** Collected by the owner: what the owner pays the municipality. */
    dueCents: z.number().int(),
    /** Collected and paid by the platforms themselves. */
    platformCents: z.number().int(),
  }),
});
export type TaxReturn = z.infer<typeof TaxReturnSchema>;

export const TaxExemptionsSchema = z.object({
  exemptions: z
    .array(z.object({ guest: z.number().int().min(0).max(49), code: z.string().min(1).max(40) }))
    .max(50)
    .refine((list) => new Set(list.map((e) => e.guest)).size === list.length, 'names a guest twice'),
});

/** GET /api/admin/bookings/:code/tourist-tax-exemptions?locale=: what the owner ticks, per guest of the stay. */
export const StayTaxExemptionsSchema = z.object({
  /** Each guest, the adults first, then the children in order: a child's age, null for an adult. */
  guests: z.array(z.object({ guest: z.number().int(), age: z.number().int().nullable() })),
  /** The exemptions the municipality names (the content's rule), labelled in the asked language. */
  choices: z.array(z.object({ code: z.string(), label: z.string() })),
  /** The exemptions ticked now. */
  exemptions: z.array(z.object({ guest: z.number().int(), code: z.string() })),
});
export type StayTaxExemptions = z.infer<typeof StayTaxExemptionsSchema>;
export const StayTaxExemptionsQuerySchema = z.object({ locale: z.string().max(20).optional() });
