import { type Channel, CHANNELS } from '../../shared/channels.js';
import { localizeProperty, type PropertyContent } from '../../shared/content.js';
import { addDays, addMonths, clipRanges, daysBetween, mergeRanges } from '../../shared/date-ranges.js';
import type { Report, ReportRow } from '../../shared/reports.js';
import { stayTax, type TaxExemption, taxInMonth, taxOfQuote } from '../../shared/tourist-tax.js';
import { staysWithNightsIn } from '../stay-record/bookings-data.js';
import { partyOfBooking } from '../stay-record/stay-tax.js';
import { taxRuleOf } from '../stay-record/tax-rule.js';
import { uncompletedReservations } from '../calendar/feed-reservations.js';
import { ownerBlockRangesIn } from '../calendar/blocks-data.js';
import type { Db } from '../db/database.js';
import { moneyMovements } from './money-movements.js';

// The year's books, month by month and by channel (docs/reports.md). Nights, occupancy, the
// average daily rate and the tourist tax follow the nights; the money follows the day it moved
// (money-movements.ts), as the accountant's export does.

const months = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);

interface Sums {
  nights: number;
  uncompletedNights: number;
  /** The stays' price less tax, per night of the month, before rounding. */
  room: number;
  grossCents: number;
  commissionCents: number;
  stripeFeeCents: number;
  refundsCents: number;
  disputesLostCents: number;
  touristTaxCents: number;
  touristTaxDueCents: number;
}
const empty = (): Sums => ({
  nights: 0,
  uncompletedNights: 0,
  room: 0,
  grossCents: 0,
  commissionCents: 0,
  stripeFeeCents: 0,
  refundsCents: 0,
  disputesLostCents: 0,
  touristTaxCents: 0,
  touristTaxDueCents: 0,
});

export async function yearReport(db: Db, property: PropertyContent, year: number): Promise<Report> {
  const first = `${year}-01-01`;
  const end = `${year + 1}-01-01`;
  const pricing = property.pricing ? localizeProperty(property, property.locales[0] ?? 'en').pricing : undefined;
  const sums = new Map<string, Sums>();
  const used = new Set<Channel>(['direct']);
  const at = (month: string, channel: Channel) => {
    used.add(channel);
    const key = `${month} ${channel}`;
    let s = sums.get(key);
    if (!s) sums.set(key, (s = empty()));
    return s;
  };

  for (const stay of await staysWithNightsIn(db, first, end)) {
    const stayNights = daysBetween(stay.checkIn, stay.checkOut);
    const room = stay.totalCents - taxOfQuote(JSON.parse(stay.quote) as { lines: { kind: string; amount: number }[] });
    // Each stay under the rule it was booked under, none when booked before the tax (decision 0053).
    const rule = taxRuleOf(property, stay);
    const tax = rule
      ? stayTax(rule, stay.checkIn, stay.checkOut, {
          ...partyOfBooking(stay),
          exemptions: JSON.parse(stay.touristTaxExemptions) as TaxExemption[],
        })
      : undefined;
    for (const month of months(year)) {
      const [nightsIn] = clipRanges(
        [{ start: stay.checkIn, end: stay.checkOut }],
        `${month}-01`,
        addMonths(`${month}-01`, 1),
      );
      if (!nightsIn) continue;
      const s = at(month, stay.channel);
      const n = daysBetween(nightsIn.start, nightsIn.end);
      s.nights += n;
      s.room += (room * n) / stayNights;
      if (tax) {
        const cents = taxInMonth(tax, month).amountCents;
        s.touristTaxCents += cents;
        if (stay.touristTaxCollectedBy === 'owner') s.touristTaxDueCents += cents;
      }
    }
  }

  // A platform's reservation the owner has not completed yet still fills its nights (decision 0053).
  for (const reservation of await uncompletedReservations(db, first, end)) {
    for (const month of months(year)) {
      const [nightsIn] = clipRanges([reservation], `${month}-01`, addMonths(`${month}-01`, 1));
      if (nightsIn) at(month, reservation.platform).uncompletedNights += daysBetween(nightsIn.start, nightsIn.end);
    }
  }

  for (const move of await moneyMovements(db, first, addDays(end, -1))) {
    const s = at(move.day.slice(0, 7), move.channel);
    if (move.kind === 'payment' || move.kind === 'paid_elsewhere') s.grossCents += move.amountCents;
    else if (move.kind === 'refund') s.refundsCents -= move.amountCents;
    else if (move.kind === 'stripe_fee') s.stripeFeeCents -= move.amountCents;
    else if (move.kind === 'dispute_lost') s.disputesLostCents -= move.amountCents;
    else s.commissionCents -= move.amountCents;
  }

  const blocked = mergeRanges(await ownerBlockRangesIn(db, first, end));
  const rows: ReportRow[] = [];
  for (const month of months(year)) {
    const start = `${month}-01`;
    const next = addMonths(start, 1);
    const available =
      daysBetween(start, next) - clipRanges(blocked, start, next).reduce((n, r) => n + daysBetween(r.start, r.end), 0);
    for (const channel of CHANNELS.filter((c) => used.has(c))) {
      const s = sums.get(`${month} ${channel}`) ?? empty();
      rows.push({
        month,
        channel,
        nights: s.nights + s.uncompletedNights,
        uncompletedNights: s.uncompletedNights,
        available,
        occupancy: available > 0 ? Math.round(((s.nights + s.uncompletedNights) / available) * 10_000) / 10_000 : 0,
        adrCents: s.nights > 0 ? Math.round(s.room / s.nights) : 0,
        grossCents: s.grossCents,
        commissionCents: s.commissionCents,
        stripeFeeCents: s.stripeFeeCents,
        refundsCents: s.refundsCents,
        disputesLostCents: s.disputesLostCents,
        netCents: s.grossCents - s.commissionCents - s.stripeFeeCents - s.refundsCents - s.disputesLostCents,
        touristTaxCents: s.touristTaxCents,
        touristTaxDueCents: s.touristTaxDueCents,
      });
    }
  }
  return { year, currency: pricing?.currency ?? 'EUR', months: rows };
}
