import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_ACTORS,
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  type BookingStatus,
  CANCELLABLE_STATUSES,
  canTransition,
  FINAL_STATUSES,
  HOLDING_STATUSES,
  INITIAL_STATUSES,
} from './booking-status.js';

// Every allowed move, by whom; anything not listed here must be refused.
const ALLOWED: Record<string, string> = {
  'requested>awaiting_payment': 'owner',
  'requested>declined': 'owner',
  'requested>expired': 'job',
  'requested>cancelled': 'guest,owner',
  'awaiting_payment>confirmed': 'payment,owner',
  'awaiting_payment>paid': 'payment,owner',
  'awaiting_payment>expired': 'job,payment',
  'awaiting_payment>cancelled': 'guest,owner',
  'confirmed>balance_due': 'job',
  'confirmed>paid': 'payment,owner',
  'confirmed>cancelled': 'guest,owner',
  'balance_due>paid': 'payment,owner',
  'balance_due>cancelled': 'guest,owner',
  'paid>balance_due': 'owner',
  'paid>completed': 'job',
  'paid>cancelled': 'guest,owner',
};

describe('the booking state machine', () => {
  it('allows exactly the listed moves, each only by its actors', () => {
    for (const from of BOOKING_STATUSES) {
      for (const to of BOOKING_STATUSES) {
        for (const by of BOOKING_ACTORS) {
          const expected = (ALLOWED[`${from}>${to}`] ?? '').split(',').includes(by);
          expect(canTransition(from, to, by), `${from} → ${to} by ${by}`).toBe(expected);
        }
      }
    }
  });

  it('ends in completed, declined, expired or cancelled, and nothing leaves them', () => {
    expect([...FINAL_STATUSES].sort()).toEqual(['cancelled', 'completed', 'declined', 'expired']);
    for (const from of FINAL_STATUSES)
      for (const to of BOOKING_STATUSES)
        for (const by of BOOKING_ACTORS) expect(canTransition(from, to, by)).toBe(false);
  });

  it('lets the guest cancel until the stay is over, never after', () => {
    expect([...CANCELLABLE_STATUSES].sort()).toEqual([
      'awaiting_payment',
      'balance_due',
      'confirmed',
      'paid',
      'requested',
    ]);
    expect(HOLDING_STATUSES).not.toContain('requested');
  });

  it('goes back only from paid to balance_due, by the owner changing the party (decision 0069)', () => {
    const order = (s: BookingStatus) => BOOKING_STATUSES.indexOf(s);
    const back = BOOKING_TRANSITIONS.filter((t) => order(t.to) <= order(t.from));
    expect(back).toEqual([{ from: 'paid', to: 'balance_due', by: ['owner'] }]);
  });

  it('reaches a final status from every start on any walk without that move back, and never repeats a status', () => {
    const forward = BOOKING_TRANSITIONS.filter((t) => !(t.from === 'paid' && t.to === 'balance_due'));
    fc.assert(
      fc.property(fc.constantFrom(...INITIAL_STATUSES), fc.array(fc.nat(), { maxLength: 12 }), (start, choices) => {
        let status: BookingStatus = start;
        const seen = new Set<BookingStatus>([status]);
        for (const choice of choices) {
          const next = forward.filter((t) => t.from === status);
          if (next.length === 0) break;
          status = next[choice % next.length]!.to;
          expect(seen.has(status)).toBe(false);
          seen.add(status);
        }
        return seen.size <= BOOKING_STATUSES.length;
      }),
    );
  });
});
