import type { ReactNode } from 'react';
import { CHILD_AGE_MAX } from '../../shared/quote-schema';
import { m } from '../i18n/paraglide/messages';
import { Field } from './field';

/** Who stays: adults (null while a form that makes them optional has none chosen) and each child's age. */
export interface PartyChoice {
  adults: number | null;
  /** Each child's age; null until chosen, when the tourist tax needs it. */
  childrenAges: (number | null)[];
}

const AGES = Array.from({ length: CHILD_AGE_MAX + 1 }, (_, age) => age);

/**
 * The party's fields, in the booking form's words, for every form that asks who stays (the
 * booking, "Ask a question"): adults and children, and each child's age when the municipal tourist
 * tax counts people from an age (`taxFromAge`). The head count never goes past the house's
 * capacity. The caller lays them out (a fieldset of its own, or the form's grid).
 */
export function PartySelects({
  party,
  onChange,
  capacity,
  taxFromAge,
  idPrefix,
  errorOf,
  adultsUnset,
  adultsError,
  agesHint,
  agesRequired = false,
}: {
  party: PartyChoice;
  onChange: (party: PartyChoice) => void;
  capacity: number;
  taxFromAge: number | undefined;
  idPrefix: string;
  /** The words under a refused field (ui/form-errors.tsx). */
  errorOf: (field: string) => string | undefined;
  /** The words of "no adults chosen": given, the adults are optional (a question need not say). */
  adultsUnset?: string;
  /** The adults' error, when another field's refusal belongs there too; `errorOf('adults')` without. */
  adultsError?: string;
  /** Said above the children's ages, once there are children. */
  agesHint?: ReactNode;
  agesRequired?: boolean;
}) {
  const children = party.childrenAges.length;
  const setChildren = (count: number) =>
    onChange({
      ...party,
      childrenAges: Array.from(
        { length: count },
        (_, i) => party.childrenAges[i] ?? (taxFromAge === undefined ? 0 : null),
      ),
    });
  const setAge = (i: number, value: string) =>
    onChange({
      ...party,
      childrenAges: party.childrenAges.map((a, j) => (j === i ? (value === '' ? null : Number(value)) : a)),
    });
  return (
    <>
      <Field id={`${idPrefix}-adults`} label={m.booking_adults()} error={adultsError ?? errorOf('adults')}>
        {(control) => (
          <select
            {...control}
            value={party.adults ?? ''}
            onChange={(e) => onChange({ ...party, adults: e.target.value === '' ? null : Number(e.target.value) })}
          >
            {adultsUnset !== undefined && <option value="">{adultsUnset}</option>}
            {Array.from({ length: capacity - children }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${idPrefix}-children`} label={m.booking_children()}>
        {(control) => (
          <select {...control} value={children} onChange={(e) => setChildren(Number(e.target.value))}>
            {Array.from({ length: capacity - (party.adults ?? 1) + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </Field>
      {taxFromAge !== undefined && children > 0 && (
        <>
          {agesHint}
          {party.childrenAges.map((age, i) => (
            <Field
              // The children are a list the guest only grows or shrinks at its end.
              key={i}
              id={`${idPrefix}-child-${i}`}
              label={m.booking_childAge({ n: i + 1 })}
              error={errorOf(`childrenAges.${i}`) ?? errorOf('childrenAges')}
            >
              {(control) => (
                <select
                  {...control}
                  value={age ?? ''}
                  required={agesRequired}
                  onChange={(e) => setAge(i, e.target.value)}
                >
                  <option value="">{m.booking_childAgeChoose()}</option>
                  {AGES.map((n) => (
                    <option key={n} value={n}>
                      {m.booking_years({ count: n })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}
        </>
      )}
    </>
  );
}
