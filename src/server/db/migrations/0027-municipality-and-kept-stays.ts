import type { Kysely } from 'kysely';

// Two things. A stay the owner keeps although its platform's feed no longer lists it
// (docs/decisions/0037-platform-stays-and-feed-events.md) records when it was kept, so it is no
// longer flagged. And a tourist tax names its municipality
// (docs/decisions/0041-a-tourist-tax-names-its-municipality.md):
// release 0.1's stored two-field rule `{perGuestPerNight, maxNights}` is given a municipality that
// says it was never named, so each stored version and the draft still read, the return says what
// to fix, and the editor asks the owner for the name at the next publish. Frozen like every
// migration: it reads the stored documents as JSON, not through today's schema.

export const UNNAMED_MUNICIPALITY = 'Municipality not named (set it in the content editor)';

interface Tables {
  contentVersions: { version: number; content: string };
  contentDraft: { id: string; content: string };
}

/** The document with a municipality in its tourist tax, or undefined when it needs none. */
function named(text: string): string | undefined {
  let document: { pricing?: { touristTax?: { municipality?: unknown } } };
  try {
    document = JSON.parse(text) as typeof document;
  } catch {
    return undefined;
  }
  const rule = document.pricing?.touristTax;
  if (rule === undefined || rule === null || typeof rule !== 'object') return undefined;
  if (typeof rule.municipality === 'string' && rule.municipality.trim() !== '') return undefined;
  document.pricing!.touristTax = { ...rule, municipality: UNNAMED_MUNICIPALITY };
  return JSON.stringify(document);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('feed_kept_at', 'text').execute();
  const tables = db as unknown as Kysely<Tables>;
  for (const row of await tables.selectFrom('contentVersions').select(['version', 'content']).execute()) {
    const content = named(row.content);
    if (content !== undefined)
      await tables.updateTable('contentVersions').set({ content }).where('version', '=', row.version).execute();
  }
  for (const row of await tables.selectFrom('contentDraft').select(['id', 'content']).execute()) {
    const content = named(row.content);
    if (content !== undefined)
      await tables.updateTable('contentDraft').set({ content }).where('id', '=', row.id).execute();
  }
}

// The municipality stays: it is valid for the schema before this one too.
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('feed_kept_at').execute();
}
