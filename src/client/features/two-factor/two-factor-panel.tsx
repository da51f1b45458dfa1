import { useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '../../../shared/admin';
import { useAdminApi } from '../../lib/use-admin-api';
import { JumpLink } from '../../ui/jump-link';
import { RecoveryCodes } from './recovery-codes';
import { button, primary, RemoveFactorForm, TotpSetupForm } from './two-factor-forms';
import { TWO_FACTOR_QUERY_KEY, useTwoFactorSteps } from './use-two-factor-steps';
import { m } from '../../i18n/paraglide/messages';

export { TWO_FACTOR_QUERY_KEY };

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
  const { data: status } = useTwoFactorStatus();
  const { step, setStep, error, startTotp, confirmTotp, addPasskey, renewCodes, remove } = useTwoFactorSteps();
  const idle = () => setStep({ kind: 'idle' });
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
        <TotpSetupForm step={step} error={error} onSubmit={(e) => void confirmTotp(e)} onCancel={idle} />
      )}
      {step.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={idle} />}
      {step.kind === 'remove' && <RemoveFactorForm error={error} onSubmit={(e) => void remove(e)} onCancel={idle} />}
      {error && (
        <p id="two-factor-error" role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
