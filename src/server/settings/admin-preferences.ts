import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminPreferencesInputSchema,
  AdminPreferencesSchema,
  CATALOG_LOCALES,
} from '../../shared/admin-preferences.js';
import { ADMIN_ERRORS, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { readSetting, writeSetting } from './settings-data.js';

/** The owner's language for the admin, one for every device (docs/decisions/0046-admin-language.md). */
const ADMIN_LOCALE = 'admin_locale';

/** The admin's preferences (inside the admin scope: session and same-origin checked). */
export const adminPreferenceRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // A language the site no longer has (its content dropped it) reads as no choice.
  const offered = () =>
    app.property.locales.filter((l) => (CATALOG_LOCALES as readonly string[]).includes(l)) as string[];

  app.get(
    '/api/admin/preferences',
    { schema: { response: { 200: AdminPreferencesSchema, ...ADMIN_ERRORS } } },
    async (_request, reply) => {
      const stored = await readSetting(app.db, ADMIN_LOCALE);
      reply.header('cache-control', 'no-store');
      return { locale: stored && offered().includes(stored) ? stored : null };
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
