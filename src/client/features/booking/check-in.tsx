import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Guests } from '../../../shared/guest-registrations';
import { houseToday } from '../../../shared/dates';
import { m } from '../../i18n/paraglide/messages';
import { api } from '../../lib/api';
import { formatLongDay } from '../../lib/format-date';
import { GuestRegistrationForm, type Residence } from '../../ui/guest-registration-form';
import { CheckInNif } from './check-in-nif';
import { CheckInNotice } from './check-in-notice';

/**
 * Online check-in on the guest's page (docs/decisions/0027-guest-registrations-and-siba.md): from
 * 14 days before the arrival, one part per guest, each saved on its own; a reloaded page shows
 * what each guest saved, but never their document number or date of birth
 * (docs/decisions/0056-a-bulletin-only-when-needed.md). A lazy chunk, as the page needs it only
 * near the stay.
 */
interface Props {
  path: string;
  checkOut: string;
  invoiceNif: { nif: string; country: string } | null;
  onChanged: () => unknown;
}

export default function CheckIn({ path, checkOut, invoiceNif, onChanged }: Props) {
  // The house's day when the page opened; the server checks again on every save.
  const [today] = useState(() => houseToday(Date.now()));
  const [base, query] = path.split('?') as [string, string];
  const key = ['booking-guests', path];
  const client = useQueryClient();
  const guests = useQuery({ queryKey: key, queryFn: () => api<Guests>(`${base}/guests?${query}`), retry: false });
  const data = guests.data;
  const open = data && today >= data.opensAt;
  // Guest 1's country and town as typed, for the others' "Same as guest 1"; a stable setter, so
  // guest 1's form tells it on every change without rendering itself again.
  const [firstGuest, setFirstGuest] = useState<Residence | null>(null);
  if (today > checkOut) return null;

  return (
    <section
      aria-labelledby="check-in-title"
      className="mt-8 rounded-2xl bg-white p-6 shadow-sm"
      data-testid="check-in"
    >
      <h2 id="check-in-title" className="text-lg font-semibold text-lake-800">
        {m.checkIn_title()}
      </h2>
      {guests.isPending && <p role="status">{m.checkIn_loading()}</p>}
      {guests.isError && <p role="alert">{m.checkIn_loadFailed()}</p>}
      {data && !open && <p className="mt-2">{m.checkIn_opensOn({ day: formatLongDay(data.opensAt) })}</p>}
      {data && open && (
        <>
          <CheckInNotice />
          <p role="status" className="mt-4 font-medium" data-testid="check-in-progress">
            {m.checkIn_progress({ done: data.guests.filter((g) => g.complete).length, count: data.guests.length })}
          </p>
          <ol className="mt-4 space-y-6">
            {data.guests.map((guest, position) => (
              <li key={guest.index} className="rounded-xl border border-slate-200 p-4">
                <h3 id={`guest-${guest.index}-title`} className="font-semibold text-slate-900">
                  {m.checkIn_guest({ n: guest.index })}{' '}
                  <span className={guest.complete ? 'text-green-800' : 'text-slate-600'} data-testid="guest-state">
                    · {guest.complete ? m.checkIn_complete() : m.checkIn_incomplete()}
                  </span>
                </h3>
                <div className="mt-3">
                  <GuestRegistrationForm
                    index={guest.index}
                    nationality={guest.nationality}
                    saved={guest.saved}
                    firstGuest={firstGuest}
                    {...(position === 0 ? { onResidence: setFirstGuest } : {})}
                    save={async (body) => {
                      const saved = await api<{ complete: boolean }>(`${base}/guests/${guest.index}?${query}`, {
                        method: 'PUT',
                        body,
                      });
                      await client.invalidateQueries({ queryKey: key });
                      return saved;
                    }}
                  />
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
      <CheckInNif path={path} current={invoiceNif} onSaved={onChanged} />
    </section>
  );
}
