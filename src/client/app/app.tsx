import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { m } from '../i18n/paraglide/messages';
import { ToastProvider } from '../ui/toast';

// Each screen loads when visited: /login does not download the landing page, nor the landing page the admin.
const LoginRoute = lazy(() => import('./login-route').then((m) => ({ default: m.LoginRoute })));
const AdminShell = lazy(() => import('./admin-shell').then((m) => ({ default: m.AdminShell })));
const AdminPage = lazy(() => import('./admin-page').then((m) => ({ default: m.AdminPage })));
const ContentEditorRoute = lazy(() =>
  import('./content-editor-route').then((m) => ({ default: m.ContentEditorRoute })),
);
const AdminBookingRoute = lazy(() => import('./admin-booking-route').then((m) => ({ default: m.AdminBookingRoute })));
const AdminStaysRoute = lazy(() => import('./admin-stays-route').then((m) => ({ default: m.AdminStaysRoute })));
const AdminNewStayRoute = lazy(() => import('./admin-new-stay-route').then((m) => ({ default: m.AdminNewStayRoute })));
const AdminTouristTaxRoute = lazy(() =>
  import('./admin-tourist-tax-route').then((m) => ({ default: m.AdminTouristTaxRoute })),
);
const AdminToInvoiceRoute = lazy(() =>
  import('./admin-to-invoice-route').then((m) => ({ default: m.AdminToInvoiceRoute })),
);
const AdminReportsRoute = lazy(() => import('./admin-reports-route').then((m) => ({ default: m.AdminReportsRoute })));
const BookingPage = lazy(() => import('../features/booking/booking-page').then((m) => ({ default: m.BookingPage })));

/**
 * The landing page is always the prerendered document, never drawn by the router: a way to it
 * from a routed screen (an unknown path) loads it (docs/decisions/0021-react-islands.md).
 */
function LandingDocument() {
  useEffect(() => window.location.replace('/'), []);
  return null;
}

const later = (page: ReactNode) => (
  <Suspense fallback={<p className="p-8 text-center">{m.loading()}</p>}>{page}</Suspense>
);

/** The app's routes, inside whichever router the caller gives: the browser's, or the prerender's. */
export function App() {
  return (
    <ToastProvider>
      <Routes>
        <Route path="/" element={<LandingDocument />} />
        <Route path="/login" element={later(<LoginRoute />)} />
        <Route element={later(<AdminShell />)}>
          <Route path="/admin" element={later(<AdminPage />)} />
          <Route path="/admin/content" element={later(<ContentEditorRoute />)} />
          <Route path="/admin/bookings/:code" element={later(<AdminBookingRoute />)} />
          <Route path="/admin/stays" element={later(<AdminStaysRoute />)} />
          <Route path="/admin/stays/new" element={later(<AdminNewStayRoute />)} />
          <Route path="/admin/tourist-tax" element={later(<AdminTouristTaxRoute />)} />
          <Route path="/admin/to-invoice" element={later(<AdminToInvoiceRoute />)} />
          <Route path="/admin/reports" element={later(<AdminReportsRoute />)} />
        </Route>
        <Route path="/booking/:code" element={later(<BookingPage />)} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </ToastProvider>
  );
}
