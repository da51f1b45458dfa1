import { type MouseEvent, useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A native modal <dialog> shown while `open`: the browser traps focus, closes it on Escape and
 * gives focus back to what opened it. Every way out should go through `close`, so the dialog's
 * own close event (and its focus return) runs first.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  // Shown in the same task as the click that opened it: a later task would come after input the
  // browser handles first (a second click, a key), which would reach the page behind it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const close = useCallback(() => ref.current?.close(), []);
  // A click on the dimmed backdrop lands on the <dialog> itself, outside its content.
  const closeOnBackdrop = useCallback((event: MouseEvent) => event.target === event.currentTarget && close(), [close]);
  return { ref, close, closeOnBackdrop };
}
