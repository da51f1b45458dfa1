import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeContentError, type PropertyContent, PropertySchema } from '../../shared/content.js';
import { errorMessage } from '../../shared/error-message.js';

export class ContentError extends Error {
  override name = 'ContentError';
}

/** The same content file the client was built from (CONTENT_DIR), checked with the same schema. */
export function loadProperty(contentDir: string): PropertyContent {
  const file = join(contentDir, 'property.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContentError(`Cannot read ${file}: ${errorMessage(error)}`);
  }
  const result = PropertySchema.safeParse(raw);
  if (!result.success) throw new ContentError(describeContentError(file, result.error));
  return Object.freeze(result.data);
}
