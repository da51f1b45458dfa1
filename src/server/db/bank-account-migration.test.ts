import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MigrationDatabase, openMigrationDatabase } from '../../../tests/support/server/migration-database.js';
import type { Database } from './schema.js';

// Migration 0041: the bookings made before each kept its account for transfers are given the
// account of the newest published version, the one their pages showed until then
// (docs/decisions/0063-the-iban-and-the-last-doors.md).

let db: Kysely<Database>;
let migrate: MigrationDatabase['migrate'];
let close: MigrationDatabase['close'] | undefined;

beforeAll(async () => {
  ({ db, migrate, close } = await openMigrationDatabase('estadia-bank-account-migration-'));
});
afterAll(async () => {
  await close?.();
});

const AT = '2027-01-10T10:00:00.000Z';
const terms = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ cancellation: [], depositPercent: 30, acceptedAt: AT, locale: 'en', ...extra });

const booking = (id: string, changes: Record<string, unknown>) =>
  ({
    id,
    code: `${id}-AA`,
    status: 'awaiting_payment',
    checkIn: '2027-06-10',
    checkOut: '2027-06-13',
    guests: 2,
    name: 'Ana Silva',
    email: 'ana@example.com',
    phone: null,
    country: 'DE',
    locale: 'en',
    message: '',
    paymentMethod: 'bank_transfer',
    quote: '{}',
    totalCents: 46200,
    dueNowCents: 13860,
    balanceDueOn: '2027-05-11',
    holdUntil: null,
    bankReference: `${id}-AA`,
    stripeCustomer: null,
    stripePaymentMethod: null,
    overdueAt: null,
    paidCents: 0,
    channel: 'direct',
    inquiryId: null,
    terms: terms(),
    createdAt: AT,
    updatedAt: AT,
    ...changes,
  }) as const;

const document = (iban: string, holder: string) =>
  JSON.stringify({ locales: ['en'], booking: { mode: 'instant', bankTransfer: { iban, holder } } });

it('gives each booking the newest version’s account, leaves one that has its own, and no terms none', async () => {
  await migrate((name) => name < '0041');
  await db
    .insertInto('contentVersions')
    .values([
      {
        version: 1,
        content: document('PT50000201231234567890154', 'Old Holder'),
        publishedAt: AT,
        publishedBy: 'admin',
      },
      {
        version: 2,
        content: document('DE89 3704 0044 0532 0130 00', 'Maria Lago'),
        publishedAt: AT,
        publishedBy: 'admin',
      },
    ])
    .execute();
  const own = { iban: 'FR1420041010050500013M02606', holder: 'Someone' };
  await db
    .insertInto('bookings')
    .values([
      booking('b1', {}),
      booking('b2', { terms: terms({ bankTransfer: own }) }),
      booking('b3', { terms: null, code: 'b3-AA' }),
    ] as never)
    .execute();
  await migrate(() => true);
  const rows = await db.selectFrom('bookings').select(['id', 'terms']).orderBy('id').execute();
  const kept = rows.map((r) =>
    r.terms === null ? null : (JSON.parse(r.terms) as { bankTransfer?: unknown }).bankTransfer,
  );
  expect(kept).toEqual([{ iban: 'DE89370400440532013000', holder: 'Maria Lago' }, own, null]);
  expect(JSON.parse(rows[0]!.terms!)).toMatchObject({ depositPercent: 30, acceptedAt: AT, locale: 'en' });
});
