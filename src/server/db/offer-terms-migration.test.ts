import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MigrationDatabase, openMigrationDatabase } from '../../../tests/support/server/migration-database.js';
import type { Database } from './schema.js';

// Migration 0033: an offer not yet paid was never accepted, and a stay the owner entered accepted
// nothing on the site (docs/decisions/0052-offers-accept-their-terms.md); the rest keep their terms.

let db: Kysely<Database>;
let migrate: MigrationDatabase['migrate'];
let close: MigrationDatabase['close'] | undefined;

beforeAll(async () => {
  ({ db, migrate, close } = await openMigrationDatabase('estadia-offer-terms-migration-'));
});
afterAll(async () => {
  await close?.();
});

const ACCEPTED = '2027-01-10T10:00:00.000Z';
const terms = JSON.stringify({ cancellation: [], depositPercent: 30, acceptedAt: ACCEPTED, locale: 'en' });

const booking = (id: string, changes: Record<string, unknown>) =>
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
    locale: 'en',
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
    paidCents: 0,
    channel: 'direct',
    inquiryId: null,
    terms,
    createdAt: ACCEPTED,
    updatedAt: ACCEPTED,
    ...changes,
  }) as const;

it('unsets the acceptance of unpaid offers and entered stays, and marks the entered ones', async () => {
  await migrate((name) => name < '0033');
  await db
    .insertInto('inquiries')
    .values(
      ['i1', 'i2'].map((id) => ({
        id,
        name: 'Ana',
        email: 'ana@example.com',
        guests: 2,
        message: '',
        checkIn: null,
        checkOut: null,
        createdAt: ACCEPTED,
        messageId: `<${id}@x>`,
        status: 'sent' as const,
        attempts: 1,
        lastError: null,
        nextAttemptAt: ACCEPTED,
        leaseUntil: null,
        sentAt: ACCEPTED,
      })),
    )
    .execute();
  await db
    .insertInto('bookings')
    .values([
      booking('DIRECT', {}),
      booking('UNPAID', { status: 'awaiting_payment', inquiryId: 'i1' }),
      booking('PAIDOF', { inquiryId: 'i2', paidCents: 13860 }),
      booking('PHONE1', { status: 'paid', channel: 'phone', paymentMethod: 'owner' }),
    ])
    .execute();
  await migrate(() => true);
  const rows = await db.selectFrom('bookings').select(['id', 'terms']).orderBy('id').execute();
  const byId = Object.fromEntries(rows.map((r) => [r.id, JSON.parse(r.terms ?? '{}') as Record<string, unknown>]));
  expect(byId.DIRECT).toEqual(JSON.parse(terms));
  expect(byId.PAIDOF).toEqual(JSON.parse(terms));
  expect(byId.UNPAID).toEqual({ ...JSON.parse(terms), acceptedAt: null });
  expect(byId.PHONE1).toEqual({ ...JSON.parse(terms), acceptedAt: null, ownerEntered: true });
});
