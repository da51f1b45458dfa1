import { useFieldArray, useFormContext } from 'react-hook-form';
import { type ContentForm, errorAt, SMALL_BUTTON } from './form-values';
import { NumberInput } from './plain-inputs';
import { m } from '../../i18n/paraglide/messages';

/** The cancellation policy: for each tier, from how many days before arrival, how much is refunded. */
export function CancellationTiers() {
  const { control, formState } = useFormContext<ContentForm>();
  const tiers = useFieldArray({ control, name: 'booking.cancellation' as never });
  const listError = errorAt(formState.errors, 'booking.cancellation');
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold text-slate-800">{m.editor_cancellationTiers()}</h3>
      <p className="text-sm text-slate-600">{m.editor_cancellationHint()}</p>
      {tiers.fields.map((field, index) => (
        <fieldset key={field.id} className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-800">
            {m.editor_cancellationTier({ number: index + 1 })}
          </legend>
          <div className="grid items-end gap-3 md:grid-cols-3">
            <NumberInput
              path={`booking.cancellation.${index}.daysBeforeArrival`}
              label={m.editor_cancellationDays()}
              min={0}
              max={365}
            />
            <NumberInput
              path={`booking.cancellation.${index}.refundPercent`}
              label={m.editor_refundPercent()}
              min={0}
              max={100}
            />
            {tiers.fields.length > 1 && (
              <button
                type="button"
                className={`${SMALL_BUTTON} justify-self-start`}
                onClick={() => tiers.remove(index)}
              >
                {m.editor_removeCancellationTier({ number: index + 1 })}
              </button>
            )}
          </div>
        </fieldset>
      ))}
      {listError && <p className="text-sm text-red-700">{listError}</p>}
      <button
        type="button"
        className={SMALL_BUTTON}
        onClick={() => tiers.append({ daysBeforeArrival: undefined, refundPercent: undefined } as never)}
      >
        {m.editor_addCancellationTier()}
      </button>
    </div>
  );
}
