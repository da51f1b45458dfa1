import { useState } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { errorText, fieldErrorText } from '../../i18n/error-text';
import { Field } from '../../ui/field';
import { BookingChangeForm, useBookingChange } from './booking-change';

type PartyField = 'adults' | 'childrenAges';

/**
 * The owner changes who stays, at the guest's request (docs/decisions/0069-changing-a-bookings-party.md):
 * the server checks the party by the booking form's rules and reprices it; what it refuses is shown
 * by its code, beside the field it names.
 */
export function ChangeParty({ booking, onChanged }: { booking: AdminBooking; onChanged: () => unknown }) {
  const texts = {
    open: m.adminUi_party_change(),
    form: m.adminUi_party_form({ code: booking.code }),
    save: m.adminUi_party_save(),
    keep: m.adminUi_party_keep(),
    hint: m.adminUi_party_hint(),
    changed: m.adminUi_party_changed(),
    changedNoMail: m.adminUi_party_changedNoMail(),
    failed: m.adminUi_party_failed(),
  };
  const change = useBookingChange<PartyField>({
    booking,
    route: 'party',
    texts,
    fieldError: (e) => {
      if (e.field?.startsWith('childrenAges')) return { field: 'childrenAges', text: fieldErrorText(e.field, false) };
      return e.field === 'adults' ? { field: 'adults', text: errorText(e) } : undefined;
    },
    onChanged,
  });
  const [values, setValues] = useState({
    adults: String(booking.guests - booking.childrenAges.length),
    childrenAges: booking.childrenAges.join(', '),
  });
  const field = (name: PartyField, label: string, className: string, hint?: string) => (
    <Field
      density="admin"
      label={label}
      hint={hint}
      error={change.error?.field === name ? change.error.text : undefined}
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
            change.clearError();
          }}
        />
      )}
    </Field>
  );
  // Sent as typed: the shared schema reads "10, 4" and "3" as the booking form's query does.
  const body = () => ({ adults: values.adults.trim(), childrenAges: values.childrenAges });
  return (
    <BookingChangeForm change={change} texts={texts} onSubmit={() => void change.submit(body())}>
      {field('adults', m.adminUi_party_adults(), 'w-24')}
      {field('childrenAges', m.adminUi_party_childrenAges(), 'w-56', m.adminUi_party_childrenAgesHint())}
    </BookingChangeForm>
  );
}
