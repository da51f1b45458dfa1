import type { Localized, PropertyContent } from '../../shared/content.js';
import { taxOfQuote } from '../../shared/tourist-tax.js';
import type { BookingRow } from '../db/schema.js';
import { bookingsWithoutTaxRule, setTaxRuleOnce } from './bookings-data.js';
import type { BookingContext } from './context.js';

// Each stay keeps the tourist tax's rule in force when it was booked or entered
// (docs/decisions/0053-a-stay-keeps-its-tourist-tax-rule.md): its tax, in its quote, in the
// monthly return and in the reports, never follows a later change of the content's rule.

/** The rule as the content holds it, its exemptions' labels in every language. */
export type ContentTaxRule = NonNullable<NonNullable<PropertyContent['pricing']>['touristTax']>;

/** What the `tourist_tax_rule` column holds for a stay booked now: the rule in force, or `null` for none. */
export const taxRuleSnapshot = (property: PropertyContent): string =>
  JSON.stringify(property.pricing?.touristTax ?? null);

/**
 * The rule a booking made before rules were kept is given (migration 0034 when it cannot tell,
 * and the start): none for a site booking whose quote carried no tax (it was made before the tax
 * existed, and the guest paid none), else the rule in force.
 */
function presumedRule(property: PropertyContent, booking: Pick<BookingRow, 'channel' | 'quote'>) {
  const quote = JSON.parse(booking.quote) as { lines?: { kind: string; amount: number }[] };
  if (booking.channel === 'direct' && taxOfQuote({ lines: quote.lines ?? [] }) === 0) return null;
  return property.pricing?.touristTax ?? null;
}

/** The stay's own rule, null when it owes no tourist tax. */
export function taxRuleOf(
  property: PropertyContent,
  booking: Pick<BookingRow, 'channel' | 'quote' | 'touristTaxRule'>,
): ContentTaxRule | null {
  if (booking.touristTaxRule === null) return presumedRule(property, booking);
  return JSON.parse(booking.touristTaxRule) as ContentTaxRule | null;
}

/** A text of the rule in `locale`, else in the content's first language. */
export const ruleText = (text: Localized, locale: string, locales: readonly string[]): string =>
  typeof text === 'string' ? text : (text[locale] ?? text[locales[0] ?? ''] ?? Object.values(text)[0] ?? '');

export type LocalizedTaxRule = Omit<ContentTaxRule, 'exemptions'> & {
  exemptions?: { code: string; label: string }[];
};

/** The rule with its exemptions' labels in `locale`. */
export function localizedRule(rule: ContentTaxRule, locale: string, locales: readonly string[]): LocalizedTaxRule {
  return {
    ...rule,
    exemptions: rule.exemptions?.map((e) => ({ code: e.code, label: ruleText(e.label, locale, locales) })),
  };
}

/**
 * At start: the bookings migration 0034 could not give a rule (no content version in the
 * database, as with CONTENT_SOURCE=files) take the presumed one from the folder this server read,
 * each once, so servers starting together agree.
 */
export async function fillMissingTaxRules(ctx: BookingContext): Promise<number> {
  let filled = 0;
  for (const booking of await bookingsWithoutTaxRule(ctx.db)) {
    const rule = JSON.stringify(presumedRule(ctx.property, booking));
    if (await setTaxRuleOnce(ctx.db, booking.id, rule)) filled++;
  }
  return filled;
}
