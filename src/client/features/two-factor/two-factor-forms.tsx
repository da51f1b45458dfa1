import type { FormEvent } from 'react';
import { Field } from '../../ui/field';
import { QrCode } from './qr-code';
import type { Step } from './use-two-factor-steps';
import { m } from '../../i18n/paraglide/messages';

export const button = 'rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50';
export const primary = 'rounded-lg bg-lake-700 px-3 py-2 text-sm font-semibold text-white hover:bg-lake-800';

interface FormProps {
  error: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

/** Setting up the authenticator app: its QR code, its key and link, and its first code. */
export function TotpSetupForm({
  step,
  error,
  onSubmit,
  onCancel,
}: FormProps & { step: Extract<Step, { kind: 'totp' }> }) {
  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-3" aria-label={m.twoFactor_setUpApp()}>
      <p className="text-sm text-slate-700">{m.twoFactor_appIntro()}</p>
      <QrCode modules={step.qr} label={m.twoFactor_qrLabel()} />
      <Field density="admin" label={m.twoFactor_key()}>
        {(control) => <input {...control} readOnly value={step.secret} className={`${control.className} font-mono`} />}
      </Field>
      <Field density="admin" label={m.twoFactor_link()}>
        {(control) => (
          <input {...control} readOnly value={step.otpauthUrl} className={`${control.className} font-mono text-xs`} />
        )}
      </Field>
      <Field density="admin" label={m.twoFactor_appCode()} invalid={error !== ''} errorId="two-factor-error">
        {(control) => (
          <input {...control} name="code" required inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        )}
      </Field>
      <SubmitOrCancel label={m.twoFactor_confirm()} className={primary} onCancel={onCancel} />
    </form>
  );
}

/** Removing the second factor takes one of its codes: the app's or a recovery code. */
export function RemoveFactorForm({ error, onSubmit, onCancel }: FormProps) {
  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-3" aria-label={m.twoFactor_remove()}>
      <Field density="admin" label={m.twoFactor_removeCode()} invalid={error !== ''} errorId="two-factor-error">
        {(control) => (
          <input
            {...control}
            name="code"
            required
            autoComplete="one-time-code"
            inputMode="text"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={32}
          />
        )}
      </Field>
      <SubmitOrCancel
        label={m.twoFactor_removeButton()}
        className="rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800"
        onCancel={onCancel}
      />
    </form>
  );
}

/** A form's one action, and Cancel back to the panel. */
function SubmitOrCancel({ label, className, onCancel }: { label: string; className: string; onCancel: () => void }) {
  return (
    <div className="flex gap-2">
      <button type="submit" className={className}>
        {label}
      </button>
      <button type="button" className={button} onClick={onCancel}>
        {m.twoFactor_cancel()}
      </button>
    </div>
  );
}
