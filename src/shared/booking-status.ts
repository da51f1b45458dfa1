// A booking's life as data: the statuses and every allowed move between them, with who may make
// it (docs/decisions/0019-direct-booking.md). The server refuses any other move, and every move
// is recorded with its actor and time.

export const BOOKING_STATUSES = [
  'requested',
  'awaiting_payment',
  'confirmed',
  'balance_due',
  'paid',
  'completed',
  'declined',
  'expired',
  'cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who makes a move: the guest, the owner in /admin, the payment provider, or a timed job. */
export const BOOKING_ACTORS = ['guest', 'owner', 'payment', 'job'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

interface Transition {
  from: BookingStatus;
  to: BookingStatus;
  by: readonly BookingActor[];
}

export const BOOKING_TRANSITIONS: readonly Transition[] = [
  { from: 'requested', to: 'awaiting_payment', by: ['owner'] },
  { from: 'requested', to: 'declined', by: ['owner'] },
  { from: 'requested', to: 'expired', by: ['job'] },
  { from: 'requested', to: 'cancelled', by: ['guest', 'owner'] },
  // The deposit confirms; a stay that starts within the balance window is paid in full at once.
  { from: 'awaiting_payment', to: 'confirmed', by: ['payment', 'owner'] },
  { from: 'awaiting_payment', to: 'paid', by: ['payment', 'owner'] },
  { from: 'awaiting_payment', to: 'expired', by: ['job', 'payment'] },
  { from: 'awaiting_payment', to: 'cancelled', by: ['guest', 'owner'] },
  { from: 'confirmed', to: 'balance_due', by: ['job'] },
  { from: 'confirmed', to: 'paid', by: ['payment', 'owner'] },
  { from: 'confirmed', to: 'cancelled', by: ['guest', 'owner'] },
  { from: 'balance_due', to: 'paid', by: ['payment', 'owner'] },
  { from: 'balance_due', to: 'cancelled', by: ['guest', 'owner'] },
  // A party made larger after the stay was paid owes the difference: the guest pays it by link
  // (docs/decisions/0069-changing-a-bookings-party.md). The table's only way back.
  { from: 'paid', to: 'balance_due', by: ['owner'] },
  { from: 'paid', to: 'completed', by: ['job'] },
  { from: 'paid', to: 'cancelled', by: ['guest', 'owner'] },
];

/**
 * Where a booking starts: a request waits for the owner; an instant booking waits for its payment;
 * a stay the owner enters from another channel was paid there, or, a phone guest's, has its deposit
 * paid to the owner and its balance due (docs/stays.md).
 */
export const INITIAL_STATUSES: readonly BookingStatus[] = ['requested', 'awaiting_payment', 'confirmed', 'paid'];

export function canTransition(from: BookingStatus, to: BookingStatus, by: BookingActor): boolean {
  return BOOKING_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by.includes(by));
}

/** The statuses nothing leaves. */
export const FINAL_STATUSES: readonly BookingStatus[] = BOOKING_STATUSES.filter(
  (s) => !BOOKING_TRANSITIONS.some((t) => t.from === s),
);

/** The statuses whose nights are taken: a request is not yet held, the rest until it ends. */
export const HOLDING_STATUSES: readonly BookingStatus[] = [
  'awaiting_payment',
  'confirmed',
  'balance_due',
  'paid',
  'completed',
];

/** The statuses a guest or the owner may still cancel from. */
export const CANCELLABLE_STATUSES: readonly BookingStatus[] = BOOKING_TRANSITIONS.filter(
  (t) => t.to === 'cancelled',
).map((t) => t.from);
