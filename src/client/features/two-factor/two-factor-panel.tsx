import { startRegistration } from '@simplewebauthn/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { TwoFactorStatus } from '../../../shared/admin';
import { ApiError } from '../../lib/api';
import { useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { RecoveryCodes } from './recovery-codes';

export const TWO_FACTOR_QUERY_KEY = ['admin', 'two-factor'] as const;

type Step =
  | { kind: 'idle' }
  | { kind: 'totp'; secret: string; otpauthUrl: string }
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
        <strong>Protect this admin with a second factor.</strong> Until you set one up, anyone with the password can log
        in, and refunds and guests&apos; documents ask for the password again.{' '}
        <a href="#two-factor-heading" className="font-semibold underline">
          Set it up now
        </a>
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
      e instanceof ApiError && (e.status === 400 || e.status === 409 || e.status === 429) ? e.message : fallback,
    );

  async function startTotp() {
    setError('');
    try {
      setStep({
        kind: 'totp',
        ...(await adminApi<{ secret: string; otpauthUrl: string }>('/api/admin/2fa/totp/setup', { method: 'POST' })),
      });
    } catch (e) {
      failed(e, 'The setup could not start. Try again.');
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
      failed(e, 'The code could not be checked. Try again.');
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
      toast.success('Passkey added.');
      if (recoveryCodes.length > 0) setStep({ kind: 'codes', codes: recoveryCodes });
      await refresh();
    } catch (e) {
      failed(e, 'The passkey was not added. Try again.');
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
      failed(e, 'New codes could not be made. Try again.');
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
      toast.success('The second factor is removed.');
      setStep({ kind: 'idle' });
      await refresh();
    } catch (e) {
      failed(e, 'The second factor could not be removed. Try again.');
    }
  }

  const on = (status?.methods.length ?? 0) > 0;
  return (
    <section
      aria-labelledby="two-factor-heading"
      className="rounded-2xl bg-white p-6 shadow-sm"
      data-testid="two-factor-panel"
    >
      <h2 id="two-factor-heading" className="text-2xl font-semibold text-lake-800">
        Second factor
      </h2>
      {status && (
        <p className="mt-2 text-sm text-slate-700" data-testid="two-factor-state">
          {on
            ? `On: ${[
                status.methods.includes('totp') ? 'authenticator app' : null,
                status.passkeys.length > 0 ? `passkeys: ${status.passkeys.length}` : null,
              ]
                .filter(Boolean)
                .join(', ')}; recovery codes left: ${status.recoveryCodesLeft}. Every login asks for it.`
            : 'Off: the password alone opens this admin.'}
        </p>
      )}
      {step.kind === 'idle' && status && (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className={primary} onClick={() => void addPasskey()}>
            Add a passkey
          </button>
          <button type="button" className={button} onClick={() => void startTotp()}>
            {status.methods.includes('totp') ? 'Replace the authenticator app' : 'Set up an authenticator app'}
          </button>
          {on && (
            <>
              <button type="button" className={button} onClick={() => void renewCodes()}>
                New recovery codes
              </button>
              <button type="button" className={button} onClick={() => setStep({ kind: 'remove' })}>
                Remove the second factor
              </button>
            </>
          )}
        </div>
      )}
      {step.kind === 'totp' && (
        <form onSubmit={(e) => void confirmTotp(e)} className="mt-4 space-y-3" aria-label="Set up an authenticator app">
          <p className="text-sm text-slate-700">
            In your authenticator app, add an account by hand with this key, or open the link on the phone. Then type
            the six-digit code it shows.
          </p>
          <Field density="admin" label="Key">
            {(control) => (
              <input {...control} readOnly value={step.secret} className={`${control.className} font-mono`} />
            )}
          </Field>
          <Field density="admin" label="Link (otpauth)">
            {(control) => (
              <input
                {...control}
                readOnly
                value={step.otpauthUrl}
                className={`${control.className} font-mono text-xs`}
              />
            )}
          </Field>
          <Field density="admin" label="Code from the app" invalid={error !== ''} errorId="two-factor-error">
            {(control) => (
              <input {...control} name="code" required inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            )}
          </Field>
          <div className="flex gap-2">
            <button type="submit" className={primary}>
              Confirm
            </button>
            <button type="button" className={button} onClick={() => setStep({ kind: 'idle' })}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {step.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />}
      {step.kind === 'remove' && (
        <form onSubmit={(e) => void remove(e)} className="mt-4 space-y-3" aria-label="Remove the second factor">
          <Field
            density="admin"
            label="Code from the app, or a recovery code"
            invalid={error !== ''}
            errorId="two-factor-error"
          >
            {(control) => <input {...control} name="code" required autoComplete="one-time-code" maxLength={32} />}
          </Field>
          <div className="flex gap-2">
            <button
              type="submit"
              className="rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800"
            >
              Remove
            </button>
            <button type="button" className={button} onClick={() => setStep({ kind: 'idle' })}>
              Cancel
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
