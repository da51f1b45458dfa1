import { type FormEvent, useState } from 'react';
import type { SecondFactorMethod, SecondFactorProof } from '../../../shared/admin';
import { Field } from '../../ui/field';
import { m } from '../../i18n/paraglide/messages';
import { codeProof, passkeyProof } from './passkey';

interface Props {
  methods: readonly SecondFactorMethod[];
  /** Where the passkey's challenge comes from: the pending login's, or the session's. */
  optionsPath: string;
  /** Sends the proof; resolves to an error to show, or undefined when it was taken. */
  prove: (proof: SecondFactorProof) => Promise<string | undefined>;
  density?: 'page' | 'admin';
  autoFocus?: boolean;
}

/** The second step: a code from the authenticator app or a recovery code, or the passkey. */
export function SecondFactorForm({ methods, optionsPath, prove, density = 'page', autoFocus = true }: Props) {
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const codes = methods.includes('totp') || methods.includes('recovery');

  async function send(proof: () => Promise<SecondFactorProof>) {
    if (sending) return;
    setSending(true);
    setError('');
    let problem: string | undefined;
    try {
      problem = await prove(await proof());
    } catch (e) {
      // The browser's own refusal (cancelled, timed out, no passkey on this device).
      problem = e instanceof Error && e.name === 'NotAllowedError' ? m.login_passkeyNotUsed() : m.login_passkeyFailed();
    }
    setSending(false);
    if (problem) setError(problem);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    void send(async () => codeProof(code));
  }

  return (
    <div className="space-y-4">
      {codes && (
        <form onSubmit={submit} className="space-y-4" aria-label={m.login_secondFactorForm()}>
          <Field
            density={density}
            label={m.login_code()}
            hint={methods.includes('totp') ? m.login_codeHintTotp() : m.login_codeHintRecovery()}
            invalid={error !== ''}
            errorId="second-factor-error"
          >
            {(control) => (
              <input
                {...control}
                name="code"
                required
                autoComplete="one-time-code"
                // A recovery code has letters and dashes (ABCD-EFGH-…): a digits-only keypad
                // would lock the owner out on a phone, so only a TOTP-only login gets one.
                inputMode={methods.includes('recovery') ? 'text' : 'numeric'}
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                autoFocus={autoFocus}
                maxLength={32}
              />
            )}
          </Field>
          <button
            type="submit"
            disabled={sending}
            className="w-full rounded-lg bg-lake-700 px-4 py-2.5 font-semibold text-white hover:bg-lake-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-700 disabled:opacity-70"
          >
            {m.login_verify()}
          </button>
        </form>
      )}
      {methods.includes('webauthn') && (
        <button
          type="button"
          disabled={sending}
          onClick={() => void send(() => passkeyProof(optionsPath))}
          className="w-full rounded-lg border border-lake-700 px-4 py-2.5 font-semibold text-lake-800 hover:bg-lake-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-700 disabled:opacity-70"
        >
          {m.login_usePasskey()}
        </button>
      )}
      {error && (
        <p id="second-factor-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
