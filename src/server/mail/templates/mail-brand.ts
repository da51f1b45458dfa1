import { localizeProperty, type PropertyContent } from '../../../shared/content.js';

/** What every mail takes from the content: the house's name in the mail's language, and its colours. */
export interface MailBrand {
  name: string;
  primary: string;
  background: string;
}

// The page's own lake green and sand (client/styles.css), for content that names no colours.
const DEFAULT_COLOURS = { primary: '#245349', background: '#faf7f2' } as const;

export function mailBrand(property: PropertyContent, locale: string = property.locales[0] ?? 'en'): MailBrand {
  const local = localizeProperty(property, property.locales.includes(locale) ? locale : (property.locales[0] ?? 'en'));
  return { name: local.name, ...DEFAULT_COLOURS, ...property.colors };
}
