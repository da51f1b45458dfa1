import { isIban } from './booking-policy.js';
import { isCalendarDay } from './dates.js';
import { z } from './zod.js';

// What a cancelled booking owes back, and where to (docs/decisions/0054-refunds-by-transfer.md):
// a card refund goes back to the card through Stripe; a transfer's refund is sent by the owner, to
// the IBAN the guest gives, which is stored sealed and shown masked.

/** An IBAN as the guest types it (spaces allowed), checked by its mod-97 check digits. */
export const refundIbanSchema = z
  .string({ error: 'Enter the IBAN of the account to refund' })
  .max(50, 'Enter a valid IBAN')
  .refine(isIban, 'Enter a valid IBAN: its check digits do not match');

/** PUT /api/bookings/:code/refund-account: the account for a refund by transfer. */
export const RefundAccountSchema = z.object({ iban: refundIbanSchema });

/** POST /api/bookings/:code/cancel: a guest who paid by transfer may give the refund's IBAN at once. */
export const GuestCancelSchema = z.object({ refundIban: refundIbanSchema.optional() }).nullish();

/** POST /api/admin/bookings/:code/refund-account/reveal: the whole IBAN, for sending the refund (audited). */
export const RevealedRefundAccountSchema = z.object({ iban: z.string() });

/**
 * What the booking owes back and has not yet refunded: to the card (Stripe is sending it), and by
 * transfer (the owner sends it), with the masked IBAN when the guest gave one. Null when nothing is owed.
 */
export const OwedBackSchema = z
  .object({
    cardCents: z.number().int(),
    transferCents: z.number().int(),
    ibanMasked: z.string().nullable(),
  })
  .nullable();
export type OwedBack = z.infer<typeof OwedBackSchema>;

/** POST /api/admin/payments/:paymentId/refund-sent: the refund by transfer went out (docs/decisions/0060-a-transfer-refund-marked-sent.md). */
// A payment's id is one the server made (tests use short names); a NUL would fail PostgreSQL's text type.
export const PaymentParamsSchema = z.object({ paymentId: z.string().regex(/^[\w-]{1,100}$/, 'id is not valid') });
export const RefundSentSchema = z.object({
  /** The day the owner's bank sent it, at the house: not in the future, not before the refund was planned. */
  day: z
    .string({ error: 'Give the day the refund went out' })
    .refine(isCalendarDay, 'The day must be a date as YYYY-MM-DD'),
});

/** An IBAN without spaces, upper case. */
export const normalIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** Groups of four, as banks print an IBAN. */
export const spacedIban = (iban: string) =>
  normalIban(iban)
    .replace(/(.{4})/g, '$1 ')
    .trim();

/** The country and check digits and the last four characters: enough to recognise, not to use. */
export const maskIban = (iban: string) => {
  const plain = normalIban(iban);
  return `${plain.slice(0, 4)} •••• ${plain.slice(-4)}`;
};

/** The refund a cancellation's history note records (`refund 12900 cents`), as a number; null for any other note. */
export function refundOfNote(note: string | null): number | null {
  const match = note ? /^refund (\d+) cents$/.exec(note) : null;
  return match ? Number(match[1]) : null;
}
