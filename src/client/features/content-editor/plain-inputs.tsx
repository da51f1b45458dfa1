import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field } from '../../ui/field';
import { type ContentForm, errorAt } from './form-values';

/** A number of the content; emptied, it is left out, so an optional rule goes and a required one is named. */
const asNumber = { setValueAs: (value: unknown) => (value === '' || value == null ? undefined : Number(value)) };
/** A text that is the same in every language; emptied, an optional one is left out. */
const asOptionalText = { setValueAs: (value: unknown) => (value === '' || value == null ? undefined : value) };

interface InputProps {
  /** The value's path in the document, such as `booking.depositPercent`. */
  path: string;
  label: string;
  hint?: ReactNode;
}

export function NumberInput({
  path,
  label,
  hint,
  min,
  max,
  step,
}: InputProps & { min?: number; max?: number; step?: string }) {
  const { register, formState } = useFormContext<ContentForm>();
  return (
    <Field label={label} hint={hint} density="admin" error={errorAt(formState.errors, path)}>
      {(control) => <input {...control} type="number" min={min} max={max} step={step} {...register(path, asNumber)} />}
    </Field>
  );
}

/** A text written once for every language: a phone number, an address on the web, a code. */
export function PlainInput({
  path,
  label,
  hint,
  type = 'text',
  optional = false,
}: InputProps & { type?: 'text' | 'email' | 'url' | 'tel' | 'time' | 'color'; optional?: boolean }) {
  const { register, formState } = useFormContext<ContentForm>();
  return (
    <Field label={label} hint={hint} density="admin" error={errorAt(formState.errors, path)}>
      {(control) => <input {...control} type={type} {...register(path, optional ? asOptionalText : {})} />}
    </Field>
  );
}

export function SelectInput({
  path,
  label,
  hint,
  options,
}: InputProps & { options: readonly { value: string; label: string }[] }) {
  const { register, formState } = useFormContext<ContentForm>();
  return (
    <Field label={label} hint={hint} density="admin" error={errorAt(formState.errors, path)}>
      {(control) => (
        <select {...control} {...register(path)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
