import type { MouseEvent, FocusEvent } from 'react';
import { languageName, localePath } from '../../../shared/locales';
import { pageLocale, siteLocaleList } from '../../i18n/locale';
import { readPageData } from '../../lib/page-data';

interface Props {
  className: string;
  /** A page under each locale's (`privacy`): the same page in the other languages. The landing page by default. */
  page?: string;
}

// Point the link at the same section of the other page just before it is followed: the section in
// view is in the address (the in-page links keep it there). Without JavaScript the link still goes
// to the other language's page, at its top.
function keepSection(event: MouseEvent<HTMLAnchorElement> | FocusEvent<HTMLAnchorElement>) {
  const link = event.currentTarget;
  link.href = `${link.pathname}${window.location.hash}`;
}

/** The same page in each other language: a real link, named in its own language. */
export function LanguageLinks({ className, page = '' }: Props) {
  return siteLocaleList
    .filter((locale) => locale !== pageLocale)
    .map((locale) => (
      <a
        key={locale}
        href={localePath(locale, siteLocaleList, page)}
        hrefLang={locale}
        lang={locale}
        onClick={keepSection}
        onFocus={keepSection}
        onPointerEnter={keepSection}
        className={className}
      >
        {readPageData().languageNames?.[locale] ?? languageName(locale)}
      </a>
    ));
}
