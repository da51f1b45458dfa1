import { z } from './zod.js';

// PostgreSQL text cannot hold NUL, and no human types one: refuse it on both databases alike.
const hasNoNul = (value: string) => !value.includes('\u0000');

/** A trimmed string of min..max characters (UTF-16 units, as the browser's maxLength counts). */
export function trimmedText(label: string, min: number, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, `${label} contains a character that is not allowed`);
}

/** The first problem of a failed parse, as the API reports it. */
export function firstIssue(error: z.ZodError): { message: string; field: string } {
  const issue = error.issues[0];
  if (!issue || issue.path.length === 0) return { message: 'The request body must be a JSON object', field: 'body' };
  return { message: issue.message, field: issue.path.map(String).join('.') };
}

/** Every field a failed parse refused, each once with its first problem, as the forms show them all. */
export function issuesByField(error: z.ZodError): Array<{ message: string; field: string }> {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}
