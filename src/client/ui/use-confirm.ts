import { useState } from 'react';

interface Pending {
  message: string;
  confirmLabel: string;
  run: () => void;
}

/** One confirm dialog for a panel's risky actions: `ask` opens it, `dialog` goes to <ConfirmDialog>. */
export function useConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  return {
    ask: (message: string, confirmLabel: string, run: () => void) => setPending({ message, confirmLabel, run }),
    dialog: {
      message: pending?.message ?? null,
      confirmLabel: pending?.confirmLabel ?? '',
      onConfirm: () => {
        setPending(null);
        pending?.run();
      },
      onCancel: () => setPending(null),
    },
  };
}
