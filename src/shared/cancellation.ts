import { daysBetween } from './date-ranges.js';

// The refund of a cancelled booking, from the content's policy tiers. The same function shows the
// guest the amount before they confirm and computes it on the server, so the two never differ.

export interface CancellationTier {
  /** From this many days before arrival on (or earlier)… */
  daysBeforeArrival: number;
  /** …this share of what was paid comes back. */
  refundPercent: number;
}

/**
 * The tier that applies `daysLeft` days before arrival: the one with the most days not above
 * `daysLeft`. None (a cancellation later than every tier) refunds nothing.
 */
export function tierFor(tiers: readonly CancellationTier[], daysLeft: number): CancellationTier | undefined {
  let best: CancellationTier | undefined;
  for (const tier of tiers) {
    if (tier.daysBeforeArrival <= daysLeft && (!best || tier.daysBeforeArrival > best.daysBeforeArrival)) best = tier;
  }
  return best;
}

/** Days from `today` to the arrival day: 0 on the day itself, negative once it has passed. */
export const daysBeforeArrival = (today: string, checkIn: string) => daysBetween(today, checkIn);

/** What comes back of `paidCents` when cancelled on `today`: whole cents, rounded down, never more than was paid. */
export function refundCents(
  tiers: readonly CancellationTier[],
  paidCents: number,
  today: string,
  checkIn: string,
): number {
  const tier = tierFor(tiers, daysBeforeArrival(today, checkIn));
  if (!tier || paidCents <= 0) return 0;
  return Math.min(paidCents, Math.floor((paidCents * tier.refundPercent) / 100));
}

/**
 * The tourist tax within what the guest has paid and not had back: each payment carries the tax
 * in the share the tax has of the total (a 30 % deposit holds 30 % of the tax), rounded up.
 */
export function taxHeldCents(booking: {
  paidCents: number;
  refundedCents: number;
  totalCents: number;
  taxCents: number;
}): number {
  const held = booking.paidCents - booking.refundedCents;
  if (held <= 0 || booking.taxCents <= 0 || booking.totalCents <= 0) return 0;
  return Math.min(booking.taxCents, held, Math.ceil((held * booking.taxCents) / booking.totalCents));
}

/**
 * What comes back when a booking is cancelled on `today`: the tourist tax paid, in full (no night
 * was spent, docs/decisions/0038-tourist-tax.md), and the tiers' share of the rest.
 */
export function cancellationRefundCents(
  tiers: readonly CancellationTier[],
  booking: { paidCents: number; refundedCents: number; totalCents: number; taxCents: number },
  today: string,
  checkIn: string,
): number {
  const held = booking.paidCents - booking.refundedCents;
  if (held <= 0) return 0;
  const tax = taxHeldCents(booking);
  return tax + refundCents(tiers, held - tax, today, checkIn);
}
