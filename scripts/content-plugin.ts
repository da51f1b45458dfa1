import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { describeContentError, PropertySchema } from '../src/shared/content.js';

const ID = 'virtual:content';

/** Exposes the validated content file to the client as `virtual:content`; a bad file stops the build. */
export function contentPlugin(contentDir: string): Plugin {
  const file = resolve(contentDir, 'property.json');
  return {
    name: 'estadia-content',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      this.addWatchFile(file);
      const result = PropertySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!result.success) throw new Error(describeContentError(file, result.error));
      return `export const property = ${JSON.stringify(result.data)};`;
    },
  };
}
