import { z } from 'zod';
import { HttpError } from './http-error.js';
import { RowIdSchema } from './ids.js';

// Only what encodeCursor makes: anything else (a NUL, which PostgreSQL text refuses) never reaches the query.
const CursorSchema = z.tuple([z.iso.datetime(), RowIdSchema]);
export type Cursor = { createdAt: string; id: string };

/** Opaque position after the last item of a page: (created_at, id) for keyset pagination. */
export function encodeCursor({ createdAt, id }: Cursor): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  try {
    const [createdAt, id] = CursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return { createdAt, id };
  } catch {
    throw new HttpError(400, 'cursor is not valid', 'cursor');
  }
}
