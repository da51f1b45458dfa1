import type { Kysely } from 'kysely';

// The second step counted across the whole site (docs/decisions/0062-second-factor-paused-site-wide.md):
// each check of a code or passkey is a row, reserved before it is checked and kept when it failed;
// the site's one pause row, started once by a conditional upsert; and each session's last proof
// of the second factor itself, which adding or replacing a factor needs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('second_factor_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('second_factor_attempts_at').on('second_factor_attempts').column('at').execute();
  await db.schema
    .createTable('second_factor_pause')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('admin_sessions').addColumn('factor_proved_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_sessions').dropColumn('factor_proved_at').execute();
  await db.schema.dropTable('second_factor_pause').execute();
  await db.schema.dropIndex('second_factor_attempts_at').execute();
  await db.schema.dropTable('second_factor_attempts').execute();
}
