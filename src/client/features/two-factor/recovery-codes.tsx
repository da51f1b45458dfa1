import { useState } from 'react';
import { m } from '../../i18n/paraglide/messages';

/** The ten recovery codes, shown this once, and the owner's "I saved them" before they go. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="recovery-codes">
      <h3 className="font-semibold text-slate-900">{m.twoFactor_codesHeading()}</h3>
      <p className="mt-1 text-sm text-slate-700">{m.twoFactor_codesIntro()}</p>
      <ol aria-label={m.twoFactor_codesList()} className="mt-3 grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-slate-900">
            {code}
          </li>
        ))}
      </ol>
      <label className="mt-4 flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} className="mt-1" />
        {m.twoFactor_codesSaved()}
      </label>
      <button
        type="button"
        disabled={!saved}
        onClick={onDone}
        className="mt-3 rounded-lg bg-lake-700 px-3 py-2 text-sm font-semibold text-white hover:bg-lake-800 disabled:opacity-50"
      >
        {m.twoFactor_codesDone()}
      </button>
    </div>
  );
}
