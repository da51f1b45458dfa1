import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiPathOf,
  createBookingSite,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  testClock,
  type TestClock,
} from '../../../tests/support/server/booking-site.js';
import { contentEditor, type ContentEditor, type ContentJson } from '../../../tests/support/server/content-editor.js';
import { FakeStripe } from '../../../tests/support/server/fake-stripe.js';
import { ownerSession } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';

// An offer keeps the account for transfers published when the owner made it; one made while none
// was published is given the account published when its guest chooses a transfer, and keeps that
// one (docs/decisions/0063-the-iban-and-the-last-doors.md).

let stripe: FakeStripe;
let site: TestApp & { clock: TestClock };
let owner: Awaited<ReturnType<typeof ownerSession>>;
let editor: ContentEditor;

beforeAll(async () => {
  const clock = testClock();
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
  site = await createBookingSite({
    clock,
    booking: { mode: 'inquiry', bankTransfer: undefined },
    stripeUrl: stripe.baseUrl,
    env: { SUBMISSIONS_PER_WINDOW: '1000' },
  });
  owner = await ownerSession(site.app);
  editor = await contentEditor(site.app);
});
afterAll(async () => {
  await site?.close();
  await stripe?.stop();
});

async function offer(checkIn: string, checkOut: string): Promise<string> {
  const email = `guest-${Math.random().toString(36).slice(2)}@example.com`;
  const stored = await site.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    payload: { name: 'Lena Vogel', email, guests: 2, checkIn, checkOut },
  });
  expect(stored.statusCode, stored.body).toBe(202);
  const { id } = await site.app.db
    .selectFrom('inquiries')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const offered = await owner.post(`/api/admin/inquiries/${id}/offer`, { totalCents: 60_000 });
  expect(offered.statusCode, offered.body).toBe(201);
  const { payUrl } = offered.json<{ payUrl: string }>();
  const accepted = await site.app.inject({
    method: 'POST',
    url: apiPathOf(payUrl, '/accept-terms'),
    payload: { acceptTerms: true },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return payUrl;
}

async function publishAccount(iban: string, holder: string) {
  const { content } = (await editor.state()).json<{ published: { content: ContentJson } }>().published;
  await editor.publishContent({ ...content, booking: { ...content.booking, bankTransfer: { iban, holder } } });
}

async function chooseTransfer(payUrl: string) {
  const chosen = await site.app.inject({
    method: 'POST',
    url: apiPathOf(payUrl, '/payment-method'),
    payload: { paymentMethod: 'bank_transfer' },
  });
  expect(chosen.statusCode, chosen.body).toBeLessThan(300);
  return (await site.app.inject({ url: apiPathOf(payUrl) })).json<{ bankTransfer: { iban: string; holder: string } }>()
    .bankTransfer;
}

it('keeps the offer’s own account, and gives one made without any the account published when the transfer is chosen', async () => {
  const withoutAccount = await offer('2027-05-03', '2027-05-08');
  await publishAccount('PT50000201231234567890154', 'Casa do Lago');
  const withFirst = await offer('2027-06-03', '2027-06-08');
  await publishAccount('DE89370400440532013000', 'Maria Lago');

  expect(await chooseTransfer(withFirst)).toMatchObject({
    iban: 'PT50 0002 0123 1234 5678 9015 4',
    holder: 'Casa do Lago',
  });
  expect(await chooseTransfer(withoutAccount)).toMatchObject({
    iban: 'DE89 3704 0044 0532 0130 00',
    holder: 'Maria Lago',
  });
  // Kept from then on: a later publish does not move it.
  await publishAccount('FR1420041010050500013M02606', 'Someone Else');
  expect((await site.app.inject({ url: apiPathOf(withoutAccount) })).json().bankTransfer).toMatchObject({
    iban: 'DE89 3704 0044 0532 0130 00',
  });
});
