import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { ApiError } from '../../lib/api';
import { m } from '../../i18n/paraglide/messages';
import { refusalText, SessionEndedError, useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';
import { useToast } from '../../ui/toast';

type DateField = 'checkIn' | 'checkOut';

/**
 * The owner moves a booking to other nights (docs/decisions/0025-changing-a-bookings-dates.md):
 * the server checks the nights and says which field is wrong; the price stays as agreed.
 */
export function ChangeDates({ booking, onChanged }: { booking: AdminBooking; onChanged: () => unknown }) {
  const adminApi = useAdminApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ checkIn: booking.checkIn, checkOut: booking.checkOut });
  const [error, setError] = useState<{ field: DateField; text: string }>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await adminApi(`/api/admin/bookings/${encodeURIComponent(booking.code)}/dates`, {
        method: 'POST',
        body: values,
      });
      toast.success(booking.mailOn ? m.adminUi_dates_changed() : m.adminUi_dates_changedNoMail());
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'booking-mails', booking.code] });
      await onChanged();
    } catch (e) {
      if (e instanceof ApiError && (e.field === 'checkIn' || e.field === 'checkOut'))
        setError({ field: e.field, text: refusalText(e) });
      else if (!(e instanceof SessionEndedError))
        toast.error(e instanceof ApiError && e.status === 409 ? refusalText(e) : m.adminUi_dates_failed());
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50"
      >
        {m.adminUi_dates_change()}
      </button>
    );
  const field = (name: DateField, label: string) => (
    <Field density="admin" label={label} error={error?.field === name ? error.text : undefined} className="w-40">
      {(control) => (
        <input
          {...control}
          type="date"
          required
          value={values[name]}
          onChange={(e) => {
            setValues({ ...values, [name]: e.target.value });
            setError(undefined);
          }}
        />
      )}
    </Field>
  );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={m.adminUi_dates_form({ code: booking.code })}
      className="flex w-full flex-wrap items-start gap-2 rounded-lg border border-slate-200 p-3"
    >
      {field('checkIn', m.adminUi_dates_checkIn())}
      {field('checkOut', m.adminUi_dates_checkOut())}
      <div className="mt-5 flex gap-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800"
        >
          {m.adminUi_dates_save()}
        </button>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50"
        >
          {m.adminUi_dates_keep()}
        </button>
      </div>
      <p className="w-full text-xs text-slate-600">{m.adminUi_dates_hint()}</p>
    </form>
  );
}
