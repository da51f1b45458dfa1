import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MigrationDatabase, openMigrationDatabase } from '../../../tests/support/server/migration-database.js';
import type { Database } from './schema.js';

// Migration 0037 adds a refund's kept tourist tax, null on the rows before, and lets go of a
// credit note that waited for ever for a hand-invoiced payment's invoice, so the refund is listed
// in "To invoice" (docs/decisions/0059-refund-make-up-and-credit-notes.md).

let db: Kysely<Database>;
let migrate: MigrationDatabase['migrate'];
let close: MigrationDatabase['close'] | undefined;

beforeAll(async () => {
  ({ db, migrate, close } = await openMigrationDatabase('estadia-refund-make-up-migration-'));
});
afterAll(async () => {
  await close?.();
});

const AT = '2026-11-01T10:00:00.000Z';
const booking = {
  id: 'B1',
  code: 'B1-AA',
  status: 'cancelled',
  checkIn: '2026-12-10',
  checkOut: '2026-12-13',
  guests: 2,
  name: 'Ana Silva',
  email: 'ana@example.com',
  phone: null,
  country: 'DE',
  locale: 'en',
  message: '',
  paymentMethod: 'stripe',
  quote: JSON.stringify({ currency: 'EUR', lines: [{ kind: 'nights', amount: 41000 }], total: 41000 }),
  totalCents: 41000,
  dueNowCents: 0,
  balanceDueOn: null,
  holdUntil: null,
  bankReference: null,
  stripeCustomer: null,
  stripePaymentMethod: null,
  overdueAt: null,
  terms: null,
  channel: 'direct',
  platformReference: null,
  feedEventUid: null,
  commissionCents: null,
  createdAt: AT,
  updatedAt: AT,
} as const;

const payment = (id: string, kind: 'full' | 'refund', refundOf: string | null) =>
  ({
    id,
    bookingId: 'B1',
    kind,
    method: 'stripe',
    status: 'succeeded',
    amountCents: 41000,
    idempotencyKey: `key-${id}`,
    stripeSessionId: null,
    stripePaymentIntent: null,
    stripeRefundId: null,
    refundOf,
    checkoutUrl: null,
    expiresAt: null,
    lastError: null,
    createdAt: AT,
    settledAt: AT,
  }) as const;

const doc = (
  paymentId: string,
  kind: 'invoice_receipt' | 'credit_note',
  provider: string,
  status: 'pending' | 'sent' | 'manual',
) =>
  ({
    id: `doc-${paymentId}`,
    paymentId,
    forPaymentId: paymentId,
    bookingId: 'B1',
    kind,
    status,
    provider,
    providerId: null,
    number: null,
    amountCents: 41000,
    lines: '[]',
    observations: '',
    createSentAt: null,
    nextAttemptAt: AT,
    leaseUntil: null,
    error: null,
    emailedAt: null,
    doneBy: provider === 'manual' ? 'owner' : null,
    createdAt: AT,
    updatedAt: AT,
  }) as const;

it('keeps the old refunds without a make-up and lets go of only the credit note stuck on a hand-made invoice', async () => {
  await migrate((name) => name < '0037');
  await db.insertInto('bookings').values(booking).execute();
  await db
    .insertInto('payments')
    .values([
      payment('HAND', 'full', null),
      payment('HAND-R', 'refund', 'HAND'),
      payment('PROV', 'full', null),
      payment('PROV-R', 'refund', 'PROV'),
    ])
    .execute();
  await db
    .insertInto('invoiceDocuments')
    .values([
      doc('HAND', 'invoice_receipt', 'manual', 'manual'),
      doc('HAND-R', 'credit_note', 'invoicexpress', 'pending'),
      doc('PROV', 'invoice_receipt', 'invoicexpress', 'sent'),
      doc('PROV-R', 'credit_note', 'invoicexpress', 'pending'),
    ])
    .execute();

  await migrate(() => true);
  const docs = await db.selectFrom('invoiceDocuments').select('paymentId').orderBy('paymentId').execute();
  expect(docs.map((d) => d.paymentId)).toEqual(['HAND', 'PROV', 'PROV-R']);
  const refunds = await db.selectFrom('payments').select(['id', 'refundTaxCents']).orderBy('id').execute();
  expect(refunds.every((r) => r.refundTaxCents === null)).toBe(true);
});
