import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import {
  INCORRECT_CODE,
  INCORRECT_PASSWORD,
  REAUTH_WINDOW_MINUTES,
  type SecondFactorProof,
  type TwoFactorStatus,
} from '../../../shared/admin';
import { api, ApiError } from '../../lib/api';
import { errorText } from '../../i18n/error-text';
import { ReauthContext } from '../../lib/reauth';
import { Field } from '../../ui/field';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { SecondFactorForm } from './second-factor-form';
import { m } from '../../i18n/paraglide/messages';

/**
 * Provides the admin's "confirm it is you" (lib/reauth.ts): a modal dialog that takes the password
 * while no second factor is set up, the second factor once it is, and then lets the refused action
 * go again. Several refusals at once share one dialog (docs/decisions/0036-second-factor.md).
 */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // What the owner has set up, read as the dialog opens: the password, or the second factor.
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  // A new dialog (no earlier error) each time it opens.
  const [round, setRound] = useState(0);
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(null);

  const finish = useCallback((ok: boolean) => {
    waiting.current?.resolve(ok);
    waiting.current = null;
    setOpen(false);
  }, []);

  const request = useCallback(() => {
    if (!waiting.current) {
      let resolve: (ok: boolean) => void = () => undefined;
      const promise = new Promise<boolean>((r) => (resolve = r));
      waiting.current = { promise, resolve };
      setStatus(null);
      setRound((n) => n + 1);
      setOpen(true);
      api<TwoFactorStatus>('/api/admin/2fa').then(setStatus, () => finish(false));
    }
    return waiting.current.promise;
  }, [finish]);

  return (
    <ReauthContext.Provider value={request}>
      {children}
      <ReauthDialog key={round} open={open} status={status} onDone={finish} />
    </ReauthContext.Provider>
  );
}

interface DialogProps {
  open: boolean;
  status: TwoFactorStatus | null;
  onDone: (ok: boolean) => void;
}

function ReauthDialog({ open, status, onDone }: DialogProps) {
  const { ref } = useModalDialog(open);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  async function send(body: { password: string } | SecondFactorProof): Promise<string | undefined> {
    try {
      await api('/api/admin/reauth', { method: 'POST', body });
      onDone(true);
      return undefined;
    } catch (e) {
      // The server's texts are English: the ones the owner meets most are said in the page's language.
      if (e instanceof ApiError && e.status === 400)
        return e.message === INCORRECT_PASSWORD
          ? m.login_incorrectPassword()
          : e.message === INCORRECT_CODE
            ? m.login_incorrectCode()
            : e.message;
      if (e instanceof ApiError && e.code === 'second_factor_paused') return errorText(e);
      if (e instanceof ApiError && e.status === 429)
        return e.retryAfterSeconds === undefined
          ? e.message
          : m.login_tooManyAttempts({ minutes: Math.max(1, Math.ceil(e.retryAfterSeconds / 60)) });
      if (e instanceof ApiError && e.status === 401) onDone(false);
      return m.login_failed();
    }
  }

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError((await send({ password: String(new FormData(event.currentTarget).get('password') ?? '') })) ?? '');
    setSending(false);
  }

  return (
    <dialog
      ref={ref}
      onCancel={() => onDone(false)}
      aria-labelledby="reauth-heading"
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id="reauth-heading" className="text-lg font-semibold text-lake-800">
        {m.login_reauthHeading()}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{m.login_reauthWhy({ count: REAUTH_WINDOW_MINUTES })}</p>
      {status && status.methods.length > 0 && <p className="mt-2 text-sm text-slate-700">{m.login_reauthFactor()}</p>}
      <div className="mt-4">
        {status === null ? (
          <p className="text-sm text-slate-600">{m.login_loading()}</p>
        ) : status.methods.length === 0 ? (
          <form onSubmit={(e) => void submitPassword(e)} className="space-y-4">
            <Field
              density="admin"
              id="reauth-password"
              label={m.login_password()}
              invalid={error !== ''}
              errorId="reauth-error"
            >
              {(control) => (
                <input
                  {...control}
                  type="password"
                  name="password"
                  required
                  autoComplete="current-password"
                  autoFocus
                />
              )}
            </Field>
            {error && (
              <p id="reauth-error" role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <button
              type="submit"
              disabled={sending}
              className="w-full rounded-lg bg-lake-700 px-4 py-2 font-semibold text-white hover:bg-lake-800 disabled:opacity-70"
            >
              {m.login_confirm()}
            </button>
          </form>
        ) : (
          <SecondFactorForm
            methods={status.methods}
            optionsPath="/api/admin/reauth/options"
            prove={send}
            density="admin"
          />
        )}
      </div>
      <button
        type="button"
        onClick={() => onDone(false)}
        className="mt-4 w-full rounded-lg border border-slate-300 px-4 py-2 hover:bg-slate-50"
      >
        {m.login_cancel()}
      </button>
    </dialog>
  );
}
