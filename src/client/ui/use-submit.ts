import { type FormEvent, useRef, useState } from 'react';

/** A field the check refused, with the shared schema's words (a form shows the catalog's). */
export interface Problem {
  field: string;
  message: string;
}
export type Checked<T> = { data: T } | { problems: Problem[] };

interface Options<T> {
  /** The form's own check (the shared schema, loaded on the first submit). */
  check: () => Promise<Checked<T>>;
  send: (data: T) => Promise<void>;
  /** Every field refused, all at once. */
  onInvalid: (problems: Problem[]) => void;
  onSent: () => void;
  onFailed: (error: unknown) => void;
}

/**
 * The one way both forms submit: checked first, then sent once; a second submit while the first is
 * on its way is ignored, and `sending` is true while the request is out.
 */
export function useSubmit<T>({ check, send, onInvalid, onSent, onFailed }: Options<T>) {
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const checked = await check();
      if ('problems' in checked) return onInvalid(checked.problems);
      setSending(true);
      try {
        await send(checked.data);
        onSent();
      } catch (error) {
        onFailed(error);
      } finally {
        setSending(false);
      }
    } finally {
      inFlight.current = false;
    }
  }

  return { submit, sending };
}
