import type { Quote } from '../../../shared/quote-schema';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';

// The amounts are written in the admin's language; the lines' labels and the rule stay in the
// guest's, as the guest saw them and as the owner's mail has them.

/** The quote stored with an inquiry: its lines, the total and the broken rule, if any. */
export function InquiryQuote({ quote }: { quote: Quote }) {
  const money = (amount: number) => formatAmount(amount, quote.currency, pageLocale === 'en' ? 'en-GB' : pageLocale);
  return (
    <div data-testid="inquiry-quote" className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{m.inquiries_quote()}</p>
      <ul className="mt-1 space-y-0.5">
        {quote.lines.map((line) => (
          <li key={`${line.kind}-${line.unitAmount}`} className="flex justify-between gap-4">
            <span>{line.label}</span>
            <span className="tabular-nums">{money(line.amount)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-4 border-t border-slate-200 pt-0.5 font-semibold text-slate-900">
          <span>{m.inquiries_quoteTotal()}</span>
          <span data-testid="inquiry-quote-total" className="tabular-nums">
            {money(quote.total)}
          </span>
        </li>
      </ul>
      {quote.message && (
        <p data-testid="inquiry-quote-rule" className="mt-1 text-amber-900">
          {quote.message}
        </p>
      )}
    </div>
  );
}
