import { useFieldArray, useFormContext } from 'react-hook-form';
import { Field } from '../../ui/field';
import { ChoiceList } from './choice-list';
import { errorAt, type ContentForm, SMALL_BUTTON } from './form-values';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { MoneyInput } from './money-input';
import { QuotePreview } from './quote-preview';
import { weekdayOptions } from './weekday-options';
import { m } from '../../i18n/paraglide/messages';

/** A whole number, or left out when emptied (an optional rule such as a season's minimum stay). */
const count = { setValueAs: (value: unknown) => (value === '' || value === undefined ? undefined : Number(value)) };

function MonthDayInput({ path, label }: { path: string; label: string }) {
  const { register, formState } = useFormContext<ContentForm>();
  return (
    <Field label={label} hint={m.editor_monthDayHint()} density="admin" error={errorAt(formState.errors, path)}>
      {(control) => <input {...control} placeholder={m.editor_monthDayPlaceholder()} {...register(path)} />}
    </Field>
  );
}

/** Prices and seasons, with a quote for any dates computed from what is typed, before publishing. */
export function PricesSection({ locales }: { locales: readonly string[] }) {
  const { control, register, formState } = useFormContext<ContentForm>();
  const seasons = useFieldArray({ control, name: 'pricing.seasons' as never });
  const blank = blankText(locales);
  return (
    <section aria-labelledby="prices-heading" className="space-y-5 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="prices-heading" className="text-2xl font-semibold text-lake-800">
        {m.editor_prices()}
      </h2>
      <div className="grid gap-3 md:grid-cols-3">
        <MoneyInput path="pricing.nightly" label={m.editor_night()} />
        <MoneyInput path="pricing.weekendNightly" label={m.editor_weekendNight()} />
        <MoneyInput path="pricing.cleaningFee" label={m.editor_cleaningFee()} />
        <Field label={m.editor_minNights()} density="admin" error={errorAt(formState.errors, 'pricing.minNights')}>
          {(control) => <input {...control} type="number" min={1} {...register('pricing.minNights', count)} />}
        </Field>
      </div>
      {seasons.fields.map((field, index) => (
        <fieldset key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-800">{m.editor_season({ number: index + 1 })}</legend>
          <LocalizedInput path={`pricing.seasons.${index}.name`} label={m.editor_name()} locales={locales} />
          <div className="grid gap-3 md:grid-cols-3">
            <MonthDayInput path={`pricing.seasons.${index}.from`} label={m.editor_from()} />
            <MonthDayInput path={`pricing.seasons.${index}.to`} label={m.editor_toInclusive()} />
            <MoneyInput path={`pricing.seasons.${index}.nightly`} label={m.editor_night()} />
            <MoneyInput path={`pricing.seasons.${index}.weekendNightly`} label={m.editor_weekendNight()} />
            <Field
              label={m.editor_minNights()}
              density="admin"
              error={errorAt(formState.errors, `pricing.seasons.${index}.minNights`)}
            >
              {(control) => (
                <input {...control} type="number" min={1} {...register(`pricing.seasons.${index}.minNights`, count)} />
              )}
            </Field>
          </div>
          <ChoiceList
            path={`pricing.seasons.${index}.arrivalDays`}
            legend={m.editor_seasonArrivalDays()}
            hint={m.editor_seasonArrivalDaysHint()}
            options={weekdayOptions()}
            emptyIsNone
          />
          <button type="button" className={SMALL_BUTTON} onClick={() => seasons.remove(index)}>
            {m.editor_removeSeason({ number: index + 1 })}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className={SMALL_BUTTON}
        onClick={() => seasons.append({ name: blank, from: '', to: '', nightly: 0 } as never)}
      >
        {m.editor_addSeason()}
      </button>
      <QuotePreview />
    </section>
  );
}
