import { property } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { CHILD_AGE_MAX } from '../../../shared/quote-schema';
import { Field } from '../../ui/field';

/** Who would stay, as "Ask a question" may say: adults (not said until chosen) and each child's age. */
export interface QuestionParty {
  adults: number | null;
  childrenAges: (number | null)[];
}

const AGES = Array.from({ length: CHILD_AGE_MAX + 1 }, (_, age) => age);

/**
 * The party of a question, optional, in the booking form's words: adults and children, and each
 * child's age when the municipal tourist tax counts people from an age, so an offer made from the
 * question is priced and taxed as a booking would be.
 */
export function QuestionPartyFields({
  id,
  party,
  onChange,
  errorOf,
}: {
  id: string;
  party: QuestionParty;
  onChange: (party: QuestionParty) => void;
  errorOf: (field: string) => string | undefined;
}) {
  const capacity = property.capacity;
  const taxFromAge = property.pricing?.touristTax?.minAge;
  const children = party.childrenAges.length;
  return (
    <>
      <Field id={`${id}-adults`} label={m.booking_adults()} error={errorOf('adults') ?? errorOf('guests')}>
        {(control) => (
          <select
            {...control}
            value={party.adults ?? ''}
            onChange={(e) => onChange({ ...party, adults: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">{m.question_adultsUnset()}</option>
            {Array.from({ length: capacity - children }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-children`} label={m.booking_children()}>
        {(control) => (
          <select
            {...control}
            value={children}
            onChange={(e) =>
              onChange({
                ...party,
                childrenAges: Array.from(
                  { length: Number(e.target.value) },
                  (_, i) => party.childrenAges[i] ?? (taxFromAge === undefined ? 0 : null),
                ),
              })
            }
          >
            {Array.from({ length: capacity - (party.adults ?? 1) + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </Field>
      {taxFromAge !== undefined &&
        party.childrenAges.map((age, i) => (
          <Field
            // The children are a list the guest only grows or shrinks at its end.
            key={i}
            id={`${id}-child-${i}`}
            label={m.booking_childAge({ n: i + 1 })}
            error={errorOf(`childrenAges.${i}`) ?? errorOf('childrenAges')}
          >
            {(control) => (
              <select
                {...control}
                value={age ?? ''}
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
  );
}
