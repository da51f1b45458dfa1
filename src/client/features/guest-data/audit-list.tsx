import { useAdminList } from '../../lib/use-admin-api';
import { AdminList } from '../../ui/admin-list';
import { formatAdminDateTime } from '../../lib/format-date';
import { m } from '../../i18n/paraglide/messages';

export const AUDIT_QUERY_KEY = ['admin', 'guest-data-audit'] as const;

interface AuditEntry {
  at: string;
  action: 'export' | 'erase';
  inquiries: number;
  reviews: number;
  blocks: number;
}

/** When guest data was downloaded or erased, and how much: never whose. */
export function AuditList() {
  const { state, reload } = useAdminList<AuditEntry>(AUDIT_QUERY_KEY, '/api/admin/guest-data/audit', m.audit_error());
  return (
    <div className="mt-8">
      <h3 className="text-lg font-semibold text-lake-800">{m.guestData_auditHeading()}</h3>
      <AdminList
        state={state}
        texts={{
          loading: m.audit_loading(),
          error: m.audit_error(),
          empty: m.guestData_auditEmpty(),
        }}
        onRetry={reload}
      >
        {(entry) => (
          <li key={`${entry.at}-${entry.action}`} className="py-2 text-sm text-slate-700">
            {formatAdminDateTime(entry.at)} ·{' '}
            {(entry.action === 'export' ? m.guestData_auditExport : m.guestData_auditErase)({
              inquiries: m.count_inquiries({ count: entry.inquiries }),
              reviews: m.count_reviews({ count: entry.reviews }),
              notes: m.count_calendarNotes({ count: entry.blocks }),
            })}
          </li>
        )}
      </AdminList>
    </div>
  );
}
