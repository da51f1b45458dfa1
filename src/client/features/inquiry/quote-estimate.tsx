import { Fragment, useId } from 'react';
import type { DateRange } from '../../../shared/date-ranges';
import type { Quote } from '../../../shared/quote-schema';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale, property } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { estimateStay, type StayChoice } from './stay-estimate';

/**
 * The price of the stay chosen so far, under the form's dates, worked out in the page on every
 * change. The live region is there before any estimate, so a screen reader hears it appear and change.
 */
export default function QuoteEstimate({
  stay,
  unavailable,
  title = m.quote_title(),
  note = m.quote_note(),
}: {
  stay: StayChoice;
  unavailable: readonly DateRange[];
  /** The booking panel's price is the one charged: "Price", not "Estimated price". */
  title?: string;
  /** The inquiry's "the owner confirms the final price"; the booking panel's own, or none. */
  note?: string | null;
}) {
  const quote = estimateStay(property.pricing, property.capacity, stay, unavailable, pageLocale);
  return (
    <div aria-live="polite">
      {quote && <QuoteDetails quote={quote} locale={pageLocale} title={title} note={note} />}
    </div>
  );
}

function QuoteDetails({
  quote,
  locale,
  title,
  note,
}: {
  quote: Quote;
  locale: string;
  title: string;
  note: string | null;
}) {
  const headingId = useId();
  const money = (amount: number) => formatAmount(amount, quote.currency, locale);
  return (
    <section aria-labelledby={headingId} data-testid="quote-estimate" className="rounded-xl bg-sand-50 p-4">
      <h3 id={headingId} className="font-semibold text-lake-800">
        {title}
      </h3>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm text-slate-700">
        {quote.lines.map((line) => (
          // Nights are grouped by price, so a kind and a price name one line.
          <Fragment key={`${line.kind}-${line.unitAmount}`}>
            <dt>{line.label}</dt>
            <dd className="text-right tabular-nums">{money(line.amount)}</dd>
          </Fragment>
        ))}
        <dt className="border-t border-slate-200 pt-1 font-semibold text-slate-900">{m.quote_total()}</dt>
        <dd
          data-testid="quote-total"
          className="border-t border-slate-200 pt-1 text-right font-semibold text-slate-900 tabular-nums"
        >
          {money(quote.total)}
        </dd>
      </dl>
      {quote.message && (
        <p data-testid="quote-rule" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {quote.message}
        </p>
      )}
      {note && <p className="mt-2 text-xs text-slate-600">{note}</p>}
    </section>
  );
}
