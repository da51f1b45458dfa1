import type { PropertyContent } from '../../shared/content.js';
import type { Config } from '../config.js';

// When online check-in needs DATA_ENCRYPTION_KEY, and the words that say so: read by the content's
// publish (which refuses to turn bookings on without the key) and by registrations/ (data-key.ts),
// which sits above content (src/server/features.ts).

/** Why online check-in is closed on a site that takes bookings: logged at start and at each refusal. */
export const DATA_KEY_MISSING =
  "DATA_ENCRYPTION_KEY is not set: online check-in stays closed, since the guests' documents are stored encrypted with it";

/**
 * Online check-in is on when the site takes bookings (the content's booking.mode is not
 * `inquiry`), when it sends bulletins (SIBA_UNIT_CODE), or when guests' registrations are stored
 * (docs/decisions/0027-guest-registrations-and-siba.md).
 */
export function checkInOn(config: Config, property: PropertyContent): boolean {
  return Boolean((property.booking && property.booking.mode !== 'inquiry') || config.siba.credentials);
}

/** What the owner reads in the log, the doctor and the publish's refusal: how to make the key. */
export const DATA_KEY_HOW =
  "Make one with: openssl rand -base64 32, set it as DATA_ENCRYPTION_KEY in the server's environment, keep a copy apart from the backups, and restart";
