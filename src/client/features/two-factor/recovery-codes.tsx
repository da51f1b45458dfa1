import { useState } from 'react';
import { property } from '../../i18n/locale';
import { saveText } from '../../lib/save-file';
import { useToast } from '../../ui/toast';
import { m } from '../../i18n/paraglide/messages';

const button = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50';

/** The codes as the .txt file and the clipboard hold them: the house and the day, then one code a line. */
const codesText = (codes: readonly string[]) =>
  [
    m.twoFactor_codesFileHeading({ house: property.name, date: new Date().toISOString().slice(0, 10) }),
    '',
    ...codes,
    '',
  ].join('\n');

/** The ten recovery codes, shown this once, to copy or download, and the owner's "I saved them" before they go. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const toast = useToast();

  async function copy() {
    try {
      await navigator.clipboard.writeText(codesText(codes));
      toast.success(m.twoFactor_codesCopied());
    } catch {
      toast.error(m.twoFactor_codesCopyFailed());
    }
  }

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
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={button} onClick={() => void copy()}>
          {m.twoFactor_codesCopy()}
        </button>
        <button
          type="button"
          className={button}
          onClick={() => saveText(m.twoFactor_codesFileName(), codesText(codes), 'text/plain;charset=utf-8')}
        >
          {m.twoFactor_codesDownload()}
        </button>
      </div>
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
