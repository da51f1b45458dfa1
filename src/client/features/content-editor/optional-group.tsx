import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ContentForm } from './form-values';

interface Props {
  /** The optional part's path in the document, such as `pricing.touristTax`. */
  path: string;
  /** The checkbox's text: what having the part means. */
  label: string;
  /** The part as it starts when ticked. */
  initial: () => unknown;
  children: ReactNode;
}

/** A part of the content the owner may leave out (a tourist tax, bank transfers): ticked, its fields show. */
export function OptionalGroup({ path, label, initial, children }: Props) {
  const { control, setValue, unregister } = useFormContext<ContentForm>();
  const value = useWatch({ control, name: path });
  const present = value !== undefined && value !== null;
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          checked={present}
          onChange={(event) => {
            // Unticked, the part's fields let go of their values too; left registered, they would
            // write them back and the part would never leave the content.
            if (!event.target.checked) unregister(path as never, { keepDirty: true });
            setValue(path, event.target.checked ? initial() : undefined, { shouldDirty: true });
          }}
        />
        {label}
      </label>
      {present && <div className="space-y-3 border-l-2 border-slate-100 pl-4">{children}</div>}
    </div>
  );
}
