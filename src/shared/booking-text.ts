import type { CancellationTier } from './cancellation.js';
import { addDays } from './date-ranges.js';
import { formatDayIn } from './dates.js';
import { languageOf } from './locales.js';

// The booking's words with legal weight, by language, for the page and the mails alike (the server
// cannot read the page's catalog, as with quote-text.ts). In Portuguese the deposit is always a
// "pré-pagamento": a "sinal" would oblige an owner who cancels to pay it back twice over
// (Código Civil, art. 442.º); see docs/decisions/0019-direct-booking.md.

interface BookingTexts {
  deposit: string;
  balance: string;
  tierFull: string;
  tierPart: string;
  tierNone: string;
  tierSameDay: string;
  laterNone: string;
  noWithdrawal: string;
  notInvoice: string;
  /** The policy as dates of one stay: each period's refund. */
  until: string;
  between: string;
  after: string;
  refundFull: string;
  refundPart: string;
  refundNone: string;
  never: string;
}

/**
 * The version of the legal words above (the no-withdrawal notice, the policy's sentences): stored
 * with each booking's terms, so a changed wording is told apart from the one a guest accepted.
 * Raise it whenever one of them changes.
 */
export const TERMS_TEXT_VERSION = 1;

export const BOOKING_TEXTS: Readonly<Record<string, BookingTexts>> = {
  en: {
    deposit: 'Deposit',
    balance: 'Balance',
    tierFull: 'Cancel {days} or more days before arrival: full refund.',
    tierPart: 'Cancel {days} or more days before arrival: {percent}% of what you paid is refunded.',
    tierNone: 'Cancel {days} or more days before arrival: no refund.',
    tierSameDay: 'Cancel later, up to the day of arrival: {percent}% of what you paid is refunded.',
    laterNone: 'Cancel later than that: no refund.',
    noWithdrawal:
      'A booking for set dates carries no right of withdrawal (Decreto-Lei 24/2014, art. 4(1)(p) and art. 17(1)(k)): this cancellation policy is the only way to cancel it.',
    notInvoice:
      'This is a receipt for your payment, not an invoice. Invoices are issued by certified invoicing software.',
    until: 'Until {to}: {refund}.',
    between: 'From {from} to {to}: {refund}.',
    after: 'From {from}: {refund}.',
    refundFull: 'full refund',
    refundPart: '{percent}% of what you paid is refunded',
    refundNone: 'no refund',
    never: 'A cancellation is not refunded.',
  },
  pt: {
    deposit: 'Pré-pagamento',
    balance: 'Restante',
    tierFull: 'Cancelamento com {days} ou mais dias de antecedência: reembolso total.',
    tierPart: 'Cancelamento com {days} ou mais dias de antecedência: reembolso de {percent}% do valor pago.',
    tierNone: 'Cancelamento com {days} ou mais dias de antecedência: sem reembolso.',
    tierSameDay: 'Cancelamento posterior, até ao dia da chegada: reembolso de {percent}% do valor pago.',
    laterNone: 'Cancelamento posterior: sem reembolso.',
    noWithdrawal:
      'Uma reserva para datas determinadas não confere direito de livre resolução (Decreto-Lei n.º 24/2014, art. 4.º, n.º 1, alínea p), e art. 17.º, n.º 1, alínea k)): esta política de cancelamento é a única forma de a cancelar.',
    notInvoice:
      'Este é um recibo do seu pagamento, não uma fatura. As faturas são emitidas por software de faturação certificado.',
    until: 'Até {to}: {refund}.',
    between: 'De {from} a {to}: {refund}.',
    after: 'A partir de {from}: {refund}.',
    refundFull: 'reembolso total',
    refundPart: 'reembolso de {percent}% do valor pago',
    refundNone: 'sem reembolso',
    never: 'Um cancelamento não é reembolsado.',
  },
};

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

export function bookingTexts(locale: string): BookingTexts {
  return BOOKING_TEXTS[languageOf(locale)] ?? (BOOKING_TEXTS.en as BookingTexts);
}

/** The cancellation policy as sentences, from the earliest tier to the latest. */
export function cancellationPolicyWords(tiers: readonly CancellationTier[], locale: string): string[] {
  const texts = bookingTexts(locale);
  const sorted = tiers.toSorted((a, b) => b.daysBeforeArrival - a.daysBeforeArrival);
  const lines = sorted.map((tier) => {
    if (tier.daysBeforeArrival === 0)
      return fill(tier.refundPercent === 0 ? texts.laterNone : texts.tierSameDay, { percent: tier.refundPercent });
    const template =
      tier.refundPercent === 100 ? texts.tierFull : tier.refundPercent === 0 ? texts.tierNone : texts.tierPart;
    return fill(template, { days: tier.daysBeforeArrival, percent: tier.refundPercent });
  });
  const last = sorted.at(-1);
  if (last && last.daysBeforeArrival > 0 && last.refundPercent > 0) lines.push(texts.laterNone);
  return lines;
}

interface Period {
  /** First day; undefined for a period that began before `since`. */
  from?: string;
  /** Last day; undefined for the last period, which runs on. */
  to?: string;
  percent: number;
}

/**
 * The policy as dates of one stay ("Until 3 May 2027: full refund."), from the tiers and the
 * arrival day: a cancellation on a day gets the refund of the period holding it (tierFor's rule).
 * Periods over before `since` (the booking's day) are left out; neighbours that refund the same
 * share are one period.
 */
export function cancellationDeadlines(
  tiers: readonly CancellationTier[],
  checkIn: string,
  locale: string,
  since?: string,
): string[] {
  const texts = bookingTexts(locale);
  const sorted = tiers.toSorted((a, b) => b.daysBeforeArrival - a.daysBeforeArrival);
  const periods: Period[] = [];
  let from: string | undefined;
  for (const tier of sorted) {
    const to = addDays(checkIn, -tier.daysBeforeArrival);
    periods.push({ ...(from ? { from } : {}), to, percent: tier.refundPercent });
    from = addDays(to, 1);
  }
  const last = sorted.at(-1);
  if (!last || last.daysBeforeArrival > 0) periods.push({ ...(from ? { from } : {}), percent: 0 });
  const shown: Period[] = [];
  for (const period of periods) {
    if (since && period.to && period.to < since) continue;
    const start = since && period.from && period.from <= since ? undefined : period.from;
    const previous = shown.at(-1);
    if (previous && previous.percent === period.percent) {
      if (period.to) previous.to = period.to;
      else delete previous.to;
    } else
      shown.push({
        percent: period.percent,
        ...(period.to ? { to: period.to } : {}),
        ...(start ? { from: start } : {}),
      });
  }
  // No refund up to the arrival is no refund after it either: the last period runs on.
  if (shown.at(-1)?.percent === 0) delete shown.at(-1)!.to;
  const day = (value: string) => formatDayIn(value, locale);
  return shown.map((period) => {
    const refund =
      period.percent === 100
        ? texts.refundFull
        : period.percent === 0
          ? texts.refundNone
          : fill(texts.refundPart, { percent: period.percent });
    // Only without tiers: nothing is ever refunded.
    if (!period.from && !period.to) return texts.never;
    if (!period.from) return fill(texts.until, { to: day(period.to!), refund });
    if (!period.to) return fill(texts.after, { from: day(period.from), refund });
    return fill(texts.between, { from: day(period.from), to: day(period.to), refund });
  });
}
