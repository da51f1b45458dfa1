import { ToInvoicePanel } from '../features/admin/to-invoice-panel';
import { m } from '../i18n/paraglide/messages';
import { AdminFrame } from './admin-frame';

/** /admin/to-invoice: what the owner still has to invoice by hand. */
export function AdminToInvoiceRoute() {
  return (
    <AdminFrame back={[{ to: '/admin', label: m.admin_back() }]} tab={m.toInvoice_nav()}>
      <ToInvoicePanel />
    </AdminFrame>
  );
}
