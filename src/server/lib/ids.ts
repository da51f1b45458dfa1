import { z } from 'zod';

/**
 * Row ids are UUIDs made by the server (tests use short names). Anything else cannot name a row,
 * and is refused before the query: PostgreSQL's text type would fail on a NUL, for one.
 */
export const RowIdSchema = z.string().regex(/^[\w-]{1,100}$/, 'id is not valid');

export const IdParamsSchema = z.object({ id: RowIdSchema });
