import { type ReactNode, useId } from 'react';

/** What a control needs to belong to its row: the ids of its label, hint and error, its state. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: ReactNode;
  /** The control (input, select, textarea), given the props that tie it to this row. */
  children: (control: ControlProps) => ReactNode;
  /** The control's id, when the form names it; otherwise one of React's own. */
  id?: string;
  hint?: ReactNode;
  /** This row's error, shown under the control. */
  error?: ReactNode;
  /** Marks the control invalid (`aria-invalid`); true whenever `error` is given. */
  invalid?: boolean;
  /** An error shown elsewhere (the form's one alert) that describes this control while invalid. */
  errorId?: string;
  /** The guest's pages, or the owner's denser admin panels. */
  density?: 'page' | 'admin';
  /** Label and control side by side, the control as wide as its content (a list's filter). */
  inline?: boolean;
  className?: string;
}

export const LABEL_CLASS = 'block text-sm font-medium text-slate-700';
// A focused control (a summary's link, the first refused field) scrolls clear of the site's fixed
// header with its label in view (docs/decisions/0047-outcomes-in-view.md).
const CONTROL_CLASS = {
  page: 'mt-1 w-full scroll-mt-28 rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-lake-600 focus:outline-2 focus:outline-lake-600 aria-invalid:border-red-700',
  admin: 'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-1.5',
};
const INLINE_CONTROL_CLASS = 'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm';

/**
 * One form row: the label, the control, a hint and an error, with `aria-describedby` and
 * `aria-invalid` wired in one place for every form of the site.
 */
export function Field({
  label,
  children,
  id,
  hint,
  error,
  invalid,
  errorId,
  density = 'page',
  inline = false,
  className,
}: FieldProps) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const hintId = `${controlId}-hint`;
  const ownErrorId = `${controlId}-error`;
  const isInvalid = error ? true : invalid;
  const describedBy = [hint ? hintId : null, error ? ownErrorId : isInvalid && errorId ? errorId : null].filter(
    Boolean,
  );
  return (
    <div className={inline ? `flex items-center gap-2 ${className ?? ''}` : className}>
      <label htmlFor={controlId} className={inline ? 'text-sm font-medium text-slate-700' : LABEL_CLASS}>
        {label}
      </label>
      {children({
        id: controlId,
        className: inline ? INLINE_CONTROL_CLASS : CONTROL_CLASS[density],
        ...(isInvalid === undefined ? {} : { 'aria-invalid': isInvalid }),
        ...(describedBy.length ? { 'aria-describedby': describedBy.join(' ') } : {}),
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={ownErrorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A control outside a Field that should look like one (a disabled stand-in while code loads). */
export const controlClass = (density: 'page' | 'admin' = 'page') => CONTROL_CLASS[density];
