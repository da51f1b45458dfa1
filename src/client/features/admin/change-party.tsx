import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { ApiError } from '../../lib/api';
import { m } from '../../i18n/paraglide/messages';
import { errorText, fieldErrorText } from '../../i18n/error-text';
import { SessionEndedError, useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';
import { useToast } from '../../ui/toast';

type PartyField = 'adults' | 'childrenAges';

/**
 * The owner changes who stays, at the guest's request (docs/decisions/0069-changing-a-bookings-party.md):
 * the server checks the party by the booking form's rules and reprices it; what it refuses is shown
 * by its code, beside the field it names.
 */
export function ChangeParty({ booking, onChanged }: { booking: AdminBooking; onChanged: () => unknown }) {
  const adminApi = useAdminApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({
    adults: String(booking.guests - booking.childrenAges.length),
    childrenAges: booking.childrenAges.join(', '),
  });
  const [error, setError] = useState<{ field: PartyField; text: string }>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      // Sent as typed: the shared schema reads "10, 4" and "3" as the booking form's query does.
      await adminApi(`/api/admin/bookings/${encodeURIComponent(booking.code)}/party`, {
        method: 'POST',
        body: { adults: values.adults.trim(), childrenAges: values.childrenAges },
      });
      toast.success(booking.mailOn ? m.adminUi_party_changed() : m.adminUi_party_changedNoMail());
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'booking-mails', booking.code] });
      await onChanged();
    } catch (e) {
      if (e instanceof ApiError && e.field?.startsWith('childrenAges'))
        setError({ field: 'childrenAges', text: fieldErrorText(e.field, false) });
      else if (e instanceof ApiError && e.field === 'adults') setError({ field: 'adults', text: errorText(e) });
      else if (!(e instanceof SessionEndedError))
        toast.error(e instanceof ApiError && e.status === 409 ? errorText(e) : m.adminUi_party_failed());
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
        {m.adminUi_party_change()}
      </button>
    );
  const field = (name: PartyField, label: string, className: string, hint?: string) => (
    <Field
      density="admin"
      label={label}
      hint={hint}
      error={error?.field === name ? error.text : undefined}
      className={className}
    >
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode={name === 'adults' ? 'numeric' : 'text'}
          required={name === 'adults'}
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
      aria-label={m.adminUi_party_form({ code: booking.code })}
      className="flex w-full flex-wrap items-start gap-2 rounded-lg border border-slate-200 p-3"
    >
      {field('adults', m.adminUi_party_adults(), 'w-24')}
      {field('childrenAges', m.adminUi_party_childrenAges(), 'w-56', m.adminUi_party_childrenAgesHint())}
      <div className="mt-5 flex gap-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800"
        >
          {m.adminUi_party_save()}
        </button>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50"
        >
          {m.adminUi_party_keep()}
        </button>
      </div>
      <p className="w-full text-xs text-slate-600">{m.adminUi_party_hint()}</p>
    </form>
  );
}
