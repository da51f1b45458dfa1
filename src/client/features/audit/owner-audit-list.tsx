import type { OwnerAuditPage } from '../../../shared/owner-audit';
import { formatAdminDateTime } from '../../lib/format-date';
import { useAdminList } from '../../lib/use-admin-api';
import { AdminList } from '../../ui/admin-list';

type Entry = OwnerAuditPage['items'][number];

const ACTION: Record<Entry['action'], string> = {
  login: 'Logged in',
  export: 'Downloaded guest data',
  erase: 'Erased guest data',
  document_view: "Viewed guests' documents",
  siba_file: 'Downloaded a SIBA file',
  refund: 'Refunded',
  second_factor_added: 'Added a second factor',
  second_factor_removed: 'Removed the second factor',
  recovery_codes_renewed: 'Made new recovery codes',
};

/** The owner's sensitive actions of the last year, newest first, with the client's pseudonym of the day. */
export function OwnerAuditList() {
  const { state, reload } = useAdminList<Entry>(
    ['admin', 'audit'],
    '/api/admin/audit',
    'Error loading the audit list.',
  );
  return (
    <section aria-labelledby="audit-heading" className="rounded-2xl bg-white p-6 shadow-sm" data-testid="audit-panel">
      <h2 id="audit-heading" className="text-2xl font-semibold text-lake-800">
        Audit list
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Logins, refunds, guests&apos; data and documents, and second-factor changes, kept one year. The client is a name
        for the address that changes each day; the address itself is not kept.
      </p>
      <AdminList
        state={state}
        texts={{ loading: 'Loading...', error: 'Error loading the audit list.', empty: 'Nothing yet.' }}
        onRetry={reload}
      >
        {(entry) => (
          <li key={`${entry.at}-${entry.action}-${entry.detail ?? ''}`} className="py-2 text-sm text-slate-700">
            {formatAdminDateTime(entry.at)} · {ACTION[entry.action]}
            {entry.detail ? ` (${entry.detail})` : ''}
            {entry.client ? ` · client ${entry.client}` : ''}
          </li>
        )}
      </AdminList>
    </section>
  );
}
