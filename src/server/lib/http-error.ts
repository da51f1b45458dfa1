import type { z } from 'zod';
import { firstIssue } from '../../shared/text.js';

/** An error whose message is safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Parses untrusted input with a shared schema; a failure becomes a 400 naming the field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { message, field } = firstIssue(result.error);
  throw new HttpError(400, message, field);
}
