import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { ownerSession, stayBody } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';

// A phone stay the owner enters with a deposit paid and the balance still due: the stay shows the
// balance, its one payment is what was paid (so its invoice and the books count that much), and
// the balance the owner records later completes it.

let site: TestApp & { clock: TestClock };
let owner: Awaited<ReturnType<typeof ownerSession>>;

beforeAll(async () => {
  site = await createBookingSite({ booking: { bankTransfer: { iban: 'PT50000201231234567890154', holder: 'Casa' } } });
  owner = await ownerSession(site.app);
});
afterAll(async () => {
  await site?.close();
});

const phoneStay = (changes: Record<string, unknown> = {}) =>
  stayBody({
    channel: 'phone',
    platformReference: undefined,
    commissionCents: undefined,
    touristTaxCollectedBy: 'owner',
    priceCents: 60_000,
    ...changes,
  });

interface Gross {
  channel: string;
  grossCents: number;
}
const grossOf = async (year: number, channel: string) =>
  ((await owner.get(`/api/admin/reports?year=${year}`)).json().months as Gross[])
    .filter((m) => m.channel === channel)
    .reduce((sum, m) => sum + m.grossCents, 0);

describe('a phone stay paid in part', () => {
  it('shows the balance due, and its payment, invoice line and books are the amount paid', async () => {
    const created = await owner.post('/api/admin/stays', phoneStay({ paidCents: 18_000 }));
    expect(created.statusCode, created.body).toBe(201);
    const { code } = created.json<{ code: string }>();
    const stay = (await owner.get(`/api/admin/bookings/${code}`)).json();
    expect(stay).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'owner',
      totalCents: 60_000,
      paidCents: 18_000,
      dueCents: 42_000,
      balanceDueOn: null,
    });
    expect(stay.history.map((e: { to: string; by: string }) => `${e.to}/${e.by}`)).toEqual(['confirmed/owner']);

    const payments = await site.app.db
      .selectFrom('payments')
      .select(['kind', 'method', 'status', 'amountCents'])
      .where(
        'bookingId',
        '=',
        (await site.app.db.selectFrom('bookings').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id,
      )
      .execute();
    expect(payments).toEqual([{ kind: 'deposit', method: 'owner', status: 'succeeded', amountCents: 18_000 }]);

    // No provider: "To invoice" lists the payment for what was paid, its lines adding up to it.
    const toInvoice = (await owner.get('/api/admin/to-invoice'))
      .json()
      .items.filter((i: { bookingCode: string }) => i.bookingCode === code);
    expect(toInvoice.map((i: { kind: string; amountCents: number }) => [i.kind, i.amountCents])).toEqual([
      ['payment', 18_000],
    ]);
    expect(toInvoice[0].lines.reduce((sum: number, l: { amountCents: number }) => sum + l.amountCents, 0)).toBe(18_000);
    // The books count what was paid on the check-in day, not the price.
    expect(await grossOf(2027, 'phone')).toBe(18_000);

    // The owner records the balance: paid in full, and the books count the whole price once.
    const marked = await owner.post(`/api/admin/bookings/${code}/mark-paid`, { amountCents: 42_000 });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'paid', paidCents: 60_000, dueCents: 0 });
    expect(await grossOf(2027, 'phone')).toBe(60_000);
  });

  it('is paid in full when nothing else is said, as before', async () => {
    const created = await owner.post('/api/admin/stays', phoneStay({ checkIn: '2027-07-07', checkOut: '2027-07-10' }));
    expect(created.statusCode, created.body).toBe(201);
    const stay = (await owner.get(`/api/admin/bookings/${created.json().code}`)).json();
    expect(stay).toMatchObject({ status: 'paid', totalCents: 60_000, paidCents: 60_000, dueCents: 0 });
  });

  it('refuses more paid than the price, and a part payment on a platform', async () => {
    const more = await owner.post(
      '/api/admin/stays',
      phoneStay({ checkIn: '2027-08-07', checkOut: '2027-08-10', paidCents: 60_001 }),
    );
    expect(more.statusCode).toBe(400);
    expect(more.json().error).toMatchObject({ code: 'invalid_field', field: 'paidCents' });
    const platform = await owner.post(
      '/api/admin/stays',
      stayBody({ checkIn: '2027-08-07', checkOut: '2027-08-10', paidCents: 10_000 }),
    );
    expect(platform.statusCode).toBe(400);
    expect(platform.json().error).toMatchObject({ code: 'invalid_field', field: 'paidCents' });
  });
});
