import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { FakeSiba } from '../../../tests/support/server/fake-siba.js';
import {
  GERMAN_GUEST,
  PORTUGUESE_GUEST,
  SIBA_LEGAL,
  sibaEnv,
} from '../../../tests/support/server/registration-site.js';
import { ownerSession, stayBody } from '../../../tests/support/server/stays.js';
import { json, type TestApp } from '../../../tests/support/server/test-app.js';

// SIBA for every stay, whatever its channel: a platform or phone stay is on the registrations list
// from the moment it exists, its party's nationality unknown (never assumed Portuguese) until they
// check in; its guests check in online or are typed at the door; its bulletins, reminders and
// deadlines run as a direct booking's.

let site: TestApp & { clock: TestClock };
let fake: FakeSiba;
let owner: Awaited<ReturnType<typeof ownerSession>>;

beforeAll(async () => {
  fake = await FakeSiba.start();
  site = await createBookingSite({
    content: { legal: SIBA_LEGAL },
    env: { SUBMISSIONS_PER_WINDOW: '1000', MAIL_TO: 'owner@example.com', ...sibaEnv(fake.url) },
  });
  owner = await ownerSession(site.app);
});
afterAll(async () => {
  await site?.close();
  await fake?.close();
});

const lineOf = async (code: string) =>
  ((await owner.get('/api/admin/registrations')).json().items as Array<Record<string, unknown>>).find(
    (i) => i.bookingCode === code,
  );
async function mailKeys(code: string) {
  const { id } = await site.app.db
    .selectFrom('bookings')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const mails = await site.app.db
    .selectFrom('mailOutbox')
    .select(['key', 'subject', 'toAddress'])
    .where('key', 'like', `booking:${id}:%`)
    .execute();
  return mails.map((m) => ({ ...m, key: m.key.slice(`booking:${id}:`.length) }));
}

async function enter(changes: Record<string, unknown>): Promise<string> {
  const created = await owner.post('/api/admin/stays', stayBody(changes));
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ code: string }>().code;
}

describe('SIBA for a Booking.com stay entered by the owner', () => {
  it('is listed at once as nationality unknown, mails the check-in link with the direct guests, and sends the German guest bulletin', async () => {
    site.clock.set(Date.UTC(2027, 0, 10, 10));
    // Monday 5 April 2027 to Thursday 8 April, one adult.
    const code = await enter({
      channel: 'booking',
      checkIn: '2027-04-05',
      checkOut: '2027-04-08',
      adults: 1,
      children: [],
      email: 'jurgen@example.com',
      platformReference: '4521987310',
    });
    expect(await lineOf(code)).toMatchObject({
      guestsDue: 1,
      guestsComplete: 0,
      nationalityUnknown: true,
      arrival: { dueBy: '2027-04-08', state: 'not_due' },
    });
    // The arrival mail, with the guest link, goes on the day it goes to a direct guest.
    site.clock.set(Date.UTC(2027, 3, 2, 10));
    await site.app.bookingJobs.runOnce();
    const arrival = (await mailKeys(code)).find((m) => m.key === 'arrival');
    expect(arrival).toMatchObject({ toAddress: 'jurgen@example.com' });

    // The owner can also copy a link to paste into the platform's messages.
    const link = await owner.post(`/api/admin/stays/${code}/guest-link`);
    expect(link.statusCode).toBe(201);
    const url = link.json<{ url: string }>().url;
    const saved = await site.app.inject({ method: 'PUT', url: apiPathOf(url, '/guests/1'), ...json(GERMAN_GUEST) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await lineOf(code)).toMatchObject({ guestsComplete: 1, nationalityUnknown: false });

    site.clock.set(Date.UTC(2027, 3, 5, 16));
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ sent: 1 });
    expect(fake.accepted.filter((f) => f.xml.includes('Müller-Lüdenscheidt'))).toHaveLength(1);
    expect(await lineOf(code)).toMatchObject({ arrival: { state: 'sent' } });
  });
});

describe('a phone stay whose guests never check in', () => {
  it("awaits its guests' data with no alarm while their nationality is unknown; typed at the door as German, it is overdue and its bulletin is sent", async () => {
    site.clock.set(Date.UTC(2027, 0, 10, 10));
    // Monday 10 May 2027 to Friday 14 May, two adults, no e-mail.
    const code = await enter({
      channel: 'phone',
      checkIn: '2027-05-10',
      checkOut: '2027-05-14',
      adults: 2,
      children: [],
      email: '',
      platformReference: '',
      touristTaxCollectedBy: 'owner',
    });
    expect(await lineOf(code)).toMatchObject({ guestsDue: 2, guestsComplete: 0, nationalityUnknown: true });
    // No e-mail: no guest mail, ever.
    site.clock.set(Date.UTC(2027, 4, 9, 10));
    await site.app.bookingJobs.runOnce();
    expect((await mailKeys(code)).filter((m) => !m.key.startsWith('owner:'))).toEqual([]);

    // From the arrival day, and past its deadline (Thursday 13 May), nobody is known to be foreign:
    // no bulletin is known to be needed, so none is due, none is overdue, and nobody is alarmed.
    for (const at of [Date.UTC(2027, 4, 10, 10), Date.UTC(2027, 4, 12, 9), Date.UTC(2027, 4, 14, 9)]) {
      site.clock.set(at);
      await site.app.sibaJobs.runOnce();
      expect(await lineOf(code)).toMatchObject({
        nationalityUnknown: true,
        arrival: { dueBy: '2027-05-13', state: 'awaiting_guests' },
      });
    }
    expect((await mailKeys(code)).filter((m) => m.key.includes('siba'))).toEqual([]);
    const actions = await owner.get('/api/admin/needs-action');
    expect(actions.statusCode, actions.body).toBe(200);
    // (Its payment to the owner, not invoiced by hand for days, waits under `documents`.)
    const { documents, ...others } = actions.json<Record<string, unknown>>();
    expect(JSON.stringify(others)).not.toContain(code);
    expect(JSON.stringify(documents)).toContain(code);

    // At the door, the owner types both guests: German, so the bulletin is needed, and late.
    for (const [index, guest] of [
      [1, GERMAN_GUEST],
      [2, { ...GERMAN_GUEST, givenNames: 'Gisela', documentNumber: 'C01X00T48', birthDate: '1982-02-03' }],
    ] as const) {
      const typed = await site.app.inject({
        method: 'PUT',
        url: `/api/admin/registrations/${code}/guests/${index}`,
        headers: owner.headers,
        ...json(guest),
      });
      expect(typed.statusCode, typed.body).toBe(200);
      expect(typed.json()).toMatchObject({ complete: true });
    }
    expect(await lineOf(code)).toMatchObject({ nationalityUnknown: false, arrival: { state: 'overdue' } });
    site.clock.set(Date.UTC(2027, 4, 14, 9, 30));
    const before = fake.accepted.length;
    // The departure's day is today too: both bulletins go.
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ sent: 2 });
    expect(fake.accepted.length).toBe(before + 2);
    expect(fake.accepted.at(-1)?.xml).toContain('Gisela');
    expect(await lineOf(code)).toMatchObject({
      guestsComplete: 2,
      nationalityUnknown: false,
      arrival: { state: 'sent' },
      departure: { state: 'sent' },
    });
  });
});

describe('a Portuguese party', () => {
  it("awaits its guests' data until all have checked in, then leaves the list: no bulletin, no alarm, nothing sent", async () => {
    site.clock.set(Date.UTC(2027, 0, 10, 10));
    // Monday 7 June 2027 to Friday 11 June (10 June a national holiday), two adults.
    const code = await enter({
      channel: 'phone',
      checkIn: '2027-06-07',
      checkOut: '2027-06-11',
      adults: 2,
      children: [],
      email: '',
      platformReference: '',
      touristTaxCollectedBy: 'owner',
    });
    const typeGuest = (index: number, guest: Record<string, unknown>) =>
      site.app.inject({
        method: 'PUT',
        url: `/api/admin/registrations/${code}/guests/${index}`,
        headers: owner.headers,
        ...json(guest),
      });
    expect((await typeGuest(1, PORTUGUESE_GUEST)).statusCode).toBe(200);
    const sentBefore = fake.accepted.length;
    // Past the arrival's deadline, one Portuguese guest and one unknown: awaiting, never overdue.
    site.clock.set(Date.UTC(2027, 5, 14, 9));
    await site.app.sibaJobs.runOnce();
    expect(await lineOf(code)).toMatchObject({
      guestsComplete: 1,
      nationalityUnknown: true,
      arrival: { state: 'awaiting_guests' },
    });
    expect((await typeGuest(2, { ...PORTUGUESE_GUEST, givenNames: 'Rui' })).statusCode).toBe(200);
    // All Portuguese: no bulletin is needed, so the booking leaves the list and the job sends nothing.
    site.clock.set(Date.UTC(2027, 5, 16, 9));
    await site.app.sibaJobs.runOnce();
    expect(await lineOf(code)).toBeUndefined();
    expect(fake.accepted.length).toBe(sentBefore);
    expect((await mailKeys(code)).filter((m) => m.key.includes('siba'))).toEqual([]);
    const send = await owner.post(`/api/admin/registrations/${code}/send`, { movement: 'arrival' });
    expect(send.statusCode).toBe(409);
    expect(fake.accepted.length).toBe(sentBefore);
  });
});
