import { m } from '../../i18n/paraglide/messages';
import { useAdminApi } from '../../lib/use-admin-api';
import { GuestRegistrationForm } from '../../ui/guest-registration-form';

/** The owner types or corrects a guest's data (at the door, or after SIBA refused a line). */
export function GuestCorrections({
  bookingCode,
  guests,
  onSaved,
}: {
  bookingCode: string;
  guests: number;
  onSaved: () => unknown;
}) {
  const adminApi = useAdminApi();
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-lake-800">{m.adminUi_corrections_summary()}</summary>
      <p className="mt-2 text-slate-600">{m.adminUi_corrections_hint()}</p>
      <ol className="mt-2 space-y-4">
        {Array.from({ length: guests }, (_, i) => i + 1).map((index) => (
          <li key={index} className="rounded-lg border border-slate-200 p-3">
            <h3 className="font-semibold text-slate-900">{m.adminUi_corrections_guest({ index })}</h3>
            <GuestRegistrationForm
              index={index}
              nationality={null}
              density="admin"
              save={async (body) => {
                const saved = await adminApi<{ complete: boolean }>(
                  `/api/admin/registrations/${encodeURIComponent(bookingCode)}/guests/${index}`,
                  { method: 'PUT', body },
                );
                await onSaved();
                return saved;
              }}
            />
          </li>
        ))}
      </ol>
    </details>
  );
}
