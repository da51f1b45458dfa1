type Path = (string | number)[];

const at = (value: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>(
    (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
    value,
  );

/** Each item's fields of the list at `path`: `attractions.0.name`, `attractions.0.description`… */
const itemFields = (doc: unknown, path: Path, fields: readonly string[]): Path[] => {
  const items = at(doc, path);
  return Array.isArray(items) ? items.flatMap((_, index) => fields.map((field) => [...path, index, field])) : [];
};

/**
 * The texts of the editor's sections beyond the page's main texts (localized-paths.ts): the
 * places, the footer, the booking's rules and the arrival instructions, one box per language each.
 */
export function sectionTextPaths(doc: unknown): Path[] {
  return [
    ['intros', 'amenities'],
    ['intros', 'gallery'],
    ['intros', 'location'],
    ['intros', 'reviews'],
    ['location', 'locality'],
    ['location', 'mapQuery'],
    ...itemFields(doc, ['attractions'], ['name', 'distance', 'description']),
    ...itemFields(doc, ['distances'], ['place', 'distance']),
    ['controller', 'name'],
    ['booking', 'houseRules'],
    ['arrival', 'directions', 'fromLisbon'],
    ['arrival', 'directions', 'fromPorto'],
    ['arrival', 'parking'],
    ...itemFields(doc, ['arrival', 'manual'], ['title', 'text']),
    ['arrival', 'doorInstructions'],
  ];
}
