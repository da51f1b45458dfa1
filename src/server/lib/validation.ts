import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { validationError } from './http-error.js';

/**
 * Checks a route's body, query and params against the zod schemas it declares
 * (fastify-type-provider-zod supplies the types and the response serializer). A failure is the
 * same 400 the API always answered: the first issue's message and field (shared/text.ts firstIssue),
 * as an HttpError that the error handler turns into the error body.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };

/** Responses go through their route's schema, so a field it does not list never leaves the server. */
export { serializerCompiler };
