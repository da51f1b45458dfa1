import { get, type FieldErrors } from 'react-hook-form';

/** The form holds the whole content document; the editor's inputs address it by dotted path. */
export type ContentForm = Record<string, unknown>;

/** The message of the problem at `path`, if the last save or publish found one there. */
export const errorAt = (errors: FieldErrors<ContentForm>, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;
