import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { ReauthProvider } from '../features/login/reauth-dialog';
import { adminFlag } from '../lib/admin-flag';
import { queryClient } from '../lib/query-client';
import { AdminLanguageProvider } from './admin-language';

/** Around every /admin screen: the session's check, the admin's requests, and its language, read first. */
export function AdminShell() {
  if (!adminFlag.isSet()) return <Navigate to="/login" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <ReauthProvider>
        <AdminLanguageProvider>
          <Outlet />
        </AdminLanguageProvider>
      </ReauthProvider>
    </QueryClientProvider>
  );
}
