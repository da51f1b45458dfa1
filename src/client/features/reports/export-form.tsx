import { useId, useState } from 'react';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { Field } from '../../ui/field';

/** The accountant's export (docs/reports.md): any days, in Portuguese (decimal comma) or English. */
export function ExportForm({ year }: { year: number }) {
  const id = useId();
  const [from, setFrom] = useState(`${year}-01-01`);
  const [to, setTo] = useState(`${year}-12-31`);
  const [locale, setLocale] = useState<'pt' | 'en'>(pageLocale.startsWith('pt') ? 'pt' : 'en');
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const href = `/api/admin/export.csv?from=${from}&to=${to}&locale=${locale}`;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 border-t border-slate-200 pt-6">
      <h3 id={`${id}-heading`} className="text-xl font-semibold text-lake-800">
        {m.reports_exportHeading()}
      </h3>
      <p className="mt-1 max-w-prose text-sm text-slate-700">{m.reports_exportIntro()}</p>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <Field label={m.reports_from()} density="admin">
          {(control) => <input {...control} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}
        </Field>
        <Field label={m.reports_to()} density="admin">
          {(control) => <input {...control} type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
        </Field>
        <Field label={m.reports_language()} density="admin">
          {(control) => (
            <select {...control} value={locale} onChange={(e) => setLocale(e.target.value as 'pt' | 'en')}>
              <option value="pt">{m.reports_language_pt()}</option>
              <option value="en">{m.reports_language_en()}</option>
            </select>
          )}
        </Field>
        {valid && (
          <a
            href={href}
            download={`estadia-${from}-${to}.csv`}
            className="rounded-lg bg-lake-700 px-3 py-2 text-sm font-semibold text-white hover:bg-lake-800"
          >
            {m.reports_download()}
          </a>
        )}
      </div>
    </section>
  );
}
