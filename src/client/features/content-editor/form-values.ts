import { get, type FieldErrors } from 'react-hook-form';

/** The form holds the whole content document; the editor's inputs address it by dotted path. */
export type ContentForm = Record<string, unknown>;

/** The message of the problem at `path`, if the last save or publish found one there. */
export const errorAt = (errors: FieldErrors<ContentForm>, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

/** The editor's secondary buttons: add, remove, show changes, restore. */
export const SMALL_BUTTON = 'rounded-lg border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50';
