import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/server/test-database.js';
import { createDialect, databaseKind } from './dialect.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

// Migration 0020 gives each booking made before terms were stored the policy of the content
// version in force when it was made (docs/decisions/0035-terms-snapshot.md).

let dir: string;
let database: TestDatabase;
let db: Kysely<Database>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-terms-migration-'));
  database = await createTestDatabase(dir);
  db = new Kysely<Database>({
    dialect: createDialect(database.url, { poolSize: 2, onPoolError: () => undefined }),
    plugins: [new CamelCasePlugin()],
  });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function migrate(only: (name: string) => boolean): Promise<void> {
  const schema =
    databaseKind(database.url) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const chosen = Object.fromEntries(Object.entries(migrations).filter(([name]) => only(name)));
  const { error } = await new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => chosen },
  }).migrateToLatest();
  if (error) throw error;
}

const version = (n: number, publishedAt: string, booking: object, legal: object = {}) => ({
  version: n,
  publishedAt,
  publishedBy: 'admin',
  content: JSON.stringify({ locales: ['en', 'pt-PT'], booking, legal }),
});

const booking = (id: string, createdAt: string, locale: string) =>
  ({
    id,
    code: `${id}-AA`,
    status: 'confirmed',
    checkIn: '2027-06-10',
    checkOut: '2027-06-13',
    guests: 2,
    name: 'Ana Silva',
    email: 'ana@example.com',
    phone: null,
    country: 'DE',
    locale,
    message: '',
    paymentMethod: 'bank_transfer',
    quote: '{}',
    totalCents: 46200,
    dueNowCents: 13860,
    balanceDueOn: '2027-05-11',
    holdUntil: null,
    bankReference: null,
    stripeCustomer: null,
    stripePaymentMethod: null,
    overdueAt: null,
    createdAt,
    updatedAt: createdAt,
  }) as const;

it('gives each older booking the policy of the content version in force when it was made, in its language', async () => {
  await migrate((name) => name < '0020');
  const rules = { en: 'No parties.', 'pt-PT': 'Sem festas.' };
  await db
    .insertInto('contentVersions')
    .values([
      version(1, '2027-01-01T09:00:00.000Z', {
        depositPercent: 30,
        balanceDaysBeforeArrival: 30,
        cancellation: [{ daysBeforeArrival: 60, refundPercent: 100 }],
        houseRules: rules,
      }),
      version(
        2,
        '2027-02-01T09:00:00.000Z',
        {
          depositPercent: 50,
          balanceDaysBeforeArrival: 45,
          cancellation: [{ daysBeforeArrival: 14, refundPercent: 80 }],
          houseRules: 'Quiet after ten.',
        },
        { registrationNumber: '154321/AL', owner: { name: 'Maria Santos', nif: '123456789', address: 'Rua 1' } },
      ),
    ])
    .execute();
  await db
    .insertInto('bookings')
    .values([
      booking('OLDEST', '2026-12-20T10:00:00.000Z', 'en'),
      booking('UNDER1', '2027-01-15T10:00:00.000Z', 'pt-PT'),
      booking('UNDER2', '2027-02-01T09:00:00.000Z', 'en'),
    ])
    .execute();

  await migrate(() => true);
  const rows = await db.selectFrom('bookings').select(['id', 'terms']).orderBy('id').execute();
  const terms = Object.fromEntries(rows.map((row) => [row.id, JSON.parse(row.terms ?? 'null')]));
  const first = {
    cancellation: [{ daysBeforeArrival: 60, refundPercent: 100 }],
    depositPercent: 30,
    balanceDaysBeforeArrival: 30,
    owner: null,
    registrationNumber: null,
    textVersion: 1,
    contentVersion: 1,
  };
  // Made before the first version: the oldest one.
  expect(terms.OLDEST).toMatchObject({
    ...first,
    houseRules: 'No parties.',
    locale: 'en',
    acceptedAt: '2026-12-20T10:00:00.000Z',
  });
  expect(terms.OLDEST.noWithdrawal).toMatch(/^A booking for set dates carries no right of withdrawal/);
  expect(terms.UNDER1).toMatchObject({ ...first, houseRules: 'Sem festas.', locale: 'pt-PT' });
  expect(terms.UNDER1.noWithdrawal).toMatch(/^Uma reserva para datas determinadas não confere direito/);
  // Published at the very moment of the booking: in force.
  expect(terms.UNDER2).toMatchObject({
    cancellation: [{ daysBeforeArrival: 14, refundPercent: 80 }],
    depositPercent: 50,
    balanceDaysBeforeArrival: 45,
    houseRules: 'Quiet after ten.',
    owner: { name: 'Maria Santos', nif: '123456789', address: 'Rua 1' },
    registrationNumber: '154321/AL',
    contentVersion: 2,
  });
});
