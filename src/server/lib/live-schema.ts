import { z } from '../../shared/zod.js';

/**
 * A route schema that depends on the content (its capacity, its languages): built by `build` for
 * the content `content()` gives, kept while that content is current, and asked at each request,
 * so a publish changes what the route accepts at once (docs/decisions/0022-content-in-the-database.md).
 * Its issues are the built schema's, paths and messages alike.
 */
export function liveSchema<Content extends object, S extends z.ZodType>(
  content: () => Content,
  build: (content: Content) => S,
) {
  const built = new WeakMap<Content, S>();
  const current = (): S => {
    const key = content();
    let schema = built.get(key);
    if (!schema) {
      schema = build(key);
      built.set(key, schema);
    }
    return schema;
  };
  return z.unknown().transform((value, ctx): z.output<S> => {
    const result = current().safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}
