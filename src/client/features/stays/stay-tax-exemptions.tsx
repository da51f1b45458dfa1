import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { StayTaxExemptions as Exemptions } from '../../../shared/tourist-tax-return';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { SessionEndedError, useAdminApi } from '../../lib/use-admin-api';

/**
 * The tourist tax's exemptions the municipality names (a medical stay…), which the owner ticks per
 * guest of the stay (docs/stays.md, "Tourist tax"); the return counts them. Nothing shows when the
 * rule names none.
 */
export function StayTaxExemptions({ code }: { code: string }) {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const path = `/api/admin/bookings/${encodeURIComponent(code)}/tourist-tax-exemptions`;
  const query = useQuery({
    queryKey: ['admin', 'bookings', 'tax-exemptions', code, pageLocale],
    queryFn: () => adminApi<Exemptions>(`${path}?locale=${encodeURIComponent(pageLocale)}`),
    retry: false,
  });
  // Here, not in the form: a save reloads the ticks, which starts the form again.
  const [state, setState] = useState<SaveState>('idle');
  if (!query.data || query.data.choices.length === 0) return null;
  // Keyed by what was loaded: after a save, the form starts again from the stored ticks.
  return (
    <ExemptionsForm
      key={JSON.stringify(query.data.exemptions)}
      data={query.data}
      state={state}
      setState={setState}
      onSave={async (exemptions) => {
        await adminApi(path, { method: 'PUT', body: { exemptions } });
        await queryClient.invalidateQueries({ queryKey: ['admin', 'bookings', 'tax-exemptions', code] });
      }}
    />
  );
}

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

function ExemptionsForm({
  data,
  state,
  setState,
  onSave,
}: {
  data: Exemptions;
  state: SaveState;
  setState: (state: SaveState) => void;
  onSave: (exemptions: Exemptions['exemptions']) => Promise<void>;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<Record<number, string>>(() =>
    Object.fromEntries(data.exemptions.map((e) => [e.guest, e.code])),
  );
  const adults = data.guests.filter((g) => g.age === null).length;
  const guestLabel = (guest: number, age: number | null) =>
    age === null ? m.stays_tax_adult({ n: guest + 1 }) : m.stays_tax_child({ n: guest - adults + 1, age });

  async function save() {
    setState('saving');
    try {
      await onSave(
        Object.entries(chosen)
          .filter(([, code]) => code !== '')
          .map(([guest, code]) => ({ guest: Number(guest), code })),
      );
      setState('saved');
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setState('failed');
      else setState('idle');
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="stay-tax-exemptions"
      className="mt-4 rounded-xl bg-sand-50 p-4 text-sm text-slate-800"
    >
      <h3 id={`${id}-title`} className="font-semibold text-lake-800">
        {m.stays_tax_title()}
      </h3>
      <p className="mt-1">{m.stays_tax_intro()}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {data.guests.map(({ guest, age }) => (
          <div key={guest} className="grid gap-1">
            <label htmlFor={`${id}-guest-${guest}`} className="font-medium">
              {guestLabel(guest, age)}
            </label>
            <select
              id={`${id}-guest-${guest}`}
              value={chosen[guest] ?? ''}
              onChange={(e) => {
                setChosen({ ...chosen, [guest]: e.target.value });
                setState('idle');
              }}
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5"
            >
              <option value="">{m.stays_tax_none()}</option>
              {data.choices.map((choice) => (
                <option key={choice.code} value={choice.code}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={state === 'saving'}
          onClick={() => void save()}
          className="rounded-lg bg-lake-700 px-3 py-1.5 font-semibold text-white hover:bg-lake-800 disabled:opacity-60"
        >
          {state === 'saving' ? m.stays_tax_saving() : m.stays_tax_save()}
        </button>
        <p role="status" className={state === 'failed' ? 'text-red-800' : 'text-green-900'}>
          {state === 'saved' ? m.stays_tax_saved() : state === 'failed' ? m.stays_tax_failed() : ''}
        </p>
      </div>
    </section>
  );
}
