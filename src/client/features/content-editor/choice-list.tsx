import { Controller, useFormContext } from 'react-hook-form';
import { type ContentForm, errorAt } from './form-values';

interface Props {
  /** The list's path in the document, such as `pricing.arrivalDays`. */
  path: string;
  legend: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
  /** Always in the list and not offered as a choice (Stripe's card). */
  always?: readonly string[];
  /** Nothing ticked leaves the list out (arrival days: any day), rather than an empty list. */
  emptyIsNone?: boolean;
}

/** A list of values from a fixed set, as checkboxes in the set's own order. */
export function ChoiceList({ path, legend, hint, options, always = [], emptyIsNone = false }: Props) {
  const { control, formState } = useFormContext<ContentForm>();
  const error = errorAt(formState.errors, path);
  const errorId = `${path}-error`;
  return (
    <Controller
      control={control}
      name={path}
      render={({ field }) => {
        const chosen = new Set([...always, ...((field.value as string[] | undefined) ?? [])]);
        const toggle = (value: string, on: boolean) => {
          if (on) chosen.add(value);
          else chosen.delete(value);
          const next = [...always, ...options.map((o) => o.value)].filter(
            (v, i, all) => chosen.has(v) && all.indexOf(v) === i,
          );
          field.onChange(emptyIsNone && next.length === 0 ? undefined : next);
        };
        return (
          <fieldset aria-describedby={error ? errorId : undefined}>
            <legend className="text-sm font-medium text-slate-700">{legend}</legend>
            {hint && <p className="text-xs text-slate-600">{hint}</p>}
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {options.map((option) => (
                <label key={option.value} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.has(option.value)}
                    onChange={(event) => toggle(option.value, event.target.checked)}
                    onBlur={field.onBlur}
                  />
                  {option.label}
                </label>
              ))}
            </div>
            {error && (
              <p id={errorId} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}
