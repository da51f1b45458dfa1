import { useEffect } from 'react';
import { LOGIN_PAGE } from '../../shared/admin';
import { LoginPage } from '../features/login/login-page';
import { pageLocale, setPageLocale } from '../i18n/locale';
import { m } from '../i18n/paraglide/messages';
import { useHydrated } from '../lib/use-hydrated';
import { adminLocale } from './admin-locale';

/**
 * /login in the language of the admin behind it: the browser's, as on the admin's screens
 * (admin-locale.ts; /login has none in its address, docs/decisions/0011-languages.md). The page is
 * prerendered in LOGIN_PAGE's language, and hydration must meet that HTML: the browser's language
 * comes in the render after, which the form keeps (a password typed early stays in its field).
 */
export function LoginRoute() {
  const hydrated = useHydrated();
  if (hydrated) {
    const locale = adminLocale(navigator.languages);
    if (locale !== pageLocale) setPageLocale(locale);
  }
  useEffect(() => {
    if (!hydrated) return;
    document.documentElement.lang = pageLocale;
    // The prerendered page's title, "Administrative Access - <house>"; the app shell's is the house's own.
    const prerendered = m.login_heading({}, { locale: LOGIN_PAGE.locale });
    if (document.title.startsWith(prerendered))
      document.title = m.login_heading() + document.title.slice(prerendered.length);
  }, [hydrated]);
  return <LoginPage />;
}
