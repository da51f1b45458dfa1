import { type FormEvent, useEffect, useId, useState } from 'react';
import { PORTUGAL } from '../../shared/countries';
import { CountryOptions } from './country-options';
import { formatTypedDay, houseToday, parseTypedDay } from '../../shared/dates';
import {
  DOCUMENT_TYPES,
  GuestRegistrationInputSchema,
  REGISTRATION_LIMITS,
  type SavedGuestFields,
} from '../../shared/guest-registrations';
import { issuesByField } from '../../shared/text';
import { errorText, fieldErrorText } from '../i18n/error-text';
import { pageLocale } from '../i18n/locale';
import { m } from '../i18n/paraglide/messages';
import { ApiError } from '../lib/api';
import { Field } from './field';
import { ErrorSummary, useFieldProblems } from './form-errors';
import { ResultHeading } from './result-heading';

type TextField = 'surname' | 'givenNames' | 'birthPlace' | 'documentNumber' | 'residenceTown';
type Values = Record<
  TextField | 'nationality' | 'birthDate' | 'documentType' | 'documentCountry' | 'residenceCountry',
  string
>;
const EMPTY: Values = {
  surname: '',
  givenNames: '',
  nationality: '',
  birthDate: '',
  birthPlace: '',
  documentType: '',
  documentNumber: '',
  documentCountry: '',
  residenceCountry: '',
  residenceTown: '',
};

/** A saved guest's part as the form shows it again: what is sealed (the document number, the date of birth) stays empty. */
function valuesOf(nationality: string | null, saved: SavedGuestFields | null | undefined): Values {
  if (!saved) return { ...EMPTY, nationality: nationality ?? '' };
  return {
    ...EMPTY,
    nationality: nationality ?? '',
    ...Object.fromEntries(Object.entries(saved).map(([key, value]) => [key, value ?? ''])),
  };
}

/** Where guest 1 lives, for "Same as guest 1". */
export interface Residence {
  residenceCountry: string;
  residenceTown: string;
}

/**
 * The date of birth as typed in the page's order (`17/05/1980`), or chosen on the calendar, to
 * `YYYY-MM-DD`; `undefined` when it is no day, or a day not yet come at the house.
 */
function birthDayOf(typed: string, today: string): string | undefined {
  const day = parseTypedDay(typed, pageLocale);
  return day && day <= today ? day : undefined;
}

/** What the API takes: a Portuguese guest's name only (decision 0027), and no empty optional field. */
function bodyOf(values: Values): Record<string, string> {
  const keys: Array<keyof Values> =
    values.nationality === PORTUGAL
      ? ['surname', 'givenNames', 'nationality']
      : (Object.keys(values) as Array<keyof Values>);
  return Object.fromEntries(keys.filter((k) => values[k].trim() !== '').map((k) => [k, values[k].trim()]));
}

/**
 * One guest's part of the check-in (the guest's page and the owner's corrections): saved on its
 * own, the server's refusal shown on the field it names.
 */
export function GuestRegistrationForm({
  index,
  nationality,
  save,
  density = 'page',
  saved,
  firstGuest,
  onResidence,
}: {
  index: number;
  nationality: string | null;
  save: (body: Record<string, string>) => Promise<{ complete: boolean }>;
  density?: 'page' | 'admin';
  /** What this guest saved before, shown again (the guest's page reloaded). */
  saved?: SavedGuestFields | null;
  /** Guest 1's country and town, for the later guests' "Same as guest 1". */
  firstGuest?: Residence | null;
  /** Guest 1 tells where it lives as it is typed. */
  onResidence?: (residence: Residence) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(nationality, saved));
  // The house's day when the form opened: no one is born after it.
  const [today] = useState(() => houseToday(Date.now()));
  const [saving, setSaving] = useState(false);
  const fields = useFieldProblems();
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const foreign = values.nationality !== '' && values.nationality !== PORTUGAL;
  const errorOf = (key: keyof Values) => fields.errorOf(key);
  const problem = (field: string, text: string) => ({ field, controlId: `${id}-${field}`, text });
  useEffect(
    () => onResidence?.({ residenceCountry: values.residenceCountry, residenceTown: values.residenceTown }),
    [onResidence, values.residenceCountry, values.residenceTown],
  );
  const canCopy =
    index > 1 && firstGuest && (firstGuest.residenceCountry !== '' || firstGuest.residenceTown.trim() !== '');
  const typedBirthDay = values.birthDate.trim() === '' ? '' : birthDayOf(values.birthDate, today);

  async function submit(event: FormEvent) {
    event.preventDefault();
    fields.clear();
    setMessage(null);
    // Sent as YYYY-MM-DD; a day that does not exist is refused here, in the page's words.
    const body = bodyOf({ ...values, birthDate: typedBirthDay ?? 'invalid' });
    // The server's own check, here first: every field to fill or correct at once, in the page's words.
    const parsed = GuestRegistrationInputSchema.safeParse(body);
    if (!parsed.success)
      return fields.show(
        issuesByField(parsed.error).map(({ field }) => problem(field, fieldErrorText(field, !(field in body)))),
      );
    setSaving(true);
    try {
      const { complete } = await save(body);
      setMessage({
        kind: 'status',
        text: complete ? m.checkIn_saved({ n: index }) : m.checkIn_savedIncomplete({ n: index }),
      });
    } catch (error) {
      if (error instanceof ApiError && error.field && error.field in EMPTY)
        fields.show([problem(error.field, fieldErrorText(error.field, false))]);
      setMessage({ kind: 'alert', text: m.checkIn_saveFailed({ n: index, reason: errorText(error) }) });
    } finally {
      setSaving(false);
    }
  }

  const text = (key: TextField, label: string, autoComplete?: string) => (
    <Field id={`${id}-${key}`} label={label} error={errorOf(key)} density={density}>
      {(control) => (
        <input
          {...control}
          value={values[key]}
          onChange={set(key)}
          maxLength={REGISTRATION_LIMITS[key]}
          autoComplete={autoComplete ?? 'off'}
        />
      )}
    </Field>
  );
  const country = (key: 'nationality' | 'documentCountry' | 'residenceCountry', label: string) => (
    <Field id={`${id}-${key}`} label={label} error={errorOf(key)} density={density}>
      {(control) => (
        <select {...control} value={values[key]} onChange={set(key)}>
          <option value="">{m.checkIn_choose()}</option>
          <CountryOptions code="alpha3" />
        </select>
      )}
    </Field>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-2">
      {fields.problems.length > 0 && (
        <div className="sm:col-span-2">
          <ErrorSummary problems={fields.problems} attempt={fields.attempt} />
        </div>
      )}
      {text('surname', m.checkIn_surname(), 'family-name')}
      {text('givenNames', m.checkIn_givenNames(), 'given-name')}
      {country('nationality', m.checkIn_nationality())}
      {values.nationality === PORTUGAL && (
        <p className="self-end text-sm text-slate-600">{m.checkIn_portugueseNote()}</p>
      )}
      {foreign && saved?.documentType && values.documentNumber === '' && (
        <p className="text-sm text-slate-600 sm:col-span-2" data-testid="guest-sealed-note">
          {m.checkIn_sealedNote()}
        </p>
      )}
      {foreign && (
        <>
          <Field
            id={`${id}-birthDate`}
            label={m.checkIn_birthDate()}
            hint={m.checkIn_birthDateHint()}
            error={errorOf('birthDate')}
            density={density}
          >
            {(control) => (
              <span className="flex items-end gap-2">
                <input
                  {...control}
                  value={values.birthDate}
                  onChange={set('birthDate')}
                  inputMode="numeric"
                  autoComplete="bday"
                  placeholder={m.checkIn_birthDatePlaceholder()}
                />
                {/* The phone's own date wheel or calendar, its button only: the day it picks is written in the
                    field in the page's order, never a second time in the browser's own. */}
                <input
                  type="date"
                  aria-label={m.checkIn_birthDatePick()}
                  data-testid="birth-date-picker"
                  className="mt-1 w-11 shrink-0 rounded-lg border border-slate-300 bg-white px-2 py-2 focus:border-lake-600 focus:outline-2 focus:outline-lake-600 [&::-webkit-datetime-edit]:hidden"
                  min="1900-01-01"
                  max={today}
                  value={typedBirthDay ?? ''}
                  onChange={(e) =>
                    setValues((v) => ({
                      ...v,
                      birthDate: e.target.value ? formatTypedDay(e.target.value, pageLocale) : '',
                    }))
                  }
                />
              </span>
            )}
          </Field>
          {text('birthPlace', m.checkIn_birthPlace())}
          <Field
            id={`${id}-documentType`}
            label={m.checkIn_documentType()}
            error={errorOf('documentType')}
            density={density}
          >
            {(control) => (
              <select {...control} value={values.documentType} onChange={set('documentType')}>
                <option value="">{m.checkIn_choose()}</option>
                {DOCUMENT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {m[`checkIn_document_${t}`]()}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text('documentNumber', m.checkIn_documentNumber())}
          {country('documentCountry', m.checkIn_documentCountry())}
          {country('residenceCountry', m.checkIn_residenceCountry())}
          {text('residenceTown', m.checkIn_residenceTown(), 'address-level2')}
          {canCopy && (
            <div className="sm:col-span-2">
              <button
                type="button"
                className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-700"
                onClick={() =>
                  setValues((v) => ({
                    ...v,
                    residenceCountry: firstGuest.residenceCountry,
                    residenceTown: firstGuest.residenceTown,
                  }))
                }
              >
                {m.checkIn_sameAsFirst()}
              </button>
            </div>
          )}
        </>
      )}
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={saving}
          aria-busy={saving}
          className="rounded-lg bg-lake-700 px-4 py-2 font-semibold text-white hover:bg-lake-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-700 disabled:opacity-70"
        >
          {saving ? m.checkIn_saving() : m.checkIn_save({ n: index })}
        </button>
        {message?.kind === 'alert' && (
          <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-red-800">
            {message.text}
          </p>
        )}
        {message?.kind === 'status' && (
          // The saved state's heading takes the focus, as every form's outcome does (docs/decisions/0047-outcomes-in-view.md).
          <div role="status" className="mt-2 rounded-lg bg-green-50 p-3 text-green-900" data-testid="guest-saved">
            <ResultHeading level={4} className="font-semibold">
              {message.text}
            </ResultHeading>
          </div>
        )}
      </div>
    </form>
  );
}
