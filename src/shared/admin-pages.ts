import { z } from './zod.js';

// Every admin list answers one page at a time, newest (or soonest) first, with the cursor of the
// next page: a table of 50,000 rows never makes a 50,000-row answer.

export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_PAGE_MAX = 100;

export const AdminPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ADMIN_PAGE_MAX, `limit must be at most ${ADMIN_PAGE_MAX}`)
    .default(ADMIN_PAGE_SIZE),
  cursor: z.string().max(200, 'cursor is not valid').optional(),
});
export type AdminPageQuery = z.output<typeof AdminPageQuerySchema>;

/** `{ items, nextCursor }`: null when this is the last page. */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
