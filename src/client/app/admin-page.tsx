import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { queryClient } from '../lib/query-client';
import { Link, Navigate, useNavigate } from 'react-router';
import { CalendarPanel } from '../features/calendar/calendar-panel';
import { GuestDataPanel } from '../features/guest-data/guest-data-panel';
import { BookingsPanel } from '../features/admin/bookings-panel';
import { InquiriesPanel } from '../features/admin/inquiries-panel';
import { NeedsActionPanel } from '../features/admin/needs-action-panel';
import { RegistrationsPanel } from '../features/admin/registrations-panel';
import { ManageReviews } from '../features/admin/manage-reviews';
import { useAdminApi } from '../lib/use-admin-api';
import { adminFlag } from '../lib/admin-flag';
import { ReauthProvider } from '../features/login/reauth-dialog';
import { TwoFactorBanner, TwoFactorPanel } from '../features/two-factor/two-factor-panel';
import { OwnerAuditList } from '../features/audit/owner-audit-list';
import { ReadinessChecklist } from '../features/readiness/readiness-checklist';
import { m } from '../i18n/paraglide/messages';
import { useAdminLocale } from './admin-locale';

export function AdminPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ReauthProvider>
        <AdminScreen />
      </ReauthProvider>
    </QueryClientProvider>
  );
}

function AdminScreen() {
  useAdminLocale();
  const navigate = useNavigate();
  const adminApi = useAdminApi();
  const [leaving, setLeaving] = useState(false);
  if (!adminFlag.isSet()) return <Navigate to="/login" replace />;

  async function logOut() {
    setLeaving(true);
    // The flag goes whatever the server says: the visitor asked to leave.
    await adminApi('/api/admin/logout', { method: 'POST' }).catch(() => undefined);
    adminFlag.clear();
    navigate('/login', { replace: true });
  }

  return (
    <div className="min-h-screen bg-sand-50">
      <header className="bg-lake-800 px-4 py-4 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-y-2">
          <h1 className="text-xl font-semibold">Painel Administrativo</h1>
          <Link
            to="/admin/stays"
            className="ml-auto mr-1 rounded-lg px-4 py-1.5 font-medium underline hover:bg-white/10"
          >
            {m.stays_link()}
          </Link>
          <Link to="/admin/reports" className="mr-1 rounded-lg px-4 py-1.5 font-medium underline hover:bg-white/10">
            {m.reports_nav()}
          </Link>
          <Link to="/admin/to-invoice" className="mr-1 rounded-lg px-4 py-1.5 font-medium underline hover:bg-white/10">
            {m.toInvoice_nav()}
          </Link>
          <Link to="/admin/tourist-tax" className="mr-1 rounded-lg px-4 py-1.5 font-medium underline hover:bg-white/10">
            {m.admin_nav_touristTax()}
          </Link>
          <Link to="/admin/content" className="mr-3 rounded-lg px-4 py-1.5 font-medium underline hover:bg-white/10">
            {m.admin_nav_content()}
          </Link>
          <button
            type="button"
            onClick={() => void logOut()}
            disabled={leaving}
            className="rounded-lg border border-white/60 px-4 py-1.5 font-medium hover:bg-white/10"
          >
            Sair
          </button>
        </div>
      </header>
      <TwoFactorBanner />
      <main className="mx-auto grid max-w-7xl gap-8 px-4 py-8 xl:grid-cols-2">
        <NeedsActionPanel />
        <ReadinessChecklist />
        <BookingsPanel />
        <RegistrationsPanel />
        <ManageReviews />
        <InquiriesPanel />
        <CalendarPanel />
        <GuestDataPanel />
        <TwoFactorPanel />
        <OwnerAuditList />
      </main>
    </div>
  );
}
