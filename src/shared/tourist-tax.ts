import type { Channel, TouristTaxCollector } from './channels.js';
import { addDays, daysBetween } from './date-ranges.js';
import { inSeason } from './season-days.js';

// The municipal tourist tax of a stay (docs/decisions/0038-tourist-tax.md), the same for the
// quote, the booking, a cancellation and the monthly return: person-nights counted night by night
// from `YYYY-MM-DD` strings, so no time zone enters, and amounts in whole cents.

/** What the return says of a rule in release 0.1's two-field form, which names no municipality (decision 0041). */
export const UNNAMED_MUNICIPALITY = 'Municipality not named (set it in the content editor)';

/** The rule as the content states it (src/shared/pricing.ts), with any label type. */
export interface TaxRule {
  municipality?: string;
  perGuestPerNight: number;
  seasons?: readonly { from: string; to: string; perGuestPerNight: number }[];
  minAge?: number;
  maxNights?: number;
  exemptions?: readonly { code: string }[];
  collectedBy?: readonly { channel: Channel; from: string }[];
}

/** One guest's exemption, ticked by the owner: `guest` counts the adults first, then the children in order. */
export interface TaxExemption {
  guest: number;
  code: string;
}

export interface TaxParty {
  adults: number;
  /** Each child's age in whole years at check-in. */
  childrenAges: readonly number[];
  exemptions?: readonly TaxExemption[];
}

/** Why a person-night is not taxed: too young, past the most nights of a stay, or an exemption's code. */
export const UNDER_AGE = 'under_age';
export const PAST_MAX_NIGHTS = 'past_max_nights';

export interface TaxNight {
  /** The day the night starts. */
  day: string;
  rate: number;
  taxed: number;
  /** The person-nights not taxed, by reason. */
  exempt: Readonly<Record<string, number>>;
  amount: number;
}

export interface StayTax {
  nights: TaxNight[];
  nightsTaxed: number;
  nightsExempt: number;
  exemptByReason: Record<string, number>;
  amountCents: number;
}

/** The rate of the night that starts on `day`: its season's (the first listed that holds it), else the rule's. */
export function taxRateOn(rule: TaxRule, day: string): number {
  return rule.seasons?.find((season) => inSeason(season, day))?.perGuestPerNight ?? rule.perGuestPerNight;
}

/** Ages of the party, adults as null (of age for any rule). */
const agesOf = (party: TaxParty): (number | null)[] => [
  ...Array.from({ length: party.adults }, () => null),
  ...party.childrenAges,
];

/**
 * The tax of a stay from `checkIn` to the check-out day `checkOut`: each person, each night, taxed
 * unless under `minAge`, exempt by a code the rule names (an unknown code exempts nothing), or past
 * the rule's `maxNights` for the stay. Filter `nights` by month for a return.
 */
export function stayTax(rule: TaxRule, checkIn: string, checkOut: string, party: TaxParty): StayTax {
  const count = daysBetween(checkIn, checkOut);
  if (!(count >= 1)) throw new RangeError(`No stay from ${checkIn} to ${checkOut}`);
  const codes = new Set((rule.exemptions ?? []).map((e) => e.code));
  const ages = agesOf(party);
  const reasonOf = ages.map((age, guest) => {
    if (age !== null && rule.minAge !== undefined && age < rule.minAge) return UNDER_AGE;
    return party.exemptions?.find((e) => e.guest === guest && codes.has(e.code))?.code ?? null;
  });
  const exemptByReason: Record<string, number> = {};
  const nights: TaxNight[] = [];
  for (let i = 0; i < count; i++) {
    const day = addDays(checkIn, i);
    const rate = taxRateOn(rule, day);
    const exempt: Record<string, number> = {};
    let taxed = 0;
    for (const reason of reasonOf) {
      const why = reason ?? (rule.maxNights !== undefined && i >= rule.maxNights ? PAST_MAX_NIGHTS : null);
      if (why === null) taxed++;
      else exempt[why] = (exempt[why] ?? 0) + 1;
    }
    for (const [why, n] of Object.entries(exempt)) exemptByReason[why] = (exemptByReason[why] ?? 0) + n;
    nights.push({ day, rate, taxed, exempt, amount: rate * taxed });
  }
  return summed(nights, exemptByReason);
}

function summed(nights: TaxNight[], exemptByReason: Record<string, number>): StayTax {
  let nightsTaxed = 0;
  let amountCents = 0;
  for (const night of nights) {
    nightsTaxed += night.taxed;
    amountCents += night.amount;
  }
  const nightsExempt = Object.values(exemptByReason).reduce((a, b) => a + b, 0);
  return { nights, nightsTaxed, nightsExempt, exemptByReason, amountCents };
}

/** The part of a stay's tax whose nights start in `month` (`YYYY-MM`). */
export function taxInMonth(tax: StayTax, month: string): StayTax {
  const nights = tax.nights.filter((night) => night.day.startsWith(`${month}-`));
  const exemptByReason: Record<string, number> = {};
  for (const night of nights)
    for (const [why, n] of Object.entries(night.exempt)) exemptByReason[why] = (exemptByReason[why] ?? 0) + n;
  return summed(nights, exemptByReason);
}

/**
 * Who collects the tax of a new stay from `channel` arriving on `checkIn`: the platform when the
 * rule says it collects from that day on, else the owner. A stay keeps what it was given
 * (bookings.tourist_tax_collected_by); this is only its default.
 */
export function defaultTaxCollector(rule: TaxRule | undefined, channel: Channel, checkIn: string): TouristTaxCollector {
  return rule?.collectedBy?.some((c) => c.channel === channel && c.from <= checkIn) ? 'platform' : 'owner';
}

/**
 * The quote's view of the tax (no exemptions are known before the stay): for each rate, the taxed
 * guests and nights. The taxed guests are the same every night, so each rate's person-nights are
 * guests × nights. Quick (no night by night list), as the page runs it on every change.
 */
export function taxByRate(rule: TaxRule, checkIn: string, checkOut: string, party: TaxParty) {
  const guests = agesOf(party).filter((age) => age === null || rule.minAge === undefined || age >= rule.minAge).length;
  const nights = Math.min(daysBetween(checkIn, checkOut), rule.maxNights ?? Infinity);
  if (guests === 0 || !(nights >= 1)) return [];
  const byRate = new Map<number, { rate: number; guests: number; nights: number }>();
  const add = (rate: number, count: number) => {
    if (rate === 0) return;
    const line = byRate.get(rate) ?? { rate, guests, nights: 0 };
    line.nights += count;
    byRate.set(rate, line);
  };
  if (!rule.seasons?.length) add(rule.perGuestPerNight, nights);
  else for (let i = 0; i < nights; i++) add(taxRateOn(rule, addDays(checkIn, i)), 1);
  return [...byRate.values()];
}

/** The tourist tax in a quote: the sum of its `touristTax` lines. */
export const taxOfQuote = (quote: { lines: readonly { kind: string; amount: number }[] }): number =>
  quote.lines.reduce((sum, line) => (line.kind === 'touristTax' ? sum + line.amount : sum), 0);
