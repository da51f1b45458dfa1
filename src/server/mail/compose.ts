import { localizeProperty, type PropertyContent } from '../../shared/content.js';
import { type MailBrand, mailBrand } from './templates/mail-brand.js';

export interface MailAddresses {
  /** MAIL_TO: the owner. Never taken from a request. */
  to: string;
  /** MAIL_FROM. */
  from: string;
  /** Shown as the sender's name: the property's name. */
  senderName: string;
  /** The house's name and colours in the owner's mails (English, the content's first locale's name). */
  brand: MailBrand;
  /** The site's languages: the owner's mails speak the admin's language among them (decision 0055). */
  siteLocales: readonly string[];
  /** The house's name and colours, its name in `locale`. */
  brandIn: (locale: string) => MailBrand;
}

/** The addresses, with the house's name and colours read from `property()` at each mail: as published then. */
export function liveMailAddresses(
  mail: { to?: string; from?: string },
  property: () => PropertyContent,
): MailAddresses {
  return {
    to: mail.to ?? '',
    from: mail.from ?? '',
    get senderName() {
      const current = property();
      return localizeProperty(current, current.locales[0] ?? 'en').name;
    },
    get brand() {
      return mailBrand(property());
    },
    get siteLocales() {
      return property().locales;
    },
    brandIn: (locale) => mailBrand(property(), locale),
  };
}
