import { useEffect, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { CATALOG_LOCALES } from '../../shared/admin-preferences';
import { languageName } from '../../shared/locales';
import { property, siteLocaleList } from '../i18n/locale';
import { m } from '../i18n/paraglide/messages';
import { adminFlag } from '../lib/admin-flag';
import { useAdminApi } from '../lib/use-admin-api';
import { useAdminLanguage } from './admin-language-context';

export interface AdminLink {
  to: string;
  label: string;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-1.5 font-medium underline hover:bg-white/10 ${isActive ? 'bg-white/15' : ''}`;

/**
 * The one header of every admin screen: its title, the ways back, the admin's screens, the language,
 * log out. It also names the browser's tab after the screen (`tab`, else the title), in the admin's
 * language, so an owner with several admin tabs open tells them apart.
 */
export function AdminHeader({ back = [], title, tab }: { back?: readonly AdminLink[]; title?: string; tab?: string }) {
  const tabTitle = tab ?? title ?? m.adminUi_title();
  useEffect(() => {
    // Put back on leaving, so /login after logging out keeps its own title.
    const before = document.title;
    document.title = `${tabTitle} - ${property.name}`;
    return () => {
      document.title = before;
    };
  }, [tabTitle]);
  const screens: AdminLink[] = [
    { to: '/admin/stays', label: m.stays_link() },
    { to: '/admin/reports', label: m.reports_nav() },
    { to: '/admin/to-invoice', label: m.toInvoice_nav() },
    { to: '/admin/tourist-tax', label: m.admin_nav_touristTax() },
    { to: '/admin/content', label: m.admin_nav_content() },
  ];
  return (
    <header className="bg-lake-800 px-4 py-4 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3">
        <h1 className="mr-auto text-xl font-semibold">{title ?? m.adminUi_title()}</h1>
        <LanguageSwitch />
        <LogOut />
        <nav aria-label={m.adminUi_nav()} className="flex w-full flex-wrap items-center gap-2">
          {back.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              className="rounded-lg border border-white/60 px-4 py-1.5 font-medium hover:bg-white/10"
            >
              {link.label}
            </NavLink>
          ))}
          {screens.map((link) => (
            <NavLink key={link.to} to={link.to} end className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}

/** English / Português: the languages both the site and the admin's catalog have. */
function LanguageSwitch() {
  const language = useAdminLanguage();
  const offered = siteLocaleList.filter((l) => (CATALOG_LOCALES as readonly string[]).includes(l));
  if (!language || offered.length < 2) return null;
  return (
    <div role="group" aria-label={m.adminUi_language()} className="flex rounded-lg border border-white/60 p-0.5">
      {offered.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === language.locale}
          onClick={() => locale !== language.locale && language.choose(locale)}
          className={`rounded-md px-3 py-1 text-sm font-medium ${
            locale === language.locale ? 'bg-white text-lake-800' : 'hover:bg-white/10'
          }`}
        >
          {languageName(locale)}
        </button>
      ))}
    </div>
  );
}

function LogOut() {
  const navigate = useNavigate();
  const adminApi = useAdminApi();
  const [leaving, setLeaving] = useState(false);
  async function logOut() {
    setLeaving(true);
    // The flag goes whatever the server says: the visitor asked to leave.
    await adminApi('/api/admin/logout', { method: 'POST' }).catch(() => undefined);
    adminFlag.clear();
    navigate('/login', { replace: true });
  }
  return (
    <button
      type="button"
      onClick={() => void logOut()}
      disabled={leaving}
      className="rounded-lg border border-white/60 px-4 py-1.5 font-medium hover:bg-white/10"
    >
      {m.adminUi_logOut()}
    </button>
  );
}
