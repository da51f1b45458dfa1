import { startRegistration } from '@simplewebauthn/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { INCORRECT_CODE, type TwoFactorStatus } from '../../../shared/admin';
import { ApiError } from '../../lib/api';
import { errorText } from '../../i18n/error-text';
import { useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';
import { JumpLink } from '../../ui/jump-link';
import { useToast } from '../../ui/toast';
import { encodeQr, QrCode, type QrModules } from './qr-code';
import { RecoveryCodes } from './recovery-codes';
import { m } from '../../i18n/paraglide/messages';

export const TWO_FACTOR_QUERY_KEY = ['admin', 'two-factor'] as const;

type Step =
  | { kind: 'idle' }
  | { kind: 'totp'; secret: string; otpauthUrl: string; qr: QrModules }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'remove' };

const button = 'rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50';
const primary = 'rounded-lg bg-lake-700 px-3 py-2 text-sm font-semibold text-white hover:bg-lake-800';

export function useTwoFactorStatus() {
  const adminApi = useAdminApi();
  return useQuery({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: () => adminApi<TwoFactorStatus>('/api/admin/2fa') });
}

/** Until a second factor is set up, the top of the admin says so and links to the panel. */
export function TwoFactorBanner() {
  const { data } = useTwoFactorStatus();
  if (!data || data.methods.length > 0) return null;
  return (
    <div role="status" className="bg-amber-100 px-4 py-3 text-sm text-amber-950">
      <div className="mx-auto max-w-7xl">
        <strong>{m.twoFactor_bannerStrong()}</strong> {m.twoFactor_bannerText()}{' '}
        <JumpLink to="two-factor-heading" className="font-semibold underline">
          {m.twoFactor_bannerLink()}
        </JumpLink>
      </div>
    </div>
  );
}

/** The owner's second factor: the authenticator app, passkeys, the recovery codes, and removing it. */
export function TwoFactorPanel() {
  const adminApi = useAdminApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data: status } = useTwoFactorStatus();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });

  const failed = (e: unknown, fallback: string) =>
    setError(
      e instanceof ApiError && e.code === 'second_factor_paused'
        ? errorText(e)
        : e instanceof ApiError && (e.status === 400 || e.status === 409 || e.status === 429)
          ? e.message === INCORRECT_CODE
            ? m.login_incorrectCode()
            : e.message
          : fallback,
    );

  async function startTotp() {
    setError('');
    try {
      const setup = await adminApi<{ secret: string; otpauthUrl: string }>('/api/admin/2fa/totp/setup', {
        method: 'POST',
      });
      setStep({ kind: 'totp', ...setup, qr: await encodeQr(setup.otpauthUrl) });
    } catch (e) {
      failed(e, m.twoFactor_startFailed());
    }
  }

  async function confirmTotp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setError('');
    try {
      const { recoveryCodes } = await adminApi<{ recoveryCodes: string[] }>('/api/admin/2fa/totp/confirm', {
        method: 'POST',
        body: { code },
      });
      setStep({ kind: 'codes', codes: recoveryCodes });
      await refresh();
    } catch (e) {
      failed(e, m.twoFactor_checkFailed());
    }
  }

  async function addPasskey() {
    setError('');
    try {
      const optionsJSON = await adminApi<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        '/api/admin/2fa/webauthn/options',
        { method: 'POST' },
      );
      const response = await startRegistration({ optionsJSON });
      const { recoveryCodes } = await adminApi<{ recoveryCodes: string[] }>('/api/admin/2fa/webauthn', {
        method: 'POST',
        body: { name: 'Passkey', response },
      });
      toast.success(m.twoFactor_passkeyAdded());
      if (recoveryCodes.length > 0) setStep({ kind: 'codes', codes: recoveryCodes });
      await refresh();
    } catch (e) {
      failed(e, m.twoFactor_passkeyFailed());
    }
  }

  async function renewCodes() {
    setError('');
    try {
      const { recoveryCodes } = await adminApi<{ recoveryCodes: string[] }>('/api/admin/2fa/recovery-codes', {
        method: 'POST',
      });
      setStep({ kind: 'codes', codes: recoveryCodes });
      await refresh();
    } catch (e) {
      failed(e, m.twoFactor_codesFailed());
    }
  }

  async function remove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setError('');
    try {
      await adminApi('/api/admin/2fa/remove', {
        method: 'POST',
        body: /^\d{6}$/.test(code) ? { method: 'totp', code } : { method: 'recovery', code },
      });
      toast.success(m.twoFactor_removed());
      setStep({ kind: 'idle' });
      await refresh();
    } catch (e) {
      failed(e, m.twoFactor_removeFailed());
    }
  }

  const on = (status?.methods.length ?? 0) > 0;
  return (
    <section
      aria-labelledby="two-factor-heading"
      className="rounded-2xl bg-white p-6 shadow-sm"
      data-testid="two-factor-panel"
    >
      <h2 id="two-factor-heading" tabIndex={-1} className="text-2xl outline-none font-semibold text-lake-800">
        {m.twoFactor_heading()}
      </h2>
      {status && (
        <p className="mt-2 text-sm text-slate-700" data-testid="two-factor-state">
          {on
            ? m.twoFactor_stateOn({
                methods: [
                  status.methods.includes('totp') ? m.twoFactor_methodApp() : null,
                  status.passkeys.length > 0 ? m.twoFactor_methodPasskeys({ count: status.passkeys.length }) : null,
                ]
                  .filter(Boolean)
                  .join(', '),
                left: status.recoveryCodesLeft,
              })
            : m.twoFactor_stateOff()}
        </p>
      )}
      {step.kind === 'idle' && status && (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className={primary} onClick={() => void addPasskey()}>
            {m.twoFactor_addPasskey()}
          </button>
          <button type="button" className={button} onClick={() => void startTotp()}>
            {status.methods.includes('totp') ? m.twoFactor_replaceApp() : m.twoFactor_setUpApp()}
          </button>
          {on && (
            <>
              <button type="button" className={button} onClick={() => void renewCodes()}>
                {m.twoFactor_newCodes()}
              </button>
              <button type="button" className={button} onClick={() => setStep({ kind: 'remove' })}>
                {m.twoFactor_remove()}
              </button>
            </>
          )}
        </div>
      )}
      {step.kind === 'totp' && (
        <form onSubmit={(e) => void confirmTotp(e)} className="mt-4 space-y-3" aria-label={m.twoFactor_setUpApp()}>
          <p className="text-sm text-slate-700">{m.twoFactor_appIntro()}</p>
          <QrCode modules={step.qr} label={m.twoFactor_qrLabel()} />
          <Field density="admin" label={m.twoFactor_key()}>
            {(control) => (
              <input {...control} readOnly value={step.secret} className={`${control.className} font-mono`} />
            )}
          </Field>
          <Field density="admin" label={m.twoFactor_link()}>
            {(control) => (
              <input
                {...control}
                readOnly
                value={step.otpauthUrl}
                className={`${control.className} font-mono text-xs`}
              />
            )}
          </Field>
          <Field density="admin" label={m.twoFactor_appCode()} invalid={error !== ''} errorId="two-factor-error">
            {(control) => (
              <input {...control} name="code" required inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            )}
          </Field>
          <div className="flex gap-2">
            <button type="submit" className={primary}>
              {m.twoFactor_confirm()}
            </button>
            <button type="button" className={button} onClick={() => setStep({ kind: 'idle' })}>
              {m.twoFactor_cancel()}
            </button>
          </div>
        </form>
      )}
      {step.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />}
      {step.kind === 'remove' && (
        <form onSubmit={(e) => void remove(e)} className="mt-4 space-y-3" aria-label={m.twoFactor_remove()}>
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
          <div className="flex gap-2">
            <button
              type="submit"
              className="rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800"
            >
              {m.twoFactor_removeButton()}
            </button>
            <button type="button" className={button} onClick={() => setStep({ kind: 'idle' })}>
              {m.twoFactor_cancel()}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p id="two-factor-error" role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
