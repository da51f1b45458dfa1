import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';

// A transfer the owner records is counted once per filling in of the form: the form's key makes a
// second click, a retried request or two requests at once one payment, on either database.

let site: TestApp & { clock: TestClock };
let cookie: string;

beforeAll(async () => {
  site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000' } });
  cookie = await login(site.app);
});
afterAll(async () => site.close());

const markPaid = (code: string, payload: object) =>
  site.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${code}/mark-paid`,
    headers: { cookie, origin: 'http://estadia.test' },
    ...json(payload),
  });
const adminBooking = async (code: string) =>
  (await site.app.inject({ url: `/api/admin/bookings/${code}`, headers: { cookie } })).json();

async function transferBooking(checkIn: string, checkOut: string) {
  const created = await book(site.app, { paymentMethod: 'bank_transfer', checkIn, checkOut });
  expect(created.status).toBe(201);
  return created.body;
}

describe('recording a transfer', () => {
  it('records the same request sent twice once, and answers the booking both times', async () => {
    const { code, dueNowCents } = await transferBooking('2027-05-03', '2027-05-06');
    const request = { amountCents: dueNowCents, idempotencyKey: 'form-0000000000000001' };
    const first = await markPaid(code, request);
    const second = await markPaid(code, request);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toMatchObject({ status: 'confirmed', paidCents: dueNowCents });
    const booking = await adminBooking(code);
    expect(booking.paidCents).toBe(dueNowCents);
    expect(booking.payments.filter((p: { kind: string }) => p.kind === 'deposit')).toHaveLength(1);
  });

  it('records the same request sent twice at once only once', async () => {
    const { code, dueNowCents } = await transferBooking('2027-05-10', '2027-05-13');
    const request = { amountCents: 1000, idempotencyKey: 'form-0000000000000002' };
    const answers = await Promise.all([markPaid(code, request), markPaid(code, request), markPaid(code, request)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const booking = await adminBooking(code);
    expect(booking.paidCents).toBe(1000);
    expect(booking.payments).toHaveLength(1);
    expect(dueNowCents).toBeGreaterThan(1000);
  });

  it('records a second transfer of the same amount when it comes from a new filling in of the form', async () => {
    const { code } = await transferBooking('2027-05-17', '2027-05-20');
    expect((await markPaid(code, { amountCents: 500, idempotencyKey: 'form-0000000000000003' })).statusCode).toBe(200);
    expect((await markPaid(code, { amountCents: 500, idempotencyKey: 'form-0000000000000004' })).statusCode).toBe(200);
    expect((await adminBooking(code)).paidCents).toBe(1000);
  });

  it('refuses a key that is not one', async () => {
    const { code } = await transferBooking('2027-05-24', '2027-05-27');
    const answer = await markPaid(code, { amountCents: 500, idempotencyKey: 'short' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({ code: 'invalid_field', field: 'idempotencyKey' });
  });
});
