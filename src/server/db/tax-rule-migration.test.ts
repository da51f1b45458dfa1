import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MigrationDatabase, openMigrationDatabase } from '../../../tests/support/server/migration-database.js';
import type { Database } from './schema.js';

// Migration 0034 gives each booking made before tax rules were kept the tourist tax's rule it was
// made under (docs/decisions/0053-a-stay-keeps-its-tourist-tax-rule.md).

let db: Kysely<Database>;
let migrate: MigrationDatabase['migrate'];
let close: MigrationDatabase['close'] | undefined;

beforeAll(async () => {
  ({ db, migrate, close } = await openMigrationDatabase('estadia-tax-rule-migration-'));
});
afterAll(async () => {
  await close?.();
});

const rule = (perGuestPerNight: number) => ({ municipality: 'Abrantes', perGuestPerNight, maxNights: 7 });
const version = (n: number, publishedAt: string, touristTax?: object) => ({
  version: n,
  publishedAt,
  publishedBy: 'admin',
  content: JSON.stringify({ locales: ['en', 'pt-PT'], pricing: { currency: 'EUR', touristTax } }),
});

const taxLine = { kind: 'touristTax', label: 'Municipal tourist tax', amount: 1200 };
const booking = (id: string, createdAt: string, channel: 'direct' | 'airbnb', lines: object[]) =>
  ({
    id,
    code: `${id}-AA`,
    status: 'paid',
    checkIn: '2026-11-10',
    checkOut: '2026-11-13',
    guests: 2,
    name: 'Ana Silva',
    email: 'ana@example.com',
    phone: null,
    country: 'DE',
    locale: 'en',
    message: '',
    paymentMethod: channel === 'direct' ? 'bank_transfer' : 'platform',
    quote: JSON.stringify({ currency: 'EUR', lines: [{ kind: 'nights', amount: 41000 }, ...lines], total: 41000 }),
    totalCents: 41000,
    dueNowCents: 0,
    balanceDueOn: null,
    holdUntil: null,
    bankReference: null,
    stripeCustomer: null,
    stripePaymentMethod: null,
    overdueAt: null,
    terms: null,
    channel,
    platformReference: null,
    feedEventUid: null,
    commissionCents: null,
    createdAt,
    updatedAt: createdAt,
  }) as const;

it('gives each older stay the rule of the version it was made under, and none to a site booking that paid no tax', async () => {
  await migrate((name) => name < '0034');
  await db
    .insertInto('contentVersions')
    .values([
      version(1, '2026-09-01T09:00:00.000Z'),
      version(2, '2026-10-01T09:00:00.000Z', rule(200)),
      version(3, '2026-12-01T09:00:00.000Z', rule(300)),
    ])
    .execute();
  await db
    .insertInto('bookings')
    .values([
      // Made when the content had no tax: no line, €410 paid, no tax owed.
      booking('NOTAX', '2026-09-15T10:00:00.000Z', 'direct', []),
      booking('UNDER2', '2026-10-20T10:00:00.000Z', 'direct', [taxLine]),
      booking('AIRBNB', '2026-10-21T10:00:00.000Z', 'airbnb', []),
      // An Airbnb stay entered before the tax existed: none.
      booking('EARLYAIR', '2026-09-20T10:00:00.000Z', 'airbnb', []),
      // A site booking charged tax although the version it was made under had none (edited in
      // files before the database held the content): the newest rule.
      booking('CHARGED', '2026-09-16T10:00:00.000Z', 'direct', [taxLine]),
    ])
    .execute();

  await migrate(() => true);
  const rows = await db.selectFrom('bookings').select(['id', 'touristTaxRule']).orderBy('id').execute();
  expect(Object.fromEntries(rows.map((row) => [row.id, JSON.parse(row.touristTaxRule ?? '"unfilled"')]))).toEqual({
    NOTAX: null,
    UNDER2: rule(200),
    AIRBNB: rule(200),
    EARLYAIR: null,
    CHARGED: rule(300),
  });
});
