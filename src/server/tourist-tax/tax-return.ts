import { localizeProperty, type PropertyContent } from '../../shared/content.js';
import { addMonths } from '../../shared/date-ranges.js';
import {
  PAST_MAX_NIGHTS,
  stayTax,
  type TaxExemption,
  taxInMonth,
  UNDER_AGE,
  UNNAMED_MUNICIPALITY,
} from '../../shared/tourist-tax.js';
import type { TaxReturn, TaxReturnItem } from '../../shared/tourist-tax-return.js';
import type { Db } from '../db/database.js';
import { staysWithNightsIn } from '../stay-record/bookings-data.js';
import { partyOfBooking } from '../stay-record/stay-tax.js';
import { uncompletedReservations } from '../calendar/feed-reservations.js';
import { type LocalizedTaxRule, localizedRule, taxRuleOf } from '../stay-record/tax-rule.js';
import { englishCount } from '../../shared/english-count.js';

// The tourist tax's monthly return (docs/stays.md, "Tourist tax"): computed from the stays of
// every channel, each under the rule it was booked under, never typed; each night counts in the
// month it falls in.

/** The owner's language for the return: English when the content has it. */
const ownerLocale = (property: PropertyContent) =>
  property.locales.includes('en') ? 'en' : (property.locales[0] ?? 'en');

/**
 * The return of `month`, its exemptions labelled in `locale` when the content has it, else in the
 * owner's language; the two built-in reasons are always in English here (a screen words them
 * itself, from `limits`).
 */
export async function touristTaxReturn(
  db: Db,
  property: PropertyContent,
  month: string,
  locale?: string,
): Promise<TaxReturn> {
  const language = locale && property.locales.includes(locale) ? locale : ownerLocale(property);
  const pricing = property.pricing ? localizeProperty(property, language).pricing : undefined;
  const current = pricing?.touristTax;
  const currency = pricing?.currency ?? 'EUR';
  const totals = { nightsTaxed: 0, nightsExempt: 0, dueCents: 0, platformCents: 0 };
  const first = `${month}-01`;
  const items: TaxReturnItem[] = [];
  // The rule of the month's stays, each the one it was booked under (decision 0053); the heading
  // and the limits name the newest of them, else the rule in force.
  let shown: LocalizedTaxRule | undefined;
  for (const stay of await staysWithNightsIn(db, first, addMonths(first, 1))) {
    const stored = taxRuleOf(property, stay);
    // Booked when no tax existed: it owes none, and is no part of the return.
    if (!stored) continue;
    const rule = localizedRule(stored, language, property.locales);
    shown = rule;
    const exemptions = JSON.parse(stay.touristTaxExemptions) as TaxExemption[];
    const tax = taxInMonth(stayTax(rule, stay.checkIn, stay.checkOut, { ...partyOfBooking(stay), exemptions }), month);
    const item: TaxReturnItem = {
      code: stay.code,
      channel: stay.channel,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      nightsTaxed: tax.nightsTaxed,
      nightsExempt: tax.nightsExempt,
      exempt: Object.entries(tax.exemptByReason).map(([reason, nights]) => ({
        reason,
        label: reasonLabel(rule, reason),
        nights,
      })),
      collectedBy: stay.touristTaxCollectedBy,
      amountCents: tax.amountCents,
    };
    items.push(item);
    totals.nightsTaxed += item.nightsTaxed;
    totals.nightsExempt += item.nightsExempt;
    if (item.collectedBy === 'platform') totals.platformCents += item.amountCents;
    else totals.dueCents += item.amountCents;
  }
  const heading = shown ?? current;
  const limits = { minAge: heading?.minAge ?? null, maxNights: heading?.maxNights ?? null };
  const municipality = heading ? (heading.municipality ?? UNNAMED_MUNICIPALITY) : null;
  const uncompleted = (await uncompletedReservations(db, first, addMonths(first, 1))).map(
    ({ uid, feed, platform, start, end }) => ({ uid, feed, platform, start, end }),
  );
  return { month, municipality, currency, limits, items, uncompleted, totals };
}

/** Why person-nights were not taxed, in the owner's words; the two built-in reasons always in English. */
function reasonLabel(rule: LocalizedTaxRule, reason: string) {
  if (reason === UNDER_AGE) return `Under ${rule.minAge ?? 0}`;
  if (reason === PAST_MAX_NIGHTS) return `Past the first ${englishCount(rule.maxNights ?? 0, 'night')}`;
  return rule.exemptions?.find((e) => e.code === reason)?.label ?? reason;
}
