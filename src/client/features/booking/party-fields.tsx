import { CHILD_AGE_MAX } from '../../../shared/quote-schema';
import { m } from '../../i18n/paraglide/messages';
import { Field } from '../../ui/field';

export interface Party {
  adults: number;
  /** Each child's age; null until chosen, when the tourist tax needs it. */
  childrenAges: (number | null)[];
}

const AGES = Array.from({ length: CHILD_AGE_MAX + 1 }, (_, age) => age);

/**
 * Who stays: adults and children, and each child's age when the municipal tourist tax counts people
 * from an age (`taxFromAge`); the head count never goes past the house's capacity.
 */
export function PartyFields({
  party,
  onChange,
  capacity,
  taxFromAge,
  idPrefix,
  errorOf,
}: {
  party: Party;
  onChange: (party: Party) => void;
  capacity: number;
  taxFromAge: number | undefined;
  idPrefix: string;
  /** The words under a refused field (ui/form-errors.tsx). */
  errorOf: (field: string) => string | undefined;
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
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" data-testid="booking-party">
      <legend className="mb-2 text-lg font-semibold text-lake-800">{m.booking_guestPartyTitle()}</legend>
      <Field id={`${idPrefix}-adults`} label={m.booking_adults()} error={errorOf('adults')}>
        {(control) => (
          <select
            {...control}
            value={party.adults}
            onChange={(e) => onChange({ ...party, adults: Number(e.target.value) })}
          >
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
            {Array.from({ length: capacity - party.adults + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </Field>
      {taxFromAge !== undefined && children > 0 && (
        <>
          <p className="text-sm text-slate-600 sm:col-span-2">{m.booking_childAgeHint({ age: taxFromAge })}</p>
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
                  required
                  onChange={(e) =>
                    onChange({
                      ...party,
                      childrenAges: party.childrenAges.map((a, j) =>
                        j === i ? (e.target.value === '' ? null : Number(e.target.value)) : a,
                      ),
                    })
                  }
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
    </fieldset>
  );
}
