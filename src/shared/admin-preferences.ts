import { z } from './zod.js';

/**
 * The languages the admin's catalog is written in (src/client/i18n/project.inlang/settings.json;
 * a test keeps the two lists the same). The owner picks one of these the site also has
 * (docs/decisions/0046-admin-language.md).
 */
export const CATALOG_LOCALES = ['en', 'pt-PT'] as const;

/** What the owner chose for the admin: a locale, or null when the browser's language decides. */
export const AdminPreferencesSchema = z.object({ locale: z.string().nullable() });
export type AdminPreferences = z.infer<typeof AdminPreferencesSchema>;

/** A new choice; the server checks it against the site's and the catalog's languages. */
export const AdminPreferencesInputSchema = z.object({ locale: z.string().max(20) });
