import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { login, type TestApp } from '../../../tests/support/server/test-app.js';

// The party a booking is made for is the party its price was shown for: the form sends the party
// it priced with the booking, and a booking whose party is not that one is refused, nothing held.

let site: TestApp & { clock: TestClock };
let cookie: string;

beforeAll(async () => {
  site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000' } });
  cookie = await login(site.app);
});
afterAll(async () => site.close());

const availability = async () =>
  (await site.app.inject({ url: '/api/availability?from=2027-04-01&to=2027-05-01' })).json().unavailable;

describe('a booking and the party of its quote', () => {
  it('is refused when its party is not the one the price was shown for, and holds nothing', async () => {
    const refused = await book(site.app, {
      paymentMethod: 'bank_transfer',
      guests: undefined,
      adults: 4,
      childrenAges: [],
      quote: { adults: 6, childrenAges: [] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'party_mismatch', field: 'adults' });
    const children = await book(site.app, {
      paymentMethod: 'bank_transfer',
      guests: undefined,
      adults: 2,
      childrenAges: [10, 4],
      quote: { adults: 2, childrenAges: [10, 1] },
    });
    expect(children.status).toBe(400);
    expect(children.body.error).toMatchObject({ code: 'party_mismatch', field: 'childrenAges' });
    expect(await availability()).toEqual([]);
  });

  it('is stored, priced and shown for the party of its quote', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      guests: undefined,
      adults: 4,
      childrenAges: [10],
      quote: { adults: 4, childrenAges: [10] },
    });
    expect(created.status).toBe(201);
    const guest = (await site.app.inject({ url: apiPathOf(created.body.bookingUrl) })).json();
    expect(guest).toMatchObject({ guests: 5, totalCents: created.body.totalCents });
    const owner = (
      await site.app.inject({ url: `/api/admin/bookings/${created.body.code}`, headers: { cookie } })
    ).json();
    expect(owner).toMatchObject({ guests: 5, totalCents: created.body.totalCents });
    // The tax is the five guests' (the test content taxes every guest).
    const taxLine = owner.quote.lines.find((l: { kind: string }) => l.kind === 'touristTax');
    expect(taxLine?.guests).toBe(5);
  });
});
