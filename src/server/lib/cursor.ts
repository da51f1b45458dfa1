import { z } from 'zod';
import { HttpError } from './http-error.js';
import { RowIdSchema } from './ids.js';

// Only what encodeCursor makes: anything else (a NUL, which PostgreSQL text refuses) never reaches the query.
// The position is a timestamp, or a calendar day for lists in date order (the calendar's blocks).
const CursorSchema = z.tuple([z.union([z.iso.datetime(), z.iso.date()]), RowIdSchema]);
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

/**
 * One page of a keyset query that fetched `limit + 1` rows: the first `limit`, and the cursor
 * after the last of them when there was one more.
 */
export function keysetPage<T extends { id: string }>(
  rows: T[],
  limit: number,
  position: (row: T) => string,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: position(last), id: last.id }) : null,
  };
}

/** The `cursor` query parameter, decoded (400 when it is not one this server made). */
export const afterCursor = (cursor: string | undefined): Cursor | undefined =>
  cursor === undefined ? undefined : decodeCursor(cursor);
