import type { Migration } from 'kysely';
import * as m0001 from './0001-reviews.js';
import * as m0002 from './0002-admin.js';
import * as m0003 from './0003-inquiries.js';
import * as m0004 from './0004-rate-limits.js';
import * as m0005 from './0005-job-leases.js';
import * as m0006 from './0006-inquiry-locale.js';
import * as m0007 from './0007-calendar.js';
import * as m0008 from './0008-inquiry-quote.js';
import * as m0009 from './0009-guest-data-audit.js';
import * as m0010 from './0010-guest-data-blocks.js';
import * as m0011 from './0011-admin-page-order.js';
import * as m0012 from './0012-bookings.js';
import * as m0013 from './0013-review-replies-and-invitations.js';
import * as m0014 from './0014-mail-calendar.js';
import * as m0015 from './0015-content.js';
import * as m0016 from './0016-photos.js';
import * as m0017 from './0017-booking-date-changes.js';
import * as m0018 from './0018-guest-registrations.js';
import * as m0019 from './0019-payment-disputes.js';
import * as m0020 from './0020-booking-terms.js';
import * as m0021 from './0021-booking-link-revocation.js';
import * as m0022 from './0022-second-factor.js';
import * as m0023 from './0023-stay-channels.js';
import * as m0024 from './0024-tourist-tax-exemptions.js';
import * as m0025 from './0025-feed-event-details.js';
import * as m0026 from './0026-invoice-documents.js';
import * as m0027 from './0027-feed-kept-stays.js';
import * as m0028 from './0028-invoice-corrections.js';
import * as m0029 from './0029-inquiry-handled.js';
import * as m0030 from './0030-checkout-claim.js';
import * as m0031 from './0031-mail-depends-on.js';
import * as m0033 from './0033-offer-terms-and-party.js';
import * as m0034 from './0034-stay-tourist-tax-rule.js';
import * as m0034a from './0034-feed-not-a-stay.js';
import * as m0035 from './0035-refund-accounts.js';
import * as m0037 from './0037-refund-make-up.js';
import * as m0039 from './0039-dispute-closed-at.js';
import * as m0040 from './0040-second-factor-pause.js';
import * as m0041 from './0041-booking-bank-account.js';
import * as m0045 from './0045-booking-party-changes.js';
import * as m0046 from './0046-houses.js';

// Listed by hand rather than read from the folder, so the compiled server needs no file scan.
export const migrations: Record<string, Migration> = {
  '0001-reviews': m0001,
  '0002-admin': m0002,
  '0003-inquiries': m0003,
  '0004-rate-limits': m0004,
  '0005-job-leases': m0005,
  '0006-inquiry-locale': m0006,
  '0007-calendar': m0007,
  '0008-inquiry-quote': m0008,
  '0009-guest-data-audit': m0009,
  '0010-guest-data-blocks': m0010,
  '0011-admin-page-order': m0011,
  '0012-bookings': m0012,
  '0013-review-replies-and-invitations': m0013,
  '0014-mail-calendar': m0014,
  '0015-content': m0015,
  '0016-photos': m0016,
  '0017-booking-date-changes': m0017,
  '0018-guest-registrations': m0018,
  '0019-payment-disputes': m0019,
  '0020-booking-terms': m0020,
  '0021-booking-link-revocation': m0021,
  '0022-second-factor': m0022,
  '0023-stay-channels': m0023,
  '0024-tourist-tax-exemptions': m0024,
  '0025-feed-event-details': m0025,
  '0026-invoice-documents': m0026,
  '0027-feed-kept-stays': m0027,
  '0028-invoice-corrections': m0028,
  '0029-inquiry-handled': m0029,
  '0030-checkout-claim': m0030,
  '0031-mail-depends-on': m0031,
  '0033-offer-terms-and-party': m0033,
  '0034-feed-not-a-stay': m0034a,
  '0034-stay-tourist-tax-rule': m0034,
  '0035-refund-accounts': m0035,
  '0037-refund-make-up': m0037,
  '0039-dispute-closed-at': m0039,
  '0040-second-factor-pause': m0040,
  '0041-booking-bank-account': m0041,
  '0045-booking-party-changes': m0045,
  '0046-houses': m0046,
};
