import { m } from '../i18n/paraglide/messages';

interface HoneypotProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** A field people never see or reach; bots fill it, and the server quietly drops what they send. */
export function Honeypot({ id, value, onChange }: HoneypotProps) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{m.honeypot()}</label>
      <input
        id={id}
        name="website"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Disabled and relabelled while the form is on its way. */
export function SubmitButton({
  sending,
  label,
  sendingLabel,
}: {
  sending: boolean;
  label: string;
  sendingLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={sending}
      aria-busy={sending}
      className="w-full rounded-lg bg-lake-700 px-4 py-3 font-semibold text-white hover:bg-lake-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-700 disabled:opacity-70"
    >
      {sending ? sendingLabel : label}
    </button>
  );
}
