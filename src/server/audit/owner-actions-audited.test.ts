import { afterAll, beforeAll, expect, it } from 'vitest';
import { book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { ownerSession, stayBody } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';

// The owner's audit list records the guest links the owner makes and revokes and the tax numbers
// the owner corrects, each by the booking's code: never a link, a token or a number
// (docs/decisions/0063-the-iban-and-the-last-doors.md). Publishing is covered with the account
// for transfers (content/bank-account.test.ts), a correction after the invoice in
// invoicing/corrections.test.ts.

let site: TestApp & { clock: TestClock };
let owner: Awaited<ReturnType<typeof ownerSession>>;
beforeAll(async () => {
  site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com' } });
  owner = await ownerSession(site.app);
});
afterAll(async () => site.close());

const entries = async () =>
  (await owner.get('/api/admin/audit?limit=100')).json<{
    items: Array<{ action: string; detail: string | null; client: string | null }>;
  }>().items;

it('records guest links made and revoked, and tax numbers changed, by the booking’s code alone', async () => {
  const created = await book(site.app, { paymentMethod: 'bank_transfer' });
  expect(created.status).toBe(201);
  const { code } = created.body;
  const stay = await owner.post('/api/admin/stays', stayBody({ email: undefined }));
  expect(stay.statusCode).toBe(201);
  const stayCode = stay.json<{ code: string }>().code;

  const link = await owner.post(`/api/admin/stays/${stayCode}/guest-link`);
  expect(link.statusCode).toBe(201);
  expect((await owner.post(`/api/admin/bookings/${code}/resend-link`)).statusCode).toBe(200);
  expect((await owner.post(`/api/admin/bookings/${code}/revoke-links`)).statusCode).toBe(200);
  const nif = await site.app.inject({
    method: 'PUT',
    url: `/api/admin/bookings/${code}/nif`,
    headers: owner.headers,
    payload: { nif: '501964843', country: 'PT' },
  });
  expect(nif.statusCode).toBe(200);
  // Refused requests record nothing: a booking that does not exist, a number that fails its check digit.
  expect((await owner.post('/api/admin/bookings/ABCD-EF/revoke-links')).statusCode).toBe(404);
  const badNif = await site.app.inject({
    method: 'PUT',
    url: `/api/admin/bookings/${code}/nif`,
    headers: owner.headers,
    payload: { nif: '123456780', country: 'PT' },
  });
  expect(badNif.statusCode).toBe(400);

  const list = await entries();
  // Sorted: two requests may share a millisecond.
  const ours = list.filter((e) => e.action !== 'login').map((e) => `${e.action} ${e.detail}`);
  expect(ours.sort()).toEqual(
    [
      `tax_number_corrected ${code}`,
      `guest_links_revoked ${code}`,
      `guest_link_created ${code}`,
      `guest_link_created ${stayCode}`,
    ].sort(),
  );
  expect(list.every((e) => e.client !== null)).toBe(true);
  const text = JSON.stringify(list);
  expect(text).not.toContain('501964843');
  expect(text).not.toContain(link.json<{ url: string }>().url.split('t=')[1]);
});
