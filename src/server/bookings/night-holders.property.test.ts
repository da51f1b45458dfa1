import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/date-ranges.js';
import { HOLDING_STATUSES, type BookingStatus } from '../../shared/booking-status.js';
import { apiPathOf, book, createBookingSite } from '../../../tests/support/server/booking-site.js';
import { json, login } from '../../../tests/support/server/test-app.js';
import { today } from '../stay-record/context.js';
import { findNightProblems } from './night-holders.js';

// Random sequences of the guests' and the owner's actions on a handful of bookings, with time
// passing between them: after every step, the live bookings and the held nights must agree
// (docs/decisions/0033-a-bookings-nights-are-its-own.md). The oracle reads the bookings' table and
// the owner's calendar itself, not the site's own check, which must agree with it too.

const HOUR = 3_600_000;
/** Each run books in a window of its own, from February to June (outside the summer's Saturday arrivals). */
const WINDOWS = 7;
const windowStart = (run: number) => addDays('2027-02-01', (run % WINDOWS) * 20);

let site: Awaited<ReturnType<typeof createBookingSite>>;
let cookie: string;
let runs = 0;
beforeAll(async () => {
  site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '100000' } });
  cookie = await login(site.app);
});
afterAll(async () => site.close());

const range = fc.record({ offset: fc.integer({ min: 0, max: 14 }), nights: fc.integer({ min: 2, max: 4 }) });
const which = fc.nat({ max: 5 });
const action = fc.oneof(
  range.map((r) => ({ kind: 'book' as const, ...r })),
  range.map((r) => ({ kind: 'book' as const, ...r })),
  fc.record({ kind: fc.constant('markPaid' as const), i: which, full: fc.boolean() }),
  fc.record({ kind: fc.constant('ownerCancel' as const), i: which }),
  fc.record({ kind: fc.constant('guestCancel' as const), i: which }),
  fc.record({ kind: fc.constant('removeBlock' as const), i: which }),
  range.map((r) => ({ kind: 'addBlock' as const, ...r })),
  fc.record({
    kind: fc.constant('changeDates' as const),
    i: which,
    offset: range.map((r) => r.offset),
    nights: range.map((r) => r.nights),
  }),
  fc.record({ kind: fc.constant('timePasses' as const), hours: fc.integer({ min: 1, max: 90 }) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

interface Block {
  id: string;
  kind: 'block' | 'booking';
  start: string;
  end: string;
  booking: { code: string; status: BookingStatus } | null;
}

async function run(actions: readonly Action[]) {
  const FIRST_NIGHT = windowStart(runs++);
  // Time starts again at each run: earlier runs' bookings, in their own windows, stay as they were.
  site.clock.set(Date.UTC(2027, 0, 10, 10));
  {
    const owner = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      site.app.inject({
        method,
        url,
        headers: { cookie, origin: 'http://estadia.test' },
        ...(payload ? json(payload) : {}),
      });
    const made: Array<{ code: string; url: string; dueNowCents: number; totalCents: number }> = [];
    const pick = (i: number) => made[i % Math.max(1, made.length)];

    for (const step of actions) {
      if (step.kind === 'book') {
        const created = await book(site.app, {
          paymentMethod: 'bank_transfer',
          checkIn: addDays(FIRST_NIGHT, step.offset),
          checkOut: addDays(FIRST_NIGHT, step.offset + step.nights),
          email: `guest${made.length}@example.com`,
        });
        expect([201, 409]).toContain(created.status);
        if (created.status === 201)
          made.push({
            code: created.body.code,
            url: created.body.bookingUrl,
            dueNowCents: created.body.dueNowCents as number,
            totalCents: created.body.totalCents as number,
          });
      } else if (step.kind === 'markPaid' && pick(step.i)) {
        const b = pick(step.i)!;
        await owner('POST', `/api/admin/bookings/${b.code}/mark-paid`, {
          amountCents: step.full ? b.totalCents : b.dueNowCents,
        });
      } else if (step.kind === 'ownerCancel' && pick(step.i)) {
        await owner('POST', `/api/admin/bookings/${pick(step.i)!.code}/cancel`, { refundCents: 0 });
      } else if (step.kind === 'guestCancel' && pick(step.i)) {
        await site.app.inject({ method: 'POST', url: apiPathOf(pick(step.i)!.url, '/cancel') });
      } else if (step.kind === 'removeBlock') {
        const blocks = (await owner('GET', '/api/admin/blocks?limit=100')).json().items as Block[];
        const block = blocks[step.i % Math.max(1, blocks.length)];
        if (block) {
          const removed = await owner('DELETE', `/api/admin/blocks/${block.id}`);
          // The owner's own block goes; a booking's nights are refused, whatever its status.
          expect(removed.statusCode).toBe(block.booking ? 409 : 204);
        }
      } else if (step.kind === 'addBlock') {
        const added = await owner('POST', '/api/admin/blocks', {
          start: addDays(FIRST_NIGHT, step.offset),
          end: addDays(FIRST_NIGHT, step.offset + step.nights),
        });
        // Refused only where a booking holds a night.
        expect([201, 409]).toContain(added.statusCode);
        if (added.statusCode === 409) expect(added.json().error.code).toBe('dates_unavailable');
      } else if (step.kind === 'changeDates' && pick(step.i)) {
        await owner('POST', `/api/admin/bookings/${pick(step.i)!.code}/dates`, {
          checkIn: addDays(FIRST_NIGHT, step.offset),
          checkOut: addDays(FIRST_NIGHT, step.offset + step.nights),
        });
      } else if (step.kind === 'timePasses') {
        site.clock.advance(step.hours * HOUR);
        await site.app.bookingJobs.runOnce();
      }
      await expectNightsAgree(site.app, owner);
    }
  }
}

type App = Awaited<ReturnType<typeof createBookingSite>>['app'];

async function expectNightsAgree(app: App, owner: (m: 'GET', url: string) => Promise<{ json(): unknown }>) {
  const bookings = await app.db.selectFrom('bookings').select(['code', 'status', 'checkIn', 'checkOut']).execute();
  const blocks = ((await owner('GET', '/api/admin/blocks?limit=100')).json() as { items: Block[] }).items;
  for (const booking of bookings) {
    const holds = blocks.filter((b) => b.booking?.code === booking.code);
    if (HOLDING_STATUSES.includes(booking.status)) {
      expect(holds, `${booking.code} ${booking.status}`).toEqual([
        expect.objectContaining({ start: booking.checkIn, end: booking.checkOut }),
      ]);
    } else expect(holds, `${booking.code} ${booking.status}`).toEqual([]);
  }
  // Two of the owner's own blocks may overlap; nothing may overlap a booking's nights.
  for (const [i, a] of blocks.entries())
    for (const b of blocks.slice(i + 1))
      if (a.kind === 'booking' || b.kind === 'booking')
        expect(a.start >= b.end || b.start >= a.end, `two holders: ${JSON.stringify([a, b])}`).toBe(true);
  expect(await findNightProblems(app.db, today(app.bookings))).toEqual([]);
}

describe("a booking's nights under random owner and guest actions", () => {
  it('live bookings and held nights agree after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 14 }), (actions) => run(actions)),
      { numRuns: 10 },
    );
  }, 240_000);
});
