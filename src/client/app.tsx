import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { ToastProvider } from './components/toast';
import { LandingPage } from './routes/landing';
import { LoginPage } from './routes/login';

// The admin screens are for one person: everyone else never downloads them.
const AdminPage = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminPage })));

const router = createBrowserRouter([
  { path: '/', element: <LandingPage /> },
  { path: '/login', element: <LoginPage /> },
  {
    path: '/admin',
    element: (
      <Suspense fallback={<p className="p-8 text-center">Loading…</p>}>
        <AdminPage />
      </Suspense>
    ),
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);

export function App() {
  return (
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>
  );
}
