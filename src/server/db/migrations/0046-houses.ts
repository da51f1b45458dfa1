import { type Kysely, sql } from 'kysely';

// The install's houses and the host names each is served on (docs/decisions/0071-houses-and-hosts.md).
// The slug is unique, so two servers registering today's house at once write one row; a host
// belongs to one house (its primary key); a house has at most one canonical host (a partial
// unique index, on SQLite and PostgreSQL alike). The owned tables get their house key later.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('houses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('mail_from', 'text')
    .addColumn('payment_account', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('invoicing_account', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('siba_account', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('houses_status', sql`status in ('active', 'hidden', 'archived')`)
    .execute();
  await db.schema
    .createTable('house_hosts')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('house_id', 'text', (c) => c.notNull().references('houses.id'))
    .addColumn('canonical', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('house_hosts_house').on('house_hosts').column('house_id').execute();
  await db.schema
    .createIndex('house_hosts_one_canonical')
    .unique()
    .on('house_hosts')
    .column('house_id')
    .where(sql.ref('canonical'), '=', 1)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('house_hosts_one_canonical').execute();
  await db.schema.dropIndex('house_hosts_house').execute();
  await db.schema.dropTable('house_hosts').execute();
  await db.schema.dropTable('houses').execute();
}
