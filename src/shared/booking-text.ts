import type { CancellationTier } from './cancellation.js';
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
}

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
