import type { SecondFactorMethod } from '../../../shared/admin';
import type { OwnerAuditPage } from '../../../shared/owner-audit';
import { formatAdminDateTime } from '../../lib/format-date';
import { useAdminList } from '../../lib/use-admin-api';
import { AdminList } from '../../ui/admin-list';
import { m } from '../../i18n/paraglide/messages';

type Entry = OwnerAuditPage['items'][number];

// One message per action, checked complete; read when drawn, in the page's language.
const ACTION: Record<Entry['action'], () => string> = {
  login: m.audit_action_login,
  export: m.audit_action_export,
  erase: m.audit_action_erase,
  document_view: m.audit_action_document_view,
  siba_file: m.audit_action_siba_file,
  refund: m.audit_action_refund,
  refund_account_view: m.audit_action_refund_account_view,
  transfer_received: m.audit_action_transfer_received,
  second_factor_added: m.audit_action_second_factor_added,
  second_factor_removed: m.audit_action_second_factor_removed,
  recovery_codes_renewed: m.audit_action_recovery_codes_renewed,
  content_published: m.audit_action_content_published,
  bank_account_changed: m.audit_action_bank_account_changed,
  tax_number_corrected: m.audit_action_tax_number_corrected,
  guest_link_created: m.audit_action_guest_link_created,
  guest_links_revoked: m.audit_action_guest_links_revoked,
  second_factor_failed: m.audit_action_second_factor_failed,
  second_factor_paused: m.audit_action_second_factor_paused,
};

// A login's or a second factor's detail is its method, said in words; a publish's its version's
// number; the others are names (a booking's code) or an IBAN's last characters (`…0154 → …3000`).
const METHOD: Record<'password' | SecondFactorMethod, () => string> = {
  password: m.audit_method_password,
  totp: m.audit_method_totp,
  webauthn: m.audit_method_webauthn,
  recovery: m.audit_method_recovery,
};
const detail = (entry: Entry) =>
  entry.action === 'content_published' && entry.detail
    ? m.audit_detail_version({ version: entry.detail })
    : entry.detail && entry.detail in METHOD
      ? METHOD[entry.detail as keyof typeof METHOD]()
      : entry.detail;

/** The owner's sensitive actions of the last year, newest first, with the client's pseudonym of the day. */
export function OwnerAuditList() {
  const { state, reload } = useAdminList<Entry>(['admin', 'audit'], '/api/admin/audit', m.audit_error());
  return (
    <section aria-labelledby="audit-heading" className="rounded-2xl bg-white p-6 shadow-sm" data-testid="audit-panel">
      <h2 id="audit-heading" className="text-2xl font-semibold text-lake-800">
        {m.audit_heading()}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m.audit_intro()}</p>
      <AdminList
        state={state}
        texts={{ loading: m.audit_loading(), error: m.audit_error(), empty: m.audit_empty() }}
        onRetry={reload}
      >
        {(entry) => (
          <li key={`${entry.at}-${entry.action}-${entry.detail ?? ''}`} className="py-2 text-sm text-slate-700">
            {formatAdminDateTime(entry.at)} · {ACTION[entry.action]()}
            {entry.detail ? ` (${detail(entry)})` : ''}
            {entry.client ? ` · ${m.audit_client({ client: entry.client })}` : ''}
          </li>
        )}
      </AdminList>
    </section>
  );
}
