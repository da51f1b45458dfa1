import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FeedReservation } from '../../../shared/stays';
import { m } from '../../i18n/paraglide/messages';
import { ApiError } from '../../lib/api';
import { useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';

/**
 * "Not a stay" for a feed's event that is none (the owner's own closed nights on Booking.com, a
 * test): with a note, once; it then leaves the reservations to complete (decision 0053).
 */
export function NotAStay({
  reservation,
  what,
  onDone,
}: {
  reservation: FeedReservation;
  what: string;
  onDone: () => unknown;
}) {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const act = useAdminAction(() => Promise.all([queryClient.invalidateQueries({ queryKey: ['admin'] }), onDone()]));
  const button = 'rounded-lg px-3 py-1.5 text-sm font-semibold';
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={m.stays_imported_notAStayOf({ what })}
        className={`${button} border border-slate-400 bg-white text-slate-800 hover:bg-slate-50`}
      >
        {m.stays_imported_notAStay()}
      </button>
    );
  return (
    <form
      noValidate
      className="grid w-full gap-2 sm:max-w-md"
      onSubmit={(event) => {
        event.preventDefault();
        if (!note.trim()) {
          // Refused at once, the focus on the field that says why (docs/decisions/0043-form-errors.md).
          setMissing(true);
          noteField.current?.focus();
          return;
        }
        void act(
          () =>
            adminApi(`/api/admin/feed-reservations/${encodeURIComponent(reservation.uid)}/not-a-stay`, {
              method: 'POST',
              body: { note: note.trim() },
            }),
          m.stays_imported_notAStayDone({ what }),
          (error) =>
            error instanceof ApiError && error.status === 409
              ? m.stays_imported_notAStayConflict()
              : m.stays_imported_notAStayError(),
        );
      }}
    >
      <Field
        label={m.stays_imported_notAStayNote()}
        density="admin"
        error={missing ? m.stays_imported_notAStayNoteMissing() : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            ref={noteField}
            rows={2}
            maxLength={500}
            value={note}
            // The form opened on the owner's click: the note is what they came to write.
            autoFocus
            onChange={(e) => {
              setNote(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={`${button} bg-lake-700 text-white hover:bg-lake-800`}>
          {m.stays_imported_notAStaySave()}
        </button>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className={`${button} border border-slate-400 bg-white text-slate-800 hover:bg-slate-50`}
        >
          {m.stays_imported_notAStayCancel()}
        </button>
      </div>
    </form>
  );
}
