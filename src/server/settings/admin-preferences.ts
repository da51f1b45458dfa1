import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminPreferencesInputSchema,
  AdminPreferencesSchema,
  CATALOG_LOCALES,
} from '../../shared/admin-preferences.js';
import { ADMIN_ERRORS, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import type { Db } from '../db/database.js';
import { readSetting, writeSetting } from './settings-data.js';

/** The owner's language for the admin, one for every device (docs/decisions/0046-admin-language.md). */
const ADMIN_LOCALE = 'admin_locale';

/** The owner's chosen language among `offered`; null when none is chosen or it is no longer offered. */
export async function readAdminLocale(db: Db, offered: readonly string[]): Promise<string | null> {
  const stored = await readSetting(db, ADMIN_LOCALE);
  return stored && offered.includes(stored) ? stored : null;
}

/** The languages the admin can speak on this site: the site's that the catalog is written in. */
export const adminLocales = (siteLocales: readonly string[]) =>
  siteLocales.filter((l) => (CATALOG_LOCALES as readonly string[]).includes(l));

/**
 * The language of what the server writes to the owner (their mails): the owner's choice, else the
 * site's first language the admin speaks, else English. The screens fall back to the browser's
 * language instead, which a mail has not got.
 */
export async function ownerLocale(db: Db, siteLocales: readonly string[]): Promise<string> {
  const offered = adminLocales(siteLocales);
  return (await readAdminLocale(db, offered)) ?? offered[0] ?? 'en';
}

/** The admin's preferences (inside the admin scope: session and same-origin checked). */
export const adminPreferenceRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // A language the site no longer has (its content dropped it) reads as no choice.
  const offered = () => adminLocales(app.property.locales);

  app.get(
    '/api/admin/preferences',
    { schema: { response: { 200: AdminPreferencesSchema, ...ADMIN_ERRORS } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { locale: await readAdminLocale(app.db, offered()) };
    },
  );

  app.put(
    '/api/admin/preferences',
    { bodyLimit: 1024, schema: { body: AdminPreferencesInputSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS } } },
    async (request, reply) => {
      const { locale } = request.body;
      if (!offered().includes(locale)) throw new HttpError(400, 'The admin is not offered in this language', 'locale');
      await writeSetting(app.db, ADMIN_LOCALE, locale);
      return reply.code(204).send();
    },
  );
};
