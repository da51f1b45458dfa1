import type { ReactNode } from 'react';
import { type AdminLink, AdminHeader } from './admin-header';

/** An admin screen of its own: the admin's header with the ways back, then the screen (inside AdminShell). */
export function AdminFrame({
  back,
  title,
  tab,
  children,
}: {
  back: readonly AdminLink[];
  /** The screen's own title, where it has one; else the admin's. */
  title?: string;
  /** The browser tab's title: the screen's name, in the admin's language. */
  tab: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-sand-50">
      <AdminHeader back={back} title={title} tab={tab} />
      <main className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-8">{children}</main>
    </div>
  );
}
