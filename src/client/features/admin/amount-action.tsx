import { useState } from 'react';
import { m } from '../../i18n/paraglide/messages';
import { Field } from '../../ui/field';

/** Cents typed as euros ("123.45" or "123,45"), or undefined when it is not an amount. */
export const centsOf = (text: string) =>
  /^\d+([.,]\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim().replace(',', '.')) * 100) : undefined;

interface AmountActionProps {
  id: string;
  label: string;
  /** The amount offered at first, in cents. */
  initialCents: number;
  button: string;
  buttonClass: string;
  /** Called with the typed amount in cents; never with something that is not an amount. */
  onAmount: (cents: number) => void;
}

/** An amount in euros and the button that acts on it; a typo is said under the field, not ignored. */
export function AmountAction({ id, label, initialCents, button, buttonClass, onAmount }: AmountActionProps) {
  const [text, setText] = useState((initialCents / 100).toFixed(2));
  const [error, setError] = useState<string>();
  return (
    <span className="flex items-start gap-1">
      <Field id={id} label={label} density="admin" error={error} className="w-36 text-xs">
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <button
        type="button"
        onClick={() => {
          const cents = centsOf(text);
          if (cents === undefined) setError(m.adminUi_amountInvalid());
          else onAmount(cents);
        }}
        className={`${buttonClass} mt-5`}
      >
        {button}
      </button>
    </span>
  );
}
