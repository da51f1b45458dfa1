import { type Kysely, sql } from 'kysely';

// The property's content in the database (docs/decisions/0022-content-in-the-database.md): every
// published version, kept whole, and at most one draft. A version's number is its primary key, so
// two servers publishing (or seeding version 1) at once cannot both write the same number.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    // The document as PropertySchema reads it (the content file's JSON), as text.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('content_draft')
    // Always 'draft': one draft for the one house.
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The published version it was started from, and its conflict token (`3.2`).
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addCheckConstraint('content_draft_one', sql`id = 'draft'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_draft').execute();
  await db.schema.dropTable('content_versions').execute();
}
