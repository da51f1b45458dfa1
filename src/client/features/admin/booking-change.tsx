import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { ApiError } from '../../lib/api';
import { refusalText, SessionEndedError, useAdminApi } from '../../lib/use-admin-api';
import { useToast } from '../../ui/toast';

// A change the owner makes to a booking (its dates, its party): one form that opens from a button,
// posts to the booking's route, shows a refusal beside the field the server names, and says
// whether the guest is mailed. Each change brings its fields and its words.

export interface ChangeTexts {
  open: string;
  form: string;
  save: string;
  keep: string;
  hint: string;
  changed: string;
  changedNoMail: string;
  failed: string;
}

export interface FieldError<F extends string> {
  field: F;
  text: string;
}

interface Options<F extends string> {
  booking: AdminBooking;
  /** The route's last part: /api/admin/bookings/:code/<route>. */
  route: 'dates' | 'party';
  texts: ChangeTexts;
  /** The refusal's place and words when it names one of the form's fields. */
  fieldError: (error: ApiError) => FieldError<F> | undefined;
  onChanged: () => unknown;
}

/** The state and the sending of one change; `submit` posts `body`. */
export function useBookingChange<F extends string>({ booking, route, texts, fieldError, onChanged }: Options<F>) {
  const adminApi = useAdminApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<FieldError<F>>();
  const [busy, setBusy] = useState(false);

  async function submit(body: object) {
    setBusy(true);
    try {
      await adminApi(`/api/admin/bookings/${encodeURIComponent(booking.code)}/${route}`, { method: 'POST', body });
      toast.success(booking.mailOn ? texts.changed : texts.changedNoMail);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'booking-mails', booking.code] });
      await onChanged();
    } catch (e) {
      const onField = e instanceof ApiError ? fieldError(e) : undefined;
      if (onField) setError(onField);
      else if (!(e instanceof SessionEndedError))
        toast.error(e instanceof ApiError && e.status === 409 ? refusalText(e) : texts.failed);
    } finally {
      setBusy(false);
    }
  }
  return { open, setOpen, error, clearError: () => setError(undefined), busy, submit };
}

const SECONDARY = 'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50';

/** The button that opens the change, or its form: the fields, Save and Keep, and the hint. */
export function BookingChangeForm({
  change,
  texts,
  onSubmit,
  children,
}: {
  change: { open: boolean; setOpen: (open: boolean) => void; busy: boolean };
  texts: ChangeTexts;
  onSubmit: () => void;
  children: ReactNode;
}) {
  if (!change.open)
    return (
      <button type="button" onClick={() => change.setOpen(true)} className={SECONDARY}>
        {texts.open}
      </button>
    );
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
      aria-label={texts.form}
      className="flex w-full flex-wrap items-start gap-2 rounded-lg border border-slate-200 p-3"
    >
      {children}
      <div className="mt-5 flex gap-2">
        <button
          type="submit"
          disabled={change.busy}
          className="rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800"
        >
          {texts.save}
        </button>
        <button type="button" onClick={() => change.setOpen(false)} className={SECONDARY}>
          {texts.keep}
        </button>
      </div>
      <p className="w-full text-xs text-slate-600">{texts.hint}</p>
    </form>
  );
}
