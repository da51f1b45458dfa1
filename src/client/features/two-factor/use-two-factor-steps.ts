import { startRegistration } from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { INCORRECT_CODE } from '../../../shared/admin';
import { ApiError } from '../../lib/api';
import { errorText } from '../../i18n/error-text';
import { useAdminApi } from '../../lib/use-admin-api';
import { useToast } from '../../ui/toast';
import { encodeQr, type QrModules } from './qr-code';
import { m } from '../../i18n/paraglide/messages';

export const TWO_FACTOR_QUERY_KEY = ['admin', 'two-factor'] as const;

export type Step =
  | { kind: 'idle' }
  | { kind: 'totp'; secret: string; otpauthUrl: string; qr: QrModules }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'remove' };

/** The panel's steps and the calls that move between them; a refusal is shown in the catalog's words. */
export function useTwoFactorSteps() {
  const adminApi = useAdminApi();
  const toast = useToast();
  const queryClient = useQueryClient();
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

  return { step, setStep, error, startTotp, confirmTotp, addPasskey, renewCodes, remove };
}
