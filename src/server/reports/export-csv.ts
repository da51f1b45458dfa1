import { csvCell } from '../invoicing/csv.js';
import type { Movement, MovementKind } from './money-movements.js';

// The accountant's export (docs/reports.md): one row per money movement of the days asked, then the
// totals, which are the reports' for the same days. It opens as it is in LibreOffice and Excel:
// UTF-8 with a BOM, `;` between fields, and a decimal comma in the Portuguese export.

const WORDS = {
  en: {
    head: [
      'date',
      'movement',
      'stay',
      'channel',
      'guest',
      'check_in',
      'check_out',
      'amount_eur',
      'document',
      'document_number',
      'document_state',
    ],
    kinds: {
      payment: 'payment',
      refund: 'refund',
      stripe_fee: 'Stripe fee',
      paid_elsewhere: 'paid on the platform or to the owner',
      commission: 'platform commission',
      dispute_lost: 'dispute lost',
    },
    documents: { invoice_receipt: 'invoice-receipt', credit_note: 'credit note' },
    totals: {
      gross: 'Total gross',
      commission: 'Total commissions',
      fees: 'Total Stripe fees',
      refunds: 'Total refunds',
      disputesLost: 'Total disputes lost',
      net: 'Total net',
    },
  },
  pt: {
    head: [
      'data',
      'movimento',
      'estadia',
      'canal',
      'hóspede',
      'entrada',
      'saída',
      'valor_eur',
      'documento',
      'número_documento',
      'estado_documento',
    ],
    kinds: {
      payment: 'pagamento',
      refund: 'reembolso',
      stripe_fee: 'comissão Stripe',
      paid_elsewhere: 'pago na plataforma ou ao proprietário',
      commission: 'comissão da plataforma',
      dispute_lost: 'disputa perdida',
    },
    documents: { invoice_receipt: 'fatura-recibo', credit_note: 'nota de crédito' },
    totals: {
      gross: 'Total bruto',
      commission: 'Total comissões',
      fees: 'Total comissões Stripe',
      refunds: 'Total reembolsos',
      disputesLost: 'Total disputas perdidas',
      net: 'Total líquido',
    },
  },
} as const;

const AMOUNT = 7;

export function exportCsv(movements: readonly Movement[], locale: 'pt' | 'en'): string {
  const words = WORDS[locale];
  const euros = (cents: number) => {
    const text = (cents / 100).toFixed(2);
    return locale === 'pt' ? text.replace('.', ',') : text;
  };
  const rows: string[][] = movements.map((m) => [
    m.day,
    words.kinds[m.kind],
    m.booking.code,
    m.channel,
    m.booking.name,
    m.booking.checkIn,
    m.booking.checkOut,
    euros(m.amountCents),
    m.document ? words.documents[m.document.kind] : '',
    m.document?.number ?? '',
    m.document?.status ?? '',
  ]);
  const sum = (...kinds: MovementKind[]) =>
    movements.filter((m) => kinds.includes(m.kind)).reduce((n, m) => n + m.amountCents, 0);
  const gross = sum('payment', 'paid_elsewhere');
  const commission = -sum('commission');
  const fees = -sum('stripe_fee');
  const refunds = -sum('refund');
  const disputesLost = -sum('dispute_lost');
  const blank = (label: string, cents: number) => [label, '', '', '', '', '', '', euros(cents), '', '', ''];
  rows.push(
    blank(words.totals.gross, gross),
    blank(words.totals.commission, commission),
    blank(words.totals.fees, fees),
    blank(words.totals.refunds, refunds),
    blank(words.totals.disputesLost, disputesLost),
    blank(words.totals.net, gross - commission - fees - refunds - disputesLost),
  );
  // The amounts are the site's own numbers, written bare so a spreadsheet reads them as numbers
  // (a leading minus is not a formula); every other cell is text, guarded by csvCell.
  const line = (r: readonly string[]) => r.map((v, i) => (i === AMOUNT ? v : csvCell(v))).join(';');
  return `\uFEFF${[[...words.head], ...rows].map(line).join('\r\n')}\r\n`;
}
