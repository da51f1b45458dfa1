/** One difference between two content documents: where, and the value before and after. */
export interface Change {
  path: string;
  before: unknown;
  after: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * What changed from `before` to `after`, leaf by leaf, in document order: the History shows it
 * before a restore. A list whose length changed is one change, not one per shifted item.
 */
export function changedPaths(before: unknown, after: unknown, path = ''): Change[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changedPaths(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length)
    return before.flatMap((item, index) => changedPaths(item, after[index], `${path}.${index}`));
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}
