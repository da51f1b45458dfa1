import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';

// Payments settle money and bookings decide what follows for the stay. Payments sits below
// bookings, so it never imports it: the bookings feature registers these callbacks on the booking
// context at start, and payments calls them inside its own transaction, so a payment counted and
// its booking moved still commit together, once (docs/decisions/0067-dependencies-run-one-way.md).

/** What a booking does when one of its payments settles or ends; each runs in the caller's transaction. */
export interface PaymentOutcomeHandlers {
  /**
   * A payment of `cents` was counted (the booking's paidCents already includes it). Resolves to
   * false when the booking could not take money any more: the caller then gives it back.
   */
  paid(trx: Db, bookingId: string, paymentId: string, cents: number): Promise<boolean>;
  /** The payment of a booking awaiting it ended without money and its hold is over. */
  expired(trx: Db, booking: BookingRow, note: string): Promise<boolean>;
}

export interface PaymentOutcomes extends PaymentOutcomeHandlers {
  register(handlers: PaymentOutcomeHandlers): void;
}

/** An empty registry: calling it before the bookings feature registered its handlers throws, so the transaction rolls back. */
export function paymentOutcomes(): PaymentOutcomes {
  let handlers: PaymentOutcomeHandlers | undefined;
  const registered = (): PaymentOutcomeHandlers => {
    if (!handlers) throw new Error('No payment outcomes registered: the bookings feature registers them at start');
    return handlers;
  };
  return {
    register(next) {
      if (handlers) throw new Error('Payment outcomes are registered once');
      handlers = next;
    },
    paid: (trx, bookingId, paymentId, cents) => registered().paid(trx, bookingId, paymentId, cents),
    expired: (trx, booking, note) => registered().expired(trx, booking, note),
  };
}
