import { CHANNELS } from './channels.js';
import { z } from './zod.js';

// The owner's books (docs/reports.md): month by month for a year, by channel. Nights count in the
// month each night falls in; money counts on the day it moved, in Europe/Lisbon, so the
// accountant's export of the same days adds up to the same amounts. Money in integer cents.

export const ReportQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'year must be a year such as 2027' })
    .int('year must be a year such as 2027')
    .min(2000, 'year must be from 2000')
    .max(2100, 'year must be at most 2100'),
});

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const ExportQuerySchema = z
  .object({
    from: z
      .string({ error: 'from must be a day such as 2027-01-01' })
      .regex(DAY, 'from must be a day such as 2027-01-01'),
    to: z.string({ error: 'to must be a day such as 2027-12-31' }).regex(DAY, 'to must be a day such as 2027-12-31'),
    locale: z.enum(['pt', 'en'], 'locale must be pt or en').default('pt'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to must not be before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 3 * 366 * 86_400_000, {
    path: ['to'],
    message: 'The export covers at most three years',
  });

export const ReportRowSchema = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  channel: z.enum(CHANNELS),
  /** Nights of the channel's stays that fall in the month. */
  nights: z.number().int(),
  /** The month's nights less those the owner blocked: the same for every channel. */
  available: z.number().int(),
  /** nights ÷ available, 0 when nothing was available; four decimals. */
  /**
   * Of `nights`, those of the platforms' reservations not yet completed into stays: counted in the
   * occupancy, not in the rate or the money (decision 0053).
   */
  uncompletedNights: z.number().int(),
  occupancy: z.number(),
  /** The stays' price less their tourist tax, per night of the month, rounded to the cent. */
  adrCents: z.number().int(),
  /** Money received on the month's days: payments, and the price of stays paid on a platform or to the owner (on check-in). */
  grossCents: z.number().int(),
  /** Platform commissions of stays arriving in the month. */
  commissionCents: z.number().int(),
  /** Stripe's fees of the payments received in the month. */
  stripeFeeCents: z.number().int(),
  /** Refunds paid in the month. */
  refundsCents: z.number().int(),
  /** Disputes lost in the month (closed by Stripe as lost): money the guest's bank took back. */
  disputesLostCents: z.number().int(),
  /** gross − commission − Stripe fees − refunds − disputes lost. */
  netCents: z.number().int(),
  /** The tourist tax of the month's nights, whoever collected it. */
  touristTaxCents: z.number().int(),
  /** The part of it the owner collected and owes the municipality. */
  touristTaxDueCents: z.number().int(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const ReportSchema = z.object({
  year: z.number().int(),
  currency: z.string(),
  months: z.array(ReportRowSchema),
});
export type Report = z.infer<typeof ReportSchema>;
