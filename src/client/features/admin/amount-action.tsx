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
  /**
   * Called with the typed amount in cents; never with something that is not an amount. While the
   * promise it may return is pending, the button is disabled: a second click does nothing.
   */
  onAmount: (cents: number) => unknown;
}

/** An amount in euros and the button that acts on it; a typo is said under the field, not ignored. */
export function AmountAction({ id, label, initialCents, button, buttonClass, onAmount }: AmountActionProps) {
  const [text, setText] = useState((initialCents / 100).toFixed(2));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
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
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          const cents = centsOf(text);
          if (cents === undefined) return setError(m.adminUi_amountInvalid());
          const result = onAmount(cents);
          if (result instanceof Promise) {
            setBusy(true);
            void result.finally(() => setBusy(false));
          }
        }}
        className={`${buttonClass} mt-5`}
      >
        {button}
      </button>
    </span>
  );
}
