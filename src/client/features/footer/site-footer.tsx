import { Camera, Mail, Phone } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { pageLocale, property, siteLocaleList } from '../../i18n/locale';
import { localePath, PRIVACY_PAGE } from '../../../shared/locales';
import { telHref } from '../../../shared/property';
import { navLabel } from '../../i18n/labels';
import { m } from '../../i18n/paraglide/messages';
import { NAV_LINKS } from '../../lib/scroll';

const noSubscription = () => () => {};

/** The current year; the prerendered HTML carries the build's year until the page hydrates. */
function useYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

interface Props {
  /** Where the section links point: this page (the landing page), or the landing page's address. */
  home?: string;
}

/** The footer of every public page: the sections, the contacts, and what the law asks every page to show. */
export function SiteFooter({ home = '' }: Props) {
  const { contact, legal } = property;
  const year = useYear();
  return (
    <footer className="bg-lake-800 px-4 py-12 text-white">
      <div className="mx-auto grid max-w-6xl gap-8 md:grid-cols-3">
        <div>
          <p className="font-heading text-xl font-bold">{property.name}</p>
          <p className="mt-2 text-sm text-white/80">{property.titleSuffix}</p>
        </div>
        <nav aria-label={m.nav_footer()}>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={`${home}#${link.id}`}
                  data-scroll-offset={home ? undefined : link.offset}
                  className="text-white/90 hover:text-white hover:underline"
                >
                  {navLabel[link.id]()}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="space-y-2 text-sm">
          <li>
            <a href={telHref(contact.phone)} className="flex items-center gap-2 text-white/90 hover:text-white">
              <Phone aria-hidden className="size-4" /> {contact.phone}
            </a>
          </li>
          <li>
            <a
              href={`mailto:${contact.secondaryEmail}`}
              className="flex items-center gap-2 break-all text-white/90 hover:text-white"
            >
              <Mail aria-hidden className="size-4" /> {contact.secondaryEmail}
            </a>
          </li>
          <li>
            <a
              href={contact.instagramUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-2 text-white/90 hover:text-white"
            >
              <Camera aria-hidden className="size-4" /> {m.nav_instagram()}
            </a>
          </li>
        </ul>
      </div>
      <ul
        aria-label={m.footer_legal()}
        className="mx-auto mt-10 flex max-w-6xl flex-wrap justify-center gap-x-6 gap-y-2 border-t border-white/20 pt-6 text-sm text-white/90"
      >
        {legal?.registrationNumber && (
          <li data-testid="registration-number">{m.footer_registration({ number: legal.registrationNumber })}</li>
        )}
        {legal?.complaintsBookUrl && (
          <li>
            <a
              href={legal.complaintsBookUrl}
              target="_blank"
              rel="noopener noreferrer"
              lang="pt-PT"
              className="underline underline-offset-2 hover:text-white"
            >
              {m.footer_complaintsBook()}
            </a>
          </li>
        )}
        <li>
          <a
            href={localePath(pageLocale, siteLocaleList, PRIVACY_PAGE)}
            className="underline underline-offset-2 hover:text-white"
          >
            {m.footer_privacy()}
          </a>
        </li>
      </ul>
      <p className="mx-auto mt-4 max-w-6xl text-center text-sm text-white/80">
        ©{' '}
        <span data-testid="footer-year" data-current-year>
          {year}
        </span>{' '}
        {m.footer_rights({ name: property.name })}
      </p>
    </footer>
  );
}
