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
import { staysWithNightsIn } from '../bookings/bookings-data.js';
import { partyOfBooking } from '../bookings/stay-tax.js';
import { englishCount } from '../../shared/english-count.js';

// The tourist tax's monthly return (docs/stays.md, "Tourist tax"): computed from the stays of
// every channel and the content's rule, never typed; each night counts in the month it falls in.

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
  const rule = pricing?.touristTax;
  const currency = pricing?.currency ?? 'EUR';
  const totals = { nightsTaxed: 0, nightsExempt: 0, dueCents: 0, platformCents: 0 };
  const limits = { minAge: rule?.minAge ?? null, maxNights: rule?.maxNights ?? null };
  if (!rule) return { month, municipality: null, currency, limits, items: [], totals };
  const labels: Record<string, string> = {
    [UNDER_AGE]: `Under ${rule.minAge ?? 0}`,
    [PAST_MAX_NIGHTS]: `Past the first ${englishCount(rule.maxNights ?? 0, 'night')}`,
    ...Object.fromEntries((rule.exemptions ?? []).map((e) => [e.code, e.label])),
  };
  const first = `${month}-01`;
  const items: TaxReturnItem[] = [];
  for (const stay of await staysWithNightsIn(db, first, addMonths(first, 1))) {
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
        label: labels[reason] ?? reason,
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
  return { month, municipality: rule.municipality ?? UNNAMED_MUNICIPALITY, currency, limits, items, totals };
}
