import type { TaxReturn } from '../../shared/tourist-tax-return.js';
import { minorDigits } from '../../shared/quote-text.js';

// The return as a spreadsheet opens it: UTF-8 with a byte-order mark (so Excel reads "Taxa
// turística" right), one row per stay, then the totals, the same figures as the screen's.

const cell = (value: string | number) => {
  const text = String(value);
  // A cell a spreadsheet would run as a formula is quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** `12.50`: the amount in the currency's major unit, with a point, as a spreadsheet reads numbers. */
const amount = (cents: number, currency: string) => {
  const digits = minorDigits(currency);
  return digits === 0 ? String(cents) : (cents / 10 ** digits).toFixed(digits);
};

export function taxReturnCsv(report: TaxReturn): string {
  const rows: (string | number)[][] = [
    [`Tourist tax return ${report.month}`, report.municipality ?? 'no tourist tax in the content'],
    [
      'Stay',
      'Channel',
      'Check-in',
      'Check-out',
      'Person-nights taxed',
      'Person-nights exempt',
      'Exempt because',
      'Collected by',
      `Amount (${report.currency})`,
    ],
    ...report.items.map((item) => [
      item.code,
      item.channel,
      item.checkIn,
      item.checkOut,
      item.nightsTaxed,
      item.nightsExempt,
      item.exempt.map((e) => `${e.label}: ${e.nights}`).join('; '),
      item.collectedBy,
      amount(item.amountCents, report.currency),
    ]),
    ['Total', '', '', '', report.totals.nightsTaxed, report.totals.nightsExempt, '', '', ''],
    [
      'Due to the municipality (collected by the owner)',
      '',
      '',
      '',
      '',
      '',
      '',
      'owner',
      amount(report.totals.dueCents, report.currency),
    ],
    [
      'Collected by platforms',
      '',
      '',
      '',
      '',
      '',
      '',
      'platform',
      amount(report.totals.platformCents, report.currency),
    ],
  ];
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
