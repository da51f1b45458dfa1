import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { describeContentError, localizeProperty, PropertySchema } from '../src/shared/content.js';

const ID = 'virtual:content';

/** What only the prerendered HTML shows: no island and no screen of the router reads them. */
function withoutStaticTexts(property: ReturnType<typeof localizeProperty>) {
  return {
    ...property,
    about: undefined,
    amenities: undefined,
    distances: undefined,
    description: undefined,
    hero: { ...property.hero, subheadline: undefined },
    intros: { gallery: property.intros.gallery },
  };
}

/**
 * Exposes the validated content file to the client as `virtual:content`, one plain copy per
 * language; a bad file (a missing translation too) stops the build. The prerender gets every text;
 * the browser's bundle leaves out those that stay static HTML (docs/decisions/0021-react-islands.md).
 */
export function contentPlugin(contentDir: string): Plugin {
  const file = resolve(contentDir, 'property.json');
  return {
    name: 'estadia-content',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id, options) {
      if (id !== `\0${ID}`) return undefined;
      this.addWatchFile(file);
      const result = PropertySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!result.success) throw new Error(describeContentError(file, result.error));
      // The page gets its texts ready per language; the default language's is `property`.
      // Without `booking`: its policies, house rules and bank details are asked for when a guest
      // books (GET /api/booking/options), so they add nothing to the first view. Without `arrival`:
      // its door instructions are secret, and the rest is for guests with a booking only. Without
      // `colors`: they are the mails'.
      const contents = Object.fromEntries(
        result.data.locales.map((locale) => {
          const page = {
            ...localizeProperty(result.data, locale),
            booking: undefined,
            arrival: undefined,
            colors: undefined,
          };
          return [locale, options?.ssr ? page : withoutStaticTexts(page)];
        }),
      );
      const defaultLocale = JSON.stringify(result.data.locales[0]);
      return `export const contents = ${JSON.stringify(contents)};\nexport const property = contents[${defaultLocale}];`;
    },
  };
}
