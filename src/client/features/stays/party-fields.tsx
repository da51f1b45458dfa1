import { CHILD_AGE_MAX, STAY_GUESTS_MAX } from '../../../shared/stays';
import { m } from '../../i18n/paraglide/messages';
import { Field } from '../../ui/field';
import type { FieldErrors, StayDraft } from './stay-draft';

const upTo = (max: number, from = 0) => Array.from({ length: max - from + 1 }, (_, i) => String(from + i));

/** Adults, children, and each child's age (the tourist tax counts from an age). */
export function PartyFields({
  draft,
  errors,
  change,
}: {
  draft: StayDraft;
  errors: FieldErrors;
  change: (changes: Partial<StayDraft>) => void;
}) {
  const children = draft.childAges.length;
  const setChildren = (count: number) =>
    change({ childAges: Array.from({ length: count }, (_, i) => draft.childAges[i] ?? '') });
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Field label={m.stays_form_adults()} density="admin" error={errors.adults}>
        {(control) => (
          <select {...control} name="adults" value={draft.adults} onChange={(e) => change({ adults: e.target.value })}>
            {upTo(STAY_GUESTS_MAX, 1).map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label={m.stays_form_children()} density="admin">
        {(control) => (
          <select
            {...control}
            name="children"
            value={String(children)}
            onChange={(e) => setChildren(Number(e.target.value))}
          >
            {upTo(10).map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        )}
      </Field>
      {draft.childAges.map((age, i) => (
        <Field
          key={i}
          label={m.stays_form_childAge({ n: i + 1 })}
          density="admin"
          invalid={Boolean(errors.children) && age === ''}
        >
          {(control) => (
            <select
              {...control}
              value={age}
              required
              onChange={(e) => change({ childAges: draft.childAges.map((a, j) => (j === i ? e.target.value : a)) })}
            >
              <option value="">–</option>
              {upTo(CHILD_AGE_MAX).map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          )}
        </Field>
      ))}
      {errors.children && (
        <p className="col-span-full text-sm text-red-700" role="alert">
          {errors.children}
        </p>
      )}
    </div>
  );
}
