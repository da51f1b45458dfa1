import { useMemo, useState } from 'react';
import { nifProblem } from '../../../shared/nif';
import { pageLocale } from '../../i18n/locale';
import { errorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { api, ApiError } from '../../lib/api';
import { Field } from '../../ui/field';
import { countryOptions } from '../../lib/countries';

interface Props {
  /** The booking's API path with its token (`/api/bookings/CODE?t=…`). */
  path: string;
  current: { nif: string; country: string } | null;
  onSaved: () => unknown;
}

/**
 * "Invoice with a tax number (NIF)" at check-in (docs/invoicing.md): optional, checked here as the
 * server checks it (a Portuguese NIF by its check digit, shared/nif.ts), and refused by the server
 * once an invoice was issued.
 */
export function CheckInNif({ path, current, onSaved }: Props) {
  const countries = useMemo(() => countryOptions(pageLocale), []);
  const [country, setCountry] = useState(current?.country ?? '');
  const [nif, setNif] = useState(current?.nif ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [base, query] = path.split('?') as [string, string];

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaved(null);
    if (!country || !nif.trim() || nifProblem(nif, country)) return setError(m.errors_byField_nif());
    setError(null);
    setSending(true);
    try {
      const answer = await api<{ nif: string; country: string }>(`${base}/nif?${query}`, {
        method: 'PUT',
        body: { nif, country },
      });
      setNif(answer.nif);
      setSaved(m.checkIn_nifSaved({ nif: `${answer.country} ${answer.nif}` }));
      await onSaved();
    } catch (failure) {
      // The server's refusal of the number itself in the page's words; anything else by its code.
      setError(failure instanceof ApiError && failure.field === 'nif' ? m.errors_byField_nif() : errorText(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void save(e)}
      noValidate
      aria-labelledby="check-in-nif-title"
      className="mt-6 rounded-xl border border-slate-200 p-4"
      data-testid="check-in-nif"
    >
      <h3 id="check-in-nif-title" className="font-semibold text-slate-900">
        {m.checkIn_nifTitle()}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {current && !saved ? m.checkIn_nifCurrent({ nif: `${current.country} ${current.nif}` }) : m.checkIn_nifIntro()}
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Field label={m.checkIn_nifCountry()}>
          {(control) => (
            <select {...control} value={country} onChange={(e) => setCountry(e.target.value)} required>
              <option value="">{m.booking_countryChoose()}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={m.checkIn_nifNumber()} hint={m.booking_nifHint()} error={error ?? undefined}>
          {(control) => (
            <input
              {...control}
              value={nif}
              onChange={(e) => setNif(e.target.value)}
              maxLength={30}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <button
        type="submit"
        disabled={sending}
        className="mt-4 rounded-lg bg-lake-700 px-4 py-2 font-semibold text-white hover:bg-lake-800 disabled:opacity-60"
      >
        {m.checkIn_nifSave()}
      </button>
      {saved && (
        <p role="status" className="mt-3 text-green-800" data-testid="check-in-nif-saved">
          {saved}
        </p>
      )}
    </form>
  );
}
