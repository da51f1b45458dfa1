import { type Kysely, PostgresAdapter } from 'kysely';

// The owner's uploaded photos and their encoded variants, stored as bytes in the database so every
// server can serve them (docs/decisions/0024-uploaded-photos.md). Bytes are BLOB on SQLite and
// BYTEA on PostgreSQL; all else is the same on both.
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('placeholder', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    // A JSON object: one text per content locale.
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photos_created_idx').on('photos').columns(['created_at', 'id']).execute();
  await db.schema
    .createTable('photo_variants')
    // `<photo id>-<width>.<extension>`: one column, so db:copy can page through it like any table.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('photo_id', 'text', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('bytes', bytes, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photo_variants_photo_idx').on('photo_variants').column('photo_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photo_variants').execute();
  await db.schema.dropTable('photos').execute();
}
