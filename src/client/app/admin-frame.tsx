import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { ReauthProvider } from '../features/login/reauth-dialog';
import { adminFlag } from '../lib/admin-flag';
import { queryClient } from '../lib/query-client';

/** An admin screen of its own: the session's check, the admin's header with the ways back, the screen. */
export function AdminFrame({
  back,
  children,
}: {
  back: ReadonlyArray<{ to: string; label: string }>;
  children: ReactNode;
}) {
  if (!adminFlag.isSet()) return <Navigate to="/login" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <ReauthProvider>
        <div className="min-h-screen bg-sand-50">
          <header className="bg-lake-800 px-4 py-4 text-white">
            <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4">
              <h1 className="text-xl font-semibold">Painel Administrativo</h1>
              <nav className="flex flex-wrap gap-2">
                {back.map((link) => (
                  <Link
                    key={link.to}
                    to={link.to}
                    className="rounded-lg border border-white/60 px-4 py-1.5 font-medium hover:bg-white/10"
                  >
                    {link.label}
                  </Link>
                ))}
              </nav>
            </div>
          </header>
          <main className="mx-auto grid max-w-7xl gap-8 px-4 py-8">{children}</main>
        </div>
      </ReauthProvider>
    </QueryClientProvider>
  );
}
