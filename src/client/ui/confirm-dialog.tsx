import { useId } from 'react';
import { useModalDialog } from './use-modal-dialog';
import { m } from '../i18n/paraglide/messages';

interface Props {
  message: string | null;
  confirmLabel: string;
  /** The button that closes it: "Cancel" in the page's language unless the caller says otherwise. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal <dialog>: the browser traps focus, closes on Escape and restores focus afterwards. */
export function ConfirmDialog({ message, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const { ref } = useModalDialog(message !== null);
  // Several panels on one page each have their own dialog.
  const messageId = useId();

  return (
    <dialog
      ref={ref}
      onCancel={onCancel}
      aria-labelledby={messageId}
      className="m-auto max-w-sm rounded-2xl p-6 shadow-xl backdrop:bg-black/40"
    >
      <p id={messageId} className="text-slate-800">
        {message}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg border border-slate-300 px-4 py-2 hover:bg-slate-50"
        >
          {cancelLabel ?? m.forms_cancel()}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
