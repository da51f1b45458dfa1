import { useId } from 'react';
import type { RegistrationList } from '../../../shared/guest-registrations';
import { m } from '../../i18n/paraglide/messages';
import { AdminList } from '../../ui/admin-list';
import { useAdminList } from '../../lib/use-admin-api';
import { RegistrationItem } from './registration-item';
import { SibaServiceLine } from './siba-service-line';

type Registration = RegistrationList['items'][number];

/** The SIBA bulletins: one line per booking with a guest who is not Portuguese (docs/siba.md). */
export function RegistrationsPanel() {
  const id = useId();
  const { state, reload, first } = useAdminList<Registration, RegistrationList>(
    ['admin', 'registrations'],
    '/api/admin/registrations',
    m.registrations_loadError(),
  );

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl bg-white p-6 shadow-sm xl:col-span-2"
      data-testid="registrations-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold text-lake-800">
          {m.registrations_heading()}
        </h2>
        <button
          type="button"
          onClick={reload}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {m.registrations_reload()}
        </button>
      </div>
      <p className="mt-2 text-sm text-slate-700">{m.registrations_intro()}</p>
      {first && <SibaServiceLine service={first.service} />}
      <div className="mt-6">
        <AdminList
          state={state}
          texts={{
            loading: m.registrations_loading(),
            error: m.registrations_loadError(),
            empty: m.registrations_empty(),
          }}
          onRetry={reload}
        >
          {(item) => (
            <RegistrationItem
              key={item.bookingCode}
              item={item}
              service={first?.service ?? 'file'}
              onChanged={reload}
            />
          )}
        </AdminList>
      </div>
    </section>
  );
}
