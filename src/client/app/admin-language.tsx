import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useCallback, useEffect, useMemo } from 'react';
import type { AdminPreferences } from '../../shared/admin-preferences';
import { pageLocale, setPageLocale } from '../i18n/locale';
import { m } from '../i18n/paraglide/messages';
import { SessionEndedError, useAdminApi } from '../lib/use-admin-api';
import { useToast } from '../ui/toast';
import { AdminLanguageContext } from './admin-language-context';
import { adminLocale } from './admin-locale';

const PREFERENCES = ['admin', 'preferences'] as const;

/**
 * The one place the admin's language is decided, before any of its texts is read: the owner's
 * choice, kept by the server, else the browser's language (docs/decisions/0046-admin-language.md).
 */
export function AdminLanguageProvider({ children }: { children: ReactNode }) {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const preferences = useQuery({
    queryKey: PREFERENCES,
    queryFn: () => adminApi<AdminPreferences>('/api/admin/preferences'),
    staleTime: Infinity,
    retry: 1,
  });
  const browser = adminLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
  const wanted = preferences.data?.locale ?? browser;
  // Set while rendering, as the texts below are read in this same render.
  if (wanted !== pageLocale) setPageLocale(wanted);
  const locale = pageLocale;
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const choose = useCallback(
    (next: string) => {
      const before = queryClient.getQueryData<AdminPreferences>(PREFERENCES);
      queryClient.setQueryData<AdminPreferences>(PREFERENCES, { locale: next });
      adminApi('/api/admin/preferences', { method: 'PUT', body: { locale: next } }).catch((error: unknown) => {
        if (error instanceof SessionEndedError) return;
        queryClient.setQueryData(PREFERENCES, before);
        toast.error(m.adminUi_languageNotSaved());
      });
    },
    [adminApi, queryClient, toast],
  );
  const value = useMemo(() => ({ locale, choose }), [locale, choose]);

  if (preferences.isPending) return <p className="p-8 text-center">{m.loading()}</p>;
  return (
    <AdminLanguageContext.Provider value={value}>
      {/* A new key draws every screen again in the new language, whatever each one memoised. */}
      <Fragment key={locale}>{children}</Fragment>
    </AdminLanguageContext.Provider>
  );
}
