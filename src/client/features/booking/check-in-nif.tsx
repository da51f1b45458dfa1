import { useId, useState } from 'react';
import { nifProblem } from '../../../shared/nif';
import { errorText, fieldErrorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { api, ApiError } from '../../lib/api';
import { Field } from '../../ui/field';
import { ErrorSummary, useFieldProblems } from '../../ui/form-errors';
import { CountryOptions } from '../../ui/country-options';

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
  const [country, setCountry] = useState(current?.country ?? '');
  const [nif, setNif] = useState(current?.nif ?? '');
  const id = useId();
  const fields = useFieldProblems();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [base, query] = path.split('?') as [string, string];

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaved(null);
    setError(null);
    fields.clear();
    const refused = [
      ...(country ? [] : [{ field: 'country', controlId: `${id}-country`, text: fieldErrorText('country', true) }]),
      ...(nif.trim() && (!country || !nifProblem(nif, country))
        ? []
        : [{ field: 'nif', controlId: `${id}-nif`, text: fieldErrorText('nif', !nif.trim()) }]),
    ];
    if (refused.length > 0) return fields.show(refused);
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
      // The server's refusal of the number itself on its field; anything else by its code.
      if (failure instanceof ApiError && failure.field === 'nif')
        fields.show([{ field: 'nif', controlId: `${id}-nif`, text: m.errors_byField_nif() }]);
      else setError(errorText(failure));
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
      <div className="mt-3">
        <ErrorSummary problems={fields.problems} attempt={fields.attempt} />
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-country`} label={m.checkIn_nifCountry()} error={fields.errorOf('country')}>
          {(control) => (
            <select {...control} value={country} onChange={(e) => setCountry(e.target.value)} required>
              <option value="">{m.booking_countryChoose()}</option>
              <CountryOptions code="alpha2" />
            </select>
          )}
        </Field>
        <Field id={`${id}-nif`} label={m.checkIn_nifNumber()} hint={m.booking_nifHint()} error={fields.errorOf('nif')}>
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
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="mt-3 text-green-800" data-testid="check-in-nif-saved">
          {saved}
        </p>
      )}
    </form>
  );
}
