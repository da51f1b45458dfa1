/** A house's slug: lower-case letters, digits and inner hyphens, 1 to 40 characters. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/**
 * The slug a house's name gives, its accents dropped (`Casa do Lago` → `casa-do-lago`), or
 * `main` when the name has no letter or digit of the Latin alphabet.
 */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return SLUG_PATTERN.test(slug) ? slug : 'main';
}
