import { createHash, randomBytes, randomInt } from 'node:crypto';
import { BOOKING_CODE_ALPHABET } from '../../shared/bookings.js';

/** A public booking code such as K7M2-Q9: 31⁶ ≈ 887 million, short enough to read out on the phone. */
export function newBookingCode(): string {
  const pick = () => BOOKING_CODE_ALPHABET[randomInt(BOOKING_CODE_ALPHABET.length)];
  return `${pick()}${pick()}${pick()}${pick()}-${pick()}${pick()}`;
}

/** The guest link's secret: 256 bits, shown once and mailed, stored only as its hash. */
export function newBookingToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
