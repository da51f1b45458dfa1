import { useState } from 'react';

/** The ten recovery codes, shown this once, and the owner's "I saved them" before they go. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="recovery-codes">
      <h3 className="font-semibold text-slate-900">Your recovery codes</h3>
      <p className="mt-1 text-sm text-slate-700">
        Each code logs you in once if you lose your phone or passkey. They are shown only now: save them somewhere safe,
        away from this computer (print them, or keep them in a password manager).
      </p>
      <ol aria-label="Recovery codes" className="mt-3 grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-slate-900">
            {code}
          </li>
        ))}
      </ol>
      <label className="mt-4 flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} className="mt-1" />I have
        saved these codes somewhere safe
      </label>
      <button
        type="button"
        disabled={!saved}
        onClick={onDone}
        className="mt-3 rounded-lg bg-lake-700 px-3 py-2 text-sm font-semibold text-white hover:bg-lake-800 disabled:opacity-50"
      >
        Done
      </button>
    </div>
  );
}
