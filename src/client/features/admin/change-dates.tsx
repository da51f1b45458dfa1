import { useState } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { refusalText } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';
import { BookingChangeForm, useBookingChange } from './booking-change';

type DateField = 'checkIn' | 'checkOut';

/**
 * The owner moves a booking to other nights (docs/decisions/0025-changing-a-bookings-dates.md):
 * the server checks the nights and says which field is wrong; the price stays as agreed.
 */
export function ChangeDates({ booking, onChanged }: { booking: AdminBooking; onChanged: () => unknown }) {
  const texts = {
    open: m.adminUi_dates_change(),
    form: m.adminUi_dates_form({ code: booking.code }),
    save: m.adminUi_dates_save(),
    keep: m.adminUi_dates_keep(),
    hint: m.adminUi_dates_hint(),
    changed: m.adminUi_dates_changed(),
    changedNoMail: m.adminUi_dates_changedNoMail(),
    failed: m.adminUi_dates_failed(),
  };
  const change = useBookingChange<DateField>({
    booking,
    route: 'dates',
    texts,
    fieldError: (e) =>
      e.field === 'checkIn' || e.field === 'checkOut' ? { field: e.field, text: refusalText(e) } : undefined,
    onChanged,
  });
  const [values, setValues] = useState({ checkIn: booking.checkIn, checkOut: booking.checkOut });
  const field = (name: DateField, label: string) => (
    <Field
      density="admin"
      label={label}
      error={change.error?.field === name ? change.error.text : undefined}
      className="w-40"
    >
      {(control) => (
        <input
          {...control}
          type="date"
          required
          value={values[name]}
          onChange={(e) => {
            setValues({ ...values, [name]: e.target.value });
            change.clearError();
          }}
        />
      )}
    </Field>
  );
  return (
    <BookingChangeForm change={change} texts={texts} onSubmit={() => void change.submit(values)}>
      {field('checkIn', m.adminUi_dates_checkIn())}
      {field('checkOut', m.adminUi_dates_checkOut())}
    </BookingChangeForm>
  );
}
