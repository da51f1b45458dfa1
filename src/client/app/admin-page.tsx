import { CalendarPanel } from '../features/calendar/calendar-panel';
import { GuestDataPanel } from '../features/guest-data/guest-data-panel';
import { BookingsPanel } from '../features/admin/bookings-panel';
import { InquiriesPanel } from '../features/admin/inquiries-panel';
import { NeedsActionPanel } from '../features/admin/needs-action-panel';
import { RegistrationsPanel } from '../features/admin/registrations-panel';
import { ManageReviews } from '../features/admin/manage-reviews';
import { TwoFactorBanner, TwoFactorPanel } from '../features/two-factor/two-factor-panel';
import { OwnerAuditList } from '../features/audit/owner-audit-list';
import { ReadinessChecklist } from '../features/readiness/readiness-checklist';
import { AdminHeader } from './admin-header';

/** /admin: the owner's panels (inside AdminShell, which checks the session and sets the language). */
export function AdminPage() {
  return (
    <div className="min-h-screen bg-sand-50">
      <AdminHeader />
      <TwoFactorBanner />
      {/* Columns that may shrink below their widest content, which then wraps or scrolls in its own box. */}
      <main className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-8 xl:grid-cols-[repeat(2,minmax(0,1fr))]">
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
