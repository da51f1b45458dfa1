import type { InjectOptions } from 'fastify';
import { apiPathOf, bookingBody } from '../support/server/booking-site.js';
import { GERMAN_GUEST, PORTUGUESE_GUEST } from '../support/server/registration-site.js';
import { stayBody } from '../support/server/stays.js';
import type { ContentJson } from '../support/server/content-editor.js';
import { login } from '../support/server/test-app.js';
import type { World } from './harness.js';

// What the guests and the owner do, through the API as the pages send it: each action answers what
// the season needs to remember (a booking's code and guest link) and throws, naming the request,
// when the site refuses what a guest or the owner may do.

export interface Guest {
  code: string;
  url: string;
  /** Foreign guests check in online with a document; the season then expects their bulletins. */
  foreign: boolean;
}

const ORIGIN = 'http://estadia.test';

/** The owner's session on each app (a restart logs in again). */
const sessions = new WeakMap<object, string>();
async function ownerCookie(world: World): Promise<string> {
  let cookie = sessions.get(world.site.app);
  if (!cookie) sessions.set(world.site.app, (cookie = await login(world.site.app)));
  return cookie;
}

async function send(world: World, method: InjectOptions['method'], url: string, payload?: unknown, owner = false) {
  const headers = owner ? { cookie: await ownerCookie(world), origin: ORIGIN } : {};
  const answer = await world.site.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
  return { status: answer.statusCode, body: answer.body ? answer.json() : {} };
}

async function expectOk(world: World, method: InjectOptions['method'], url: string, payload?: unknown, owner = false) {
  const answer = await send(world, method, url, payload, owner);
  if (answer.status >= 300)
    throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/').at(-1) as string;

export type PayBy = 'card' | 'mb_way' | 'multibanco' | 'transfer';

/** A guest books on the site and pays the first part by `payBy` (a transfer waits for the owner). */
export async function guestBooks(
  world: World,
  stay: { checkIn: string; checkOut: string; adults: number; childrenAges?: number[]; country: string; name: string },
  payBy: PayBy,
): Promise<Guest & { totalCents: number; dueNowCents: number }> {
  const { adults, ...rest } = stay;
  const body = bookingBody({
    ...rest,
    guests: undefined,
    adults,
    email: `${stay.name.toLowerCase().replace(/[^a-z]/g, '.')}@example.com`,
    locale: stay.country === 'PT' ? 'pt-PT' : 'en',
    paymentMethod: payBy === 'transfer' ? 'bank_transfer' : 'stripe',
  });
  const created = await expectOk(world, 'POST', '/api/bookings', body);
  if (payBy !== 'transfer') await world.stripe.completeSession(sessionOf(created.checkoutUrl), payBy);
  return {
    code: created.code,
    url: created.bookingUrl,
    foreign: stay.country !== 'PT',
    totalCents: created.totalCents,
    dueNowCents: created.dueNowCents,
  };
}

/** A Multibanco reference is paid at the ATM. */
export async function multibancoPaid(world: World, guest: Guest): Promise<void> {
  const [payment] = await world.site.app.db
    .selectFrom('payments')
    .innerJoin('bookings', 'bookings.id', 'payments.bookingId')
    .select('payments.stripeSessionId')
    .where('bookings.code', '=', guest.code)
    .where('payments.status', '=', 'pending')
    .execute();
  if (!payment?.stripeSessionId) throw new Error(`${guest.code} has no open Multibanco payment`);
  await world.stripe.settleAsync(payment.stripeSessionId, true);
}

/** The guest's page, as the guest sees it. */
export const guestPage = (world: World, guest: Guest) => send(world, 'GET', apiPathOf(guest.url));

/** The guest pays what is due now by card (the balance, or an offer). */
export async function guestPaysByCard(world: World, guest: Guest): Promise<void> {
  const { checkoutUrl } = await expectOk(world, 'POST', apiPathOf(guest.url, '/pay-balance'));
  await world.stripe.completeSession(sessionOf(checkoutUrl as string), 'card');
}

/** An offer's guest ticks its terms on their page before any way to pay is shown. */
export const guestAcceptsOfferTerms = (world: World, guest: Guest) =>
  expectOk(world, 'POST', apiPathOf(guest.url, '/accept-terms'), { acceptTerms: true });

export const guestCancels = (world: World, guest: Guest) => expectOk(world, 'POST', apiPathOf(guest.url, '/cancel'));

/** Each guest of the party checks in online: foreigners with their document (the bulletin's fields), Portuguese by name. */
export async function guestsCheckIn(world: World, guest: Guest, party: number): Promise<void> {
  for (let index = 1; index <= party; index++)
    await expectOk(
      world,
      'PUT',
      apiPathOf(guest.url, `/guests/${index}`),
      guest.foreign
        ? {
            ...GERMAN_GUEST,
            givenNames: `${GERMAN_GUEST.givenNames} ${index}`,
            documentNumber: `C01X${guest.code.replace(/[^A-Z0-9]/g, '')}${index}`,
          }
        : { ...PORTUGUESE_GUEST, givenNames: `${PORTUGUESE_GUEST.givenNames} ${index}` },
    );
}

/** The owner records a bank transfer received, of the amount due now (or the whole rest). */
export async function ownerMarksTransfer(world: World, code: string, amountCents: number): Promise<void> {
  await expectOk(world, 'POST', `/api/admin/bookings/${code}/mark-paid`, { amountCents }, true);
}

export const ownerBooking = (world: World, code: string) =>
  expectOk(world, 'GET', `/api/admin/bookings/${code}`, undefined, true);

/** The owner cancels and refunds what the terms give back (0 for a stay paid nothing). */
export async function ownerCancels(world: World, code: string, refundCents?: number): Promise<void> {
  const booking = await ownerBooking(world, code);
  await expectOk(
    world,
    'POST',
    `/api/admin/bookings/${code}/cancel`,
    { refundCents: refundCents ?? booking.refundIfCancelledCents },
    true,
  );
}

/**
 * The owner marks a booking's refund by transfer sent on `day`. A refund needs a proof of the last
 * minutes, and the season's proofs run on the real clock: a new login gives one.
 */
export async function ownerMarksRefundSent(world: World, code: string, day: string): Promise<void> {
  const booking = await ownerBooking(world, code);
  const refund = (booking.payments as Array<{ id: string; kind: string; method: string; status: string }>).find(
    (p) => p.kind === 'refund' && p.method === 'bank_transfer' && p.status === 'pending',
  );
  if (!refund) throw new Error(`${code} has no refund by transfer to send`);
  sessions.set(world.site.app, await login(world.site.app));
  await expectOk(world, 'POST', `/api/admin/payments/${refund.id}/refund-sent`, { day }, true);
}

/**
 * The owner changes who stays, as the guest asked: a smaller party may be refunded, so it needs a
 * proof of the last minutes, as marking a refund sent does (a new login gives one).
 */
export async function ownerChangesParty(
  world: World,
  code: string,
  party: { adults: number; childrenAges: number[] },
): Promise<void> {
  sessions.set(world.site.app, await login(world.site.app));
  await expectOk(world, 'POST', `/api/admin/bookings/${code}/party`, party, true);
}

export const ownerMovesDates = (world: World, code: string, checkIn: string, checkOut: string) =>
  expectOk(world, 'POST', `/api/admin/bookings/${code}/dates`, { checkIn, checkOut }, true);

/** The owner enters a stay from another channel (a phone booking, or a platform's, completing its feed event). */
export async function ownerEntersStay(world: World, changes: Record<string, unknown>): Promise<Guest> {
  const created = await expectOk(world, 'POST', '/api/admin/stays', stayBody(changes), true);
  const link = await expectOk(world, 'POST', `/api/admin/stays/${created.code}/guest-link`, {}, true);
  return { code: created.code, url: link.url, foreign: changes.country !== 'PT' };
}

/** The platform's feed event the owner has not yet completed, starting on `start`. */
export async function feedEventStarting(world: World, start: string): Promise<string> {
  const { items } = await expectOk(world, 'GET', '/api/admin/feed-reservations', undefined, true);
  const event = (items as Array<{ uid: string; start: string; stayCode: string | null }>).find(
    (e) => e.start === start && e.stayCode === null,
  );
  if (!event) throw new Error(`no feed event starts on ${start}: ${JSON.stringify(items)}`);
  return event.uid;
}

export async function ownerAddsFeed(world: World, name: string, path: string): Promise<void> {
  await expectOk(world, 'POST', '/api/admin/feeds', { name, url: world.feeds.url(path) }, true);
}

/** A guest asks by the inquiry form; the owner answers with an offer at the quoted price. */
export async function offerFromInquiry(
  world: World,
  stay: { checkIn: string; checkOut: string; guests: number; name: string },
): Promise<Guest> {
  const email = `${stay.name.toLowerCase().replace(/[^a-z]/g, '.')}@example.com`;
  await expectOk(world, 'POST', '/api/inquiries', { ...stay, email, message: 'Is it free then?', locale: 'en' });
  const { items } = await expectOk(world, 'GET', '/api/admin/inquiries', undefined, true);
  const inquiry = (items as Array<{ id: string; email: string }>).find((i) => i.email === email);
  if (!inquiry) throw new Error(`the inquiry of ${email} is not listed`);
  const offer = await expectOk(world, 'POST', `/api/admin/inquiries/${inquiry.id}/offer`, {}, true);
  return { code: offer.code, url: offer.payUrl, foreign: true };
}

/** The owner publishes a changed content document (prices, the tourist tax, the terms). */
export async function ownerPublishes(world: World, change: (content: ContentJson) => ContentJson): Promise<void> {
  const { published, draft } = await expectOk(world, 'GET', '/api/admin/content', undefined, true);
  const saved = await expectOk(
    world,
    'PUT',
    '/api/admin/content/draft',
    { baseVersion: draft?.baseVersion ?? published.version, content: change(structuredClone(published.content)) },
    true,
  );
  await expectOk(world, 'POST', '/api/admin/content/publish', { baseVersion: saved.baseVersion }, true);
}

export { expectOk, send };
