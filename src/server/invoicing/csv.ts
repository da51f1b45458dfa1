import type { ToInvoiceItem } from '../../shared/invoicing.js';

// The "To invoice" list as a CSV that LibreOffice and Excel open as they are: UTF-8 with a BOM,
// `;` between fields, amounts in euros with a decimal comma (the owner's Portuguese spreadsheet).

export const csvCell = (value: string) =>
  /[";\r\n]/.test(value) || /^[=+\-@]/.test(value)
    ? `"${value.replace(/"/g, '""').replace(/^([=+\-@])/, "'$1")}"`
    : value;
const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export function toInvoiceCsv(items: readonly ToInvoiceItem[]): string {
  const head = [
    'date',
    'kind',
    'booking',
    'guest',
    'country',
    'nif',
    'amount_eur',
    'line',
    'line_amount_eur',
    'vat_percent',
    'exemption_code',
    'credits_invoice_by_hand',
  ];
  const rows = items.flatMap((item) =>
    item.lines.map((line) => [
      item.at.slice(0, 10),
      item.kind,
      item.bookingCode,
      item.guestName,
      item.country,
      item.nif ?? '',
      euros(item.amountCents),
      line.description,
      euros(line.amountCents),
      line.vatPercent === null ? '' : String(line.vatPercent),
      line.exemptionCode ?? '',
      item.creditsHandInvoice ? 'yes' : '',
    ]),
  );
  return `\uFEFF${[head, ...rows].map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
