import { describe, expect, it } from 'vitest';
import propertyFile from '../../../../content/property.json?raw';
import { PropertySchema } from '../../../shared/content';
import type { ContentDocument } from './content-api';
import { textPaths } from './localized-paths';

const file = JSON.parse(propertyFile) as ContentDocument;
type Path = (string | number)[];

/** Every value of the document that is a string, or an object of strings (a text by locale). */
function candidates(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => candidates(item, [...path, index]));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length > 0 && entries.every(([, item]) => typeof item === 'string')) return [path];
    return entries.flatMap(([key, item]) => candidates(item, [...path, key]));
  }
  return [];
}

function withText(doc: ContentDocument, path: Path, text: unknown): ContentDocument {
  const copy = structuredClone(doc);
  const parent = path.slice(0, -1).reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], copy);
  (parent as Record<string, unknown>)[path[path.length - 1] as string] = text;
  return copy;
}

describe("the editor's boxes by language", () => {
  it('cover every text the content schema takes by language, so an owner can translate all of it', () => {
    const byLocale = { en: 'In English', 'pt-PT': 'Em português' };
    const localized = candidates(file)
      .filter((path) => PropertySchema.safeParse(withText(file, path, byLocale)).success)
      .map((path) => path.join('.'));
    const shown = new Set(textPaths(file).map((path) => path.join('.')));
    expect(localized.length).toBeGreaterThan(50);
    expect(localized.filter((path) => !shown.has(path))).toEqual([]);
  });
});
