import { type PropertyContent, PropertySchema } from '../../shared/content.js';
import type { FieldIssue } from '../../shared/errors.js';
import { HttpError } from '../lib/http-error.js';
import { ContentError } from './load-property.js';

// A content document as the editor sends it and the tables keep it: the content file's JSON,
// checked by the very schema that checks content/property.json (shared/content.ts).

export type CheckedContent = { ok: true; property: PropertyContent } | { ok: false; issues: FieldIssue[] };

/** Every problem of a document, each with its field's path and, for a text, its language: `hero.headline.pt-PT`. */
export function checkContent(document: unknown): CheckedContent {
  const result = PropertySchema.safeParse(document);
  if (result.success) return { ok: true, property: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.') || 'content',
      message: issue.message,
    })),
  };
}

/** The 400 for a refused document: the first problem as `field`, all of them as `issues`. */
export function invalidContent(issues: readonly FieldIssue[]): HttpError {
  const first = issues[0] ?? { field: 'content', message: 'is not valid' };
  const count = issues.length === 1 ? 'a problem' : `${issues.length} problems`;
  return new HttpError(
    400,
    `The content has ${count}: ${first.field}: ${first.message}`,
    first.field,
    undefined,
    issues,
  );
}

/**
 * The checked document as it is stored: PropertySchema's output (texts trimmed, defaults written
 * out), which the schema reads back the same, so every server parses a version alike.
 */
export const storedText = (property: PropertyContent): string => JSON.stringify(asDocument(property));

/** The checked content as a document again, `locales` first as in the content file. */
export function asDocument(property: PropertyContent): PropertyContent {
  const { locales, ...rest } = property;
  return { locales, ...rest };
}

/** A stored document, checked again: a version written by an older schema may fail a newer one. */
export function readStored(text: string, label: string): PropertyContent {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ContentError(`${label} is not JSON`);
  }
  const checked = checkContent(raw);
  if (!checked.ok)
    throw new ContentError(
      `${label} is not valid:\n${checked.issues.map((i) => `  ${i.field}: ${i.message}`).join('\n')}`,
    );
  return checked.property;
}
