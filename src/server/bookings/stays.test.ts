import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { ownerSession, stayBody } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';

// A stay the owner enters from another channel: its nights are held like a guest's booking, it is
// paid where it was booked and never charged here, and it is in the one list of stays.

let site: TestApp & { clock: TestClock };
let owner: Awaited<ReturnType<typeof ownerSession>>;

beforeAll(async () => {
  site = await createBookingSite({ booking: { bankTransfer: { iban: 'PT50000201231234567890154', holder: 'Casa' } } });
  owner = await ownerSession(site.app);
});
afterAll(async () => {
  await site?.close();
});

describe('a stay the owner enters', () => {
  it('holds an Airbnb stay of 2 adults and a child, paid on the platform, and refuses a direct booking of its nights', async () => {
    const created = await owner.post('/api/admin/stays', stayBody());
    expect(created.statusCode, created.body).toBe(201);
    const { code } = created.json<{ code: string }>();
    const row = await site.app.db.selectFrom('bookings').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'paid',
      channel: 'airbnb',
      guests: 3,
      childrenAges: '[10]',
      platformReference: 'HMQ3W8KZ2P',
      commissionCents: 12_600,
      touristTaxCollectedBy: 'platform',
      paymentMethod: 'platform',
      totalCents: 84_000,
      paidCents: 84_000,
      dueNowCents: 0,
    });
    const blocks = await site.app.db.selectFrom('calendarBlocks').selectAll().where('bookingId', '=', row.id).execute();
    expect(blocks.map((b) => [b.startDate, b.endDate])).toEqual([['2027-06-07', '2027-06-10']]);
    // Nothing to pay here: no payment row, no balance.
    expect(await site.app.db.selectFrom('payments').selectAll().where('bookingId', '=', row.id).execute()).toEqual([]);
    const history = await site.app.db.selectFrom('bookingEvents').selectAll().where('bookingId', '=', row.id).execute();
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([[null, 'paid', 'owner']]);

    const direct = await book(site.app, {
      checkIn: '2027-06-08',
      checkOut: '2027-06-11',
      paymentMethod: 'bank_transfer',
    });
    expect(direct.status).toBe(409);
    expect(direct.body.error?.code).toBe('dates_unavailable');

    const again = await owner.post(
      '/api/admin/stays',
      stayBody({ channel: 'phone', checkIn: '2027-06-09', checkOut: '2027-06-12', touristTaxCollectedBy: 'owner' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('dates_unavailable');
    expect(again.json().error.message).toContain(`stay ${code}`);
  });

  it('lists every stay, by channel, month and status, a page at a time', async () => {
    const phone = await owner.post(
      '/api/admin/stays',
      stayBody({
        channel: 'phone',
        checkIn: '2027-07-30',
        checkOut: '2027-08-02',
        email: '',
        children: [],
        touristTaxCollectedBy: 'owner',
        platformReference: '',
      }),
    );
    expect(phone.statusCode, phone.body).toBe(201);
    const direct = await book(site.app, {
      checkIn: '2027-08-14',
      checkOut: '2027-08-21',
      paymentMethod: 'bank_transfer',
    });
    expect(direct.status, JSON.stringify(direct.body)).toBe(201);

    const august = (await owner.get('/api/admin/stays?month=2027-08')).json();
    expect(august.items.map((i: { channel: string }) => i.channel)).toEqual(['phone', 'direct']);
    expect(august.items[0]).toMatchObject({
      adults: 2,
      children: [],
      platformReference: null,
      status: 'paid',
      feedMissing: false,
    });
    const airbnb = (await owner.get('/api/admin/stays?channel=airbnb')).json();
    expect(airbnb.items).toHaveLength(1);
    expect(airbnb.items[0]).toMatchObject({
      channel: 'airbnb',
      adults: 2,
      children: [{ age: 10 }],
      checkIn: '2027-06-07',
    });
    const waiting = (await owner.get('/api/admin/stays?status=awaiting_payment')).json();
    expect(waiting.items.map((i: { code: string }) => i.code)).toEqual([direct.body.code]);

    const first = (await owner.get('/api/admin/stays?limit=2')).json();
    expect(first.items).toHaveLength(2);
    const second = (await owner.get(`/api/admin/stays?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((i: { code: string }) => i.code)).size).toBe(3);
  });

  it('refuses what an entered stay cannot be, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ channel: 'direct' }, 'channel'],
      [{ checkOut: '2027-06-07' }, 'checkOut'],
      [{ adults: 0 }, 'adults'],
      [{ children: [{ age: 18 }] }, 'children.0.age'],
      [{ email: 'not-an-address' }, 'email'],
      [{ commissionCents: 100_000 }, 'commissionCents'],
      [{ channel: 'phone', touristTaxCollectedBy: 'platform' }, 'touristTaxCollectedBy'],
      [{ priceCents: 10.5 }, 'priceCents'],
    ];
    for (const [change, field] of cases) {
      const response = await owner.post(
        '/api/admin/stays',
        stayBody({ checkIn: '2027-09-01', checkOut: '2027-09-04', ...change }),
      );
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.field, JSON.stringify(change)).toBe(field);
    }
  });

  it('is cancelled by the owner with nothing refunded here, and its guest cannot cancel it from the site', async () => {
    const { code } = (
      await owner.post('/api/admin/stays', stayBody({ checkIn: '2027-10-01', checkOut: '2027-10-03' }))
    ).json();
    const refund = await owner.post(`/api/admin/bookings/${code}/cancel`, { refundCents: 100 });
    expect(refund.statusCode).toBe(400);
    const cancelled = await owner.post(`/api/admin/bookings/${code}/cancel`, { refundCents: 0 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const row = await site.app.db.selectFrom('bookings').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    expect(await site.app.db.selectFrom('payments').selectAll().where('bookingId', '=', row.id).execute()).toEqual([]);
    expect(
      await site.app.db.selectFrom('calendarBlocks').selectAll().where('bookingId', '=', row.id).execute(),
    ).toEqual([]);
  });

  it('mails a new guest link only to a stay with a guest e-mail, and refuses one without, naming why', async () => {
    const mailed = (
      await owner.post('/api/admin/stays', stayBody({ checkIn: '2027-11-01', checkOut: '2027-11-03' }))
    ).json();
    const hidden = (
      await owner.post(
        '/api/admin/stays',
        stayBody({ checkIn: '2027-11-05', checkOut: '2027-11-07', email: '', platformReference: 'HMNOMAIL01' }),
      )
    ).json();
    const resent = await owner.post(`/api/admin/bookings/${mailed.code}/resend-link`);
    expect(resent.statusCode, resent.body).toBe(200);
    const refused = await owner.post(`/api/admin/bookings/${hidden.code}/resend-link`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'no_guest_email', field: 'email' });
    // The links mailed to each: one for the stay with an e-mail, none for the other.
    const linkMails = async (code: string) => {
      const { id } = await site.app.db
        .selectFrom('bookings')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      return site.app.db.selectFrom('mailOutbox').select('key').where('key', 'like', `booking:${id}:link:%`).execute();
    };
    expect(await linkMails(mailed.code)).toHaveLength(1);
    expect(await linkMails(hidden.code)).toEqual([]);
  });
});
