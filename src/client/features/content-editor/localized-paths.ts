import type { ContentDocument } from './content-api';
import { sectionTextPaths } from './section-text-paths';

// The editor shows every text with one box per language. The content file writes a text either
// plain (the same in every language) or by locale; the editor holds each by locale, and a text
// whose other languages are left empty goes back plain, so filling the second language stays optional.

type Json = Record<string, unknown>;

const get = (value: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Json)[key] : undefined), value);

function set(value: unknown, path: readonly (string | number)[], next: unknown): void {
  const parent = get(value, path.slice(0, -1));
  if (parent && typeof parent === 'object') (parent as Json)[path[path.length - 1] as string] = next;
}

/** The paths of the texts the editor shows, for this document (lists give one path per item). */
export function textPaths(doc: ContentDocument): (string | number)[][] {
  const list = (path: string[]) => {
    const items = get(doc, path);
    return Array.isArray(items) ? items.map((_, index) => [...path, index]) : [];
  };
  const seasons = list(['pricing', 'seasons']).map((path) => [...path, 'name']);
  const photos = list(['gallery']).map((path) => [...path, 'alt']);
  const amenities = list(['amenities']).flatMap((path) => [
    [...path, 'title'],
    [...path, 'description'],
  ]);
  return [
    ['name'],
    ['titleSuffix'],
    ['description'],
    ['hero', 'headline'],
    ['hero', 'subheadline'],
    ['about', 'heading'],
    ...list(['about', 'paragraphs']),
    ['contact', 'address'],
    ...amenities,
    ...seasons,
    ...sectionTextPaths(doc),
    ...photos,
  ].filter((path) => get(doc, path) !== undefined);
}

/** The document with each shown text as `{locale: text}` for every locale (empty where missing). */
export function toEditable(doc: ContentDocument): ContentDocument {
  const copy = structuredClone(doc);
  for (const path of textPaths(copy)) {
    const text = get(copy, path);
    const [first] = copy.locales;
    set(
      copy,
      path,
      Object.fromEntries(
        copy.locales.map((locale) => [
          locale,
          typeof text === 'string' ? (locale === first ? text : '') : String((text as Json)[locale] ?? ''),
        ]),
      ),
    );
  }
  return copy;
}

/** Back to the file's form: a text with only its first language filled is written plain. */
export function fromEditable(doc: ContentDocument): ContentDocument {
  const copy = structuredClone(doc);
  for (const path of textPaths(copy)) {
    const texts = get(copy, path) as Record<string, string>;
    const [first, ...others] = copy.locales;
    if (first !== undefined && others.every((locale) => (texts[locale] ?? '').trim() === ''))
      set(copy, path, texts[first] ?? '');
  }
  return copy;
}

/** A new text (a paragraph, a season's name): every language's box empty. */
export const blankText = (locales: readonly string[]) => Object.fromEntries(locales.map((locale) => [locale, '']));

/**
 * Where the editor shows a problem the schema found: a missing translation's path names its
 * language already (`hero.headline.pt-PT`); any other problem of a text goes to the first language's box.
 */
export function fieldOfIssue(doc: ContentDocument, path: readonly PropertyKey[]): string {
  const joined = path.map(String).join('.');
  const isText = textPaths(doc).some((p) => p.join('.') === joined);
  return isText ? `${joined}.${doc.locales[0]}` : joined;
}
