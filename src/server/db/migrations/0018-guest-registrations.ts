import type { Kysely } from 'kysely';

// Online check-in and the SIBA bulletins (docs/decisions/0027-guest-registrations-and-siba.md).
// One row per guest of a booking; the document number and the date of birth are AES-256-GCM
// ciphertext (server/lib/data-encryption.ts), never clear text. One row per bulletin sent or
// being sent: its (booking, movement) is unique, so each movement is reported once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('guest_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('guest_index', 'integer', (c) => c.notNull())
    .addColumn('surname', 'text', (c) => c.notNull())
    .addColumn('given_names', 'text', (c) => c.notNull())
    .addColumn('nationality', 'text', (c) => c.notNull())
    .addColumn('birth_date_sealed', 'text')
    .addColumn('birth_place', 'text')
    .addColumn('document_type', 'text')
    .addColumn('document_number_sealed', 'text')
    .addColumn('document_country', 'text')
    .addColumn('residence_country', 'text')
    .addColumn('residence_town', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('guest_registrations_guest_key', ['booking_id', 'guest_index'])
    .execute();
  await db.schema
    .createTable('siba_bulletins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // `<booking id>:<movement>`: the idempotency key, unique, so no movement is reported twice.
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('movement', 'text', (c) => c.notNull())
    .addColumn('file_number', 'integer', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sent_via', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('sha256', 'text')
    .addColumn('answer', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_line', 'integer')
    .addColumn('error_text', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('siba_bulletins_booking_idx').on('siba_bulletins').column('booking_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('siba_bulletins').execute();
  await db.schema.dropTable('guest_registrations').execute();
}
