import type { Kysely } from 'kysely';

// The owner's second factor (docs/decisions/0036-second-factor.md): the factors themselves (a
// TOTP secret, sealed when DATA_ENCRYPTION_KEY is set; passkeys' public keys), the recovery
// codes' hashes, the logins waiting for their second factor, each session's last proof, and the
// audit list widened from guest data to every sensitive action of the owner.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_second_factors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_last_step', 'integer')
    .addColumn('credential_id', 'text', (c) => c.unique())
    .addColumn('public_key', 'text')
    .addColumn('counter', 'integer')
    .addColumn('transports', 'text')
    .execute();
  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createTable('admin_pending_logins')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('challenge', 'text')
    .execute();
  await db.schema.alterTable('admin_sessions').addColumn('proved_at', 'text').execute();
  await db.schema.alterTable('admin_sessions').addColumn('challenge', 'text').execute();
  await db.schema.alterTable('guest_data_audit').addColumn('client', 'text').execute();
  await db.schema.alterTable('guest_data_audit').addColumn('detail', 'text').execute();
  await db.schema.createIndex('guest_data_audit_at').on('guest_data_audit').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('guest_data_audit_at').execute();
  await db.schema.alterTable('guest_data_audit').dropColumn('detail').execute();
  await db.schema.alterTable('guest_data_audit').dropColumn('client').execute();
  await db.schema.alterTable('admin_sessions').dropColumn('challenge').execute();
  await db.schema.alterTable('admin_sessions').dropColumn('proved_at').execute();
  await db.schema.dropTable('admin_pending_logins').execute();
  await db.schema.dropTable('admin_recovery_codes').execute();
  await db.schema.dropTable('admin_second_factors').execute();
}
