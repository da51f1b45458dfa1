import { type FormEvent, useState } from 'react';
import type { SecondFactorMethod, SecondFactorProof } from '../../../shared/admin';
import { adminFlag } from '../../lib/admin-flag';
import { api, ApiError } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';
import { errorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { Field } from '../../ui/field';
import { SecondFactorForm } from './second-factor-form';

/** A login that has not been answered in this long is reported as a server that cannot be reached. */
const LOGIN_TIMEOUT_MS = 20_000;

/**
 * The text follows the error's code, in the page's language. No answer at all (offline, a dropped
 * connection, the timeout) is not a wrong password.
 */
function loginError(error: unknown): string {
  if (!(error instanceof ApiError)) return m.login_unreachable();
  if (error.code === 'unauthorized' || error.code === 'invalid_field') return m.login_incorrectPassword();
  if (error.code === 'rate_limited' && error.retryAfterSeconds !== undefined) {
    return m.login_tooManyAttempts({ minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) });
  }
  if (error.code === 'busy') return m.login_busy();
  // The whole site's second step is paused (docs/decisions/0062-second-factor-paused-site-wide.md).
  if (error.code === 'second_factor_paused') return errorText(error);
  return m.login_failed();
}

/**
 * The login form: prerendered on /login and hydrated there as an island, and drawn by the router
 * when an admin screen finds the session gone. Either way it opens /admin as a new page.
 */
export function LoginPage() {
  const hydrated = useHydrated();
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  // The password was right and the second factor is due: its methods (docs/decisions/0036-second-factor.md).
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null);

  function enter() {
    adminFlag.set();
    window.location.replace('/admin');
  }

  async function prove(proof: SecondFactorProof): Promise<string | undefined> {
    try {
      await api('/api/admin/login/second-factor', { method: 'POST', body: proof });
      enter();
      return undefined;
    } catch (e) {
      if (e instanceof ApiError && e.status === 401 && e.message.startsWith('The login has expired')) {
        setSecondFactor(null);
        setError(m.login_expired());
        return undefined;
      }
      if (e instanceof ApiError && e.status === 401)
        return proof.method === 'webauthn' ? m.login_passkeyRefused() : m.login_incorrectCode();
      return loginError(e);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    // Read from the form, not from state: what was typed before the script ran counts too.
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setSending(true);
    setError('');
    // A timer of the page's own (not AbortSignal.timeout), so a test's clock can move it.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LOGIN_TIMEOUT_MS);
    try {
      const answer = await api<{ secondFactor: SecondFactorMethod[] } | undefined>('/api/admin/login', {
        method: 'POST',
        body: { password },
        signal: controller.signal,
      });
      if (answer?.secondFactor) {
        setSecondFactor(answer.secondFactor);
        setSending(false);
      } else enter();
    } catch (e) {
      setError(loginError(e));
      setSending(false);
    } finally {
      clearTimeout(timer);
    }
  }

  if (secondFactor)
    return (
      <main className="flex min-h-screen items-center justify-center bg-sand-50 px-4">
        <section
          aria-labelledby="second-factor-heading"
          className="w-full max-w-sm space-y-5 rounded-2xl bg-white p-8 shadow-md"
        >
          <h1 id="second-factor-heading" className="text-center text-2xl font-bold text-lake-800">
            {m.login_twoStepHeading()}
          </h1>
          <p className="text-sm text-slate-700">
            {secondFactor.includes('webauthn') ? m.login_twoStepPasskey() : m.login_twoStepCode()}
          </p>
          <SecondFactorForm methods={secondFactor} optionsPath="/api/admin/login/options" prove={prove} />
        </section>
      </main>
    );

  return (
    <main className="flex min-h-screen items-center justify-center bg-sand-50 px-4">
      {/* POST, never a GET that would put the password in an address, should it be sent without the script. */}
      <form method="post" onSubmit={submit} className="w-full max-w-sm space-y-5 rounded-2xl bg-white p-8 shadow-md">
        <h1 className="text-center text-2xl font-bold text-lake-800">{m.login_heading()}</h1>
        <Field id="admin-password" label={m.login_password()} invalid={error !== ''} errorId="login-error">
          {(control) => <input {...control} type="password" name="password" required autoComplete="current-password" />}
        </Field>
        {error && (
          <p id="login-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          // Until the script runs, the form cannot be sent: Enter in the field does nothing either.
          disabled={sending || !hydrated}
          className="w-full rounded-lg bg-lake-700 px-4 py-2.5 font-semibold text-white hover:bg-lake-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-700 disabled:opacity-70"
        >
          {m.login_submit()}
        </button>
      </form>
    </main>
  );
}
