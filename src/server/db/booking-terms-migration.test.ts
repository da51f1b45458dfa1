import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MigrationDatabase, openMigrationDatabase } from '../../../tests/support/server/migration-database.js';
import type { Database } from './schema.js';

// Migration 0020 gives each booking made before terms were stored the policy of the content
// version in force when it was made (docs/decisions/0035-terms-snapshot.md).

let db: Kysely<Database>;
let migrate: MigrationDatabase['migrate'];
let close: MigrationDatabase['close'] | undefined;

beforeAll(async () => {
  ({ db, migrate, close } = await openMigrationDatabase('estadia-terms-migration-'));
});
afterAll(async () => {
  await close?.();
});

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
