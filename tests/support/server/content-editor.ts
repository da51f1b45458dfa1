import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { login } from './test-app.js';

const ROOT = join(import.meta.dirname, '../../..');

/** The repository's content file as JSON, a fresh copy to change in a test. */
export function contentFile(): ContentJson {
  return JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as ContentJson;
}

/** A content document loosely typed, for tests that change a part of it. */
export type ContentJson = Record<string, unknown> & {
  pricing: Record<string, unknown> & { cleaningFee: number };
  hero: { headline: Record<string, string> };
  contact: Record<string, unknown>;
  arrival: { doorInstructions: Record<string, string> };
  booking: Record<string, unknown>;
  capacity: number;
};

/**
 * The other house's content (tests/support/fixtures/other-house), its photos swapped for the
 * repository's: a save may name only photos this build has (docs/decisions/0026-photos-by-id.md).
 */
export function otherHouseContent(): Record<string, unknown> {
  const other = JSON.parse(readFileSync(join(ROOT, 'tests/support/fixtures/other-house/property.json'), 'utf8')) as {
    hero: { photo: string };
    about: { photo: string };
    gallery: { file?: string; photo?: string }[];
  };
  const ours = new Map([
    ['view.jpg', 'lake-02.jpg'],
    ['house.jpg', 'exterior-01.jpg'],
    ['room.jpg', 'bedrooms-01.jpg'],
  ]);
  const swap = (file: string) => ours.get(file) ?? file;
  other.hero.photo = swap(other.hero.photo);
  other.about.photo = swap(other.about.photo);
  for (const entry of other.gallery) {
    entry.photo = swap(entry.photo ?? entry.file ?? '');
    delete entry.file;
  }
  return other;
}

/** The same document with the cleaning fee (charged once on every stay) set to `cents`. */
export function withCleaningFee(content: ContentJson, cents: number): ContentJson {
  return { ...content, pricing: { ...content.pricing, cleaningFee: cents } };
}

/** The content editor's API, as one logged-in administrator on the site's own origin sends it. */
export async function contentEditor(app: FastifyInstance, origin = 'http://estadia.test') {
  const cookie = await login(app);
  const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie, origin },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const state = () => send('GET', '/api/admin/content');
  const save = (baseVersion: unknown, content: unknown) =>
    send('PUT', '/api/admin/content/draft', { baseVersion, content });
  const publish = (baseVersion: unknown) => send('POST', '/api/admin/content/publish', { baseVersion });
  return {
    cookie,
    state,
    save,
    publish,
    versions: (query = '') => send('GET', `/api/admin/content/versions${query}`),
    version: (version: number | string) => send('GET', `/api/admin/content/versions/${version}`),
    restore: (version: number | string, baseVersion?: unknown) =>
      send(
        'POST',
        `/api/admin/content/versions/${version}/restore`,
        baseVersion === undefined ? undefined : { baseVersion },
      ),
    /** Saves `content` over whatever is current and publishes it: the new version's number. */
    async publishContent(content: unknown): Promise<number> {
      const current = state().then((r) =>
        r.json<{ published: { version: number }; draft: { baseVersion: string } | null }>(),
      );
      const { published, draft } = await current;
      const saved = await save(draft?.baseVersion ?? published.version, content);
      if (saved.statusCode !== 200) throw new Error(`saving the draft failed: ${saved.statusCode} ${saved.body}`);
      const done = await publish(saved.json<{ baseVersion: string }>().baseVersion);
      if (done.statusCode !== 200) throw new Error(`publishing failed: ${done.statusCode} ${done.body}`);
      return done.json<{ version: number }>().version;
    },
  };
}
export type ContentEditor = Awaited<ReturnType<typeof contentEditor>>;
