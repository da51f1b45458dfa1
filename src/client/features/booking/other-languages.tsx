import { Link } from 'react-router';
import { languageName } from '../../../shared/locales';
import { pageLocale, property } from '../../i18n/locale';

/** The guest's page in the site's other languages: the same link, with `lang` set, named in its own language. */
export function OtherLanguages({ search }: { search: URLSearchParams }) {
  return property.locales
    .filter((locale) => locale !== pageLocale)
    .map((locale) => {
      const next = new URLSearchParams(search);
      next.set('lang', locale);
      return (
        <Link
          key={locale}
          to={{ search: `?${next.toString()}` }}
          replace
          hrefLang={locale}
          lang={locale}
          className="text-sm underline underline-offset-4 hover:text-lake-100"
        >
          {languageName(locale)}
        </Link>
      );
    });
}
