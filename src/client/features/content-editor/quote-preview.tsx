import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { addDays } from '../../../shared/date-ranges';
import { houseToday } from '../../../shared/dates';
import { languageOf } from '../../../shared/locales';
import { PricingSchema } from '../../../shared/pricing';
import { quoteStay } from '../../../shared/quote';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { Field } from '../../ui/field';
import type { ContentForm } from './form-values';
import { m } from '../../i18n/paraglide/messages';

/** The season names in one language: the quote only needs a label for its lines. */
function inLanguage(pricing: unknown, locale: string): unknown {
  if (!pricing || typeof pricing !== 'object') return pricing;
  const { seasons = [] } = pricing as { seasons?: { name: unknown }[] };
  return {
    ...pricing,
    seasons: seasons.map((season) => ({
      ...season,
      name: typeof season.name === 'string' ? season.name : (season.name as Record<string, string>)[locale] || '—',
    })),
  };
}

/** What a stay would cost with the prices as typed: the same computation as the page's quote. */
export function QuotePreview() {
  const id = useId();
  const { control, getValues } = useFormContext<ContentForm>();
  const pricing = useWatch({ control, name: 'pricing' });
  // The quote speaks the admin's language; the season names come from the content's text in it, if any.
  const contentLocales = getValues('locales') as string[];
  const locale =
    contentLocales.find((l) => l === pageLocale) ??
    contentLocales.find((l) => languageOf(l) === languageOf(pageLocale)) ??
    contentLocales[0] ??
    'en';
  const [checkIn, setCheckIn] = useState(() => addDays(houseToday(Date.now()), 30));
  const [checkOut, setCheckOut] = useState(() => addDays(houseToday(Date.now()), 33));
  const [guests, setGuests] = useState('2');
  const parsed = PricingSchema.safeParse(inLanguage(pricing, locale));
  let result: string;
  if (!parsed.success) result = m.editor_quoteFixPrices();
  else {
    try {
      const quote = quoteStay(parsed.data, checkIn, checkOut, Number(guests), pageLocale);
      const total = formatAmount(quote.total, quote.currency, pageLocale);
      result = `${m.editor_quoteNights({ count: quote.nights, total })}${quote.message ? ` (${quote.message})` : ''}`;
    } catch {
      result = m.editor_quoteBadDates();
    }
  }
  return (
    <div className="rounded-xl bg-sand-50 p-4">
      <h3 className="font-semibold text-slate-800">{m.editor_tryPrices()}</h3>
      <div className="mt-2 grid gap-3 md:grid-cols-3">
        <Field label={m.editor_checkIn()} density="admin">
          {(control) => <input {...control} type="date" value={checkIn} onChange={(e) => setCheckIn(e.target.value)} />}
        </Field>
        <Field label={m.editor_checkOut()} density="admin">
          {(control) => (
            <input {...control} type="date" value={checkOut} onChange={(e) => setCheckOut(e.target.value)} />
          )}
        </Field>
        <Field label={m.editor_guests()} density="admin">
          {(control) => (
            <input {...control} type="number" min={1} value={guests} onChange={(e) => setGuests(e.target.value)} />
          )}
        </Field>
      </div>
      <p id={`${id}-quote`} role="status" data-testid="editor-quote" className="mt-3 font-medium text-slate-900">
        {result}
      </p>
    </div>
  );
}
