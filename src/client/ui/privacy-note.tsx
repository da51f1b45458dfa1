import { localePath, PRIVACY_PAGE } from '../../shared/locales';
import { pageLocale, siteLocaleList } from '../i18n/locale';
import { m } from '../i18n/paraglide/messages';

/** The line under a form that leads to the privacy page, in the page's language. */
export function PrivacyNote({ className = '' }: { className?: string }) {
  return (
    <p className={`text-sm text-slate-600 ${className}`}>
      {m.forms_privacy()}{' '}
      <a
        href={localePath(pageLocale, siteLocaleList, PRIVACY_PAGE)}
        className="font-medium text-lake-700 underline underline-offset-2 hover:text-lake-800"
      >
        {m.forms_privacyLink()}
      </a>
    </p>
  );
}
