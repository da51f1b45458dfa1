import { useId } from 'react';
import { useToast } from '../../ui/toast';
import { Field } from '../../ui/field';
import { m } from '../../i18n/paraglide/messages';

interface Props {
  label: string;
  url: string;
  onRotate: () => void;
}

/** An export URL to hand to a platform: shown in full, with Copy and Rotate (a new secret URL). */
export function CopyUrl({ label, url, onRotate }: Props) {
  const id = useId();
  const toast = useToast();
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => toast.success(m.calendarAdmin_copied()),
      () => toast.error(m.calendarAdmin_copyFailed()),
    );
  return (
    <div className="mt-2">
      <Field id={id} label={label} density="admin">
        {(control) => (
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              {...control}
              readOnly
              value={url}
              onFocus={(e) => e.target.select()}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-1.5 font-mono text-sm"
            />
            <button
              type="button"
              onClick={() => void copy()}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
            >
              {m.calendarAdmin_copy()}
            </button>
            <button
              type="button"
              onClick={onRotate}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
            >
              {m.calendarAdmin_rotate()}
            </button>
          </div>
        )}
      </Field>
    </div>
  );
}
