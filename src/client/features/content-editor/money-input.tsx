import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Field } from '../../ui/field';
import { type ContentForm, errorAt } from './form-values';

const toText = (cents: unknown) => (typeof cents === 'number' ? (cents / 100).toFixed(2) : '');

/** Euros typed ("150", "150,50") as whole cents, or NaN for a typo so the schema refuses it by name. */
const toCents = (text: string): number | undefined => {
  if (text.trim() === '') return undefined;
  return /^\d+([.,]\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim().replace(',', '.')) * 100) : NaN;
};

/** An amount of the content (stored in cents), typed in euros. Left empty, an optional amount is left out. */
export function MoneyInput({ path, label }: { path: string; label: string }) {
  const { control, formState } = useFormContext<ContentForm>();
  return (
    <Controller
      control={control}
      name={path}
      render={({ field }) => (
        <MoneyBox
          label={label}
          cents={field.value}
          error={errorAt(formState.errors, path)}
          onCents={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

function MoneyBox(props: {
  label: string;
  cents: unknown;
  error?: string;
  onCents: (cents: number | undefined) => void;
  onBlur: () => void;
}) {
  // The typed text is kept as typed; only its value in cents goes to the form.
  const [text, setText] = useState(() => toText(props.cents));
  return (
    <Field label={props.label} density="admin" error={props.error}>
      {(control) => (
        <input
          {...control}
          inputMode="decimal"
          value={text}
          onBlur={props.onBlur}
          onChange={(event) => {
            setText(event.target.value);
            props.onCents(toCents(event.target.value));
          }}
        />
      )}
    </Field>
  );
}
