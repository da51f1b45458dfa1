import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { ContentEditorPage } from '../features/content-editor/content-editor-page';
import { m } from '../i18n/paraglide/messages';
import { adminFlag } from '../lib/admin-flag';
import { useAdminLocale } from './admin-locale';
import { queryClient } from '../lib/query-client';

/** /admin/content: the owner's editor, a screen of its own so its code loads only there. */
export function ContentEditorRoute() {
  useAdminLocale();
  if (!adminFlag.isSet()) return <Navigate to="/login" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-screen bg-sand-50">
        <header className="bg-lake-800 px-4 py-4 text-white">
          <div className="mx-auto flex max-w-7xl items-center justify-between">
            <h1 className="text-xl font-semibold">{m.editor_title()}</h1>
            <Link to="/admin" className="rounded-lg border border-white/60 px-4 py-1.5 font-medium hover:bg-white/10">
              {m.editor_backToAdmin()}
            </Link>
          </div>
        </header>
        <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
          <ContentEditorPage />
        </main>
      </div>
    </QueryClientProvider>
  );
}
