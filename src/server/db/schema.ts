import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { BookingActor, BookingStatus } from '../../shared/booking-status.js';
import type { PaymentMethod } from '../../shared/booking-policy.js';
import type { Channel, TouristTaxCollector } from '../../shared/channels.js';
import type { DocumentType, Movement, SibaBulletinStatus } from '../../shared/guest-registrations.js';
import type { InvoiceDocumentKind, InvoiceDocumentStatus } from '../../shared/invoicing.js';
import type { OwnerAction } from '../../shared/owner-audit.js';
import type { HouseStatus } from '../../shared/houses.js';
import type { OutsidePaymentMethod } from '../../shared/stays.js';

// The TypeScript side of the tables. Columns are snake_case in the database (the migrations) and
// camelCase here: Kysely's CamelCasePlugin (db/database.ts) maps between them, so a data module's
// rows already have the API's field names.
// Timestamps are ISO-8601 UTC strings of fixed width (toISOString): they sort as text the same
// way on SQLite and PostgreSQL, so the keyset pagination needs no dialect-specific code.
// Booleans are 0/1 integers for the same reason (better-sqlite3 cannot bind booleans).

export interface ReviewsTable {
  id: string;
  clientName: string;
  rating: number;
  comment: string;
  isApproved: number;
  createdAt: string;
  /** 1 when sent through a booking's review invitation. */
  verified: Generated<number>;
  /** The stay's month, `YYYY-MM`, of a verified review. */
  stayMonth: ColumnType<string | null, string | null | undefined, string | null>;
  /** The owner's public reply, and when it was written. */
  replyText: ColumnType<string | null, string | null | undefined, string | null>;
  replyAt: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AdminSessionsTable {
  /** SHA-256 of the cookie's token: a copy of the database grants no session. */
  tokenHash: string;
  createdAt: string;
  lastSeenAt: string;
  /** When the session last proved the password or the second factor (the login counts). */
  provedAt: string | null;
  /** The passkey challenge this session was last given, to register or to re-authenticate. */
  challenge: string | null;
  /** When the session last proved the second factor itself (its login, or a re-authentication by it). */
  factorProvedAt: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AdminSecondFactorsTable {
  id: string;
  kind: 'totp' | 'webauthn';
  name: string;
  createdAt: string;
  /** A TOTP secret counts once a code from it was typed back; a passkey at once. */
  confirmedAt: string | null;
  /** `sealed:` AES-256-GCM under DATA_ENCRYPTION_KEY, or `plain:` when no key is set. */
  totpSecret: string | null;
  /** The last accepted time step: a code is accepted once. */
  totpLastStep: number | null;
  credentialId: string | null;
  /** The passkey's COSE public key, base64url. */
  publicKey: string | null;
  counter: number | null;
  transports: string | null;
}

export interface AdminRecoveryCodesTable {
  /** SHA-256 of the code: 80 random bits each, so the hash cannot be searched back. */
  codeHash: string;
  createdAt: string;
  usedAt: string | null;
}

export interface AdminPendingLoginsTable {
  /** SHA-256 of the pending cookie's token: the password was right, the second factor is due. */
  tokenHash: string;
  createdAt: string;
  attempts: Generated<number>;
  challenge: string | null;
}

export interface LoginFailuresTable {
  ip: string;
  failures: number;
  windowStartedAt: string;
}

/** One check of a second factor, counted across the site before it is made; kept when it failed. */
export interface SecondFactorAttemptsTable {
  id: string;
  at: string;
  /** 1 once the check failed; 0 while it is being made (a right answer deletes its row). */
  failed: Generated<number>;
}

/** The site's one pause of the second step (`id` = `site`), started once per pause. */
export interface SecondFactorPauseTable {
  id: string;
  startedAt: string;
  endsAt: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface InquiriesTable {
  id: string;
  name: string;
  email: string;
  guests: number | null;
  message: string;
  checkIn: string | null;
  checkOut: string | null;
  /** The locale of the page the guest wrote from, such as `pt-PT` (`en` when a row says nothing). */
  locale: ColumnType<string, string | undefined, string>;
  createdAt: string;
  /** One Message-ID for the inquiry's whole life, so a retry is the same mail, not a new one. */
  messageId: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  /** While set and in the future, one delivery owns the row; a crashed sender's lease runs out. */
  leaseUntil: string | null;
  sentAt: string | null;
  /** The quote (shared/quote.ts) as JSON, computed when the inquiry arrived; null without prices, dates or guests. */
  quote: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the owner marked it handled, and who (`owner`); null while it waits for an answer. */
  handledAt: ColumnType<string | null, string | null | undefined, string | null>;
  handledBy: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who stays, when the guest said: adults and the children's ages as a JSON array; `guests` counts both. */
  adults: ColumnType<number | null, number | null | undefined, number | null>;
  childrenAges: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RateLimitsTable {
  /** Route and client address. */
  key: string;
  hits: number;
  windowStartedAt: string;
}

export interface JobLeasesTable {
  /** The job's name, such as `sweep`. */
  name: string;
  /** Which server process holds the lease. */
  holder: string;
  leaseUntil: string;
}

export interface CalendarBlocksTable {
  id: string;
  startDate: string;
  /** Exclusive: the check-out day. */
  endDate: string;
  note: string | null;
  kind: 'block' | 'booking';
  inquiryId: string | null;
  /** The booking whose hold or stay these nights are (one block per booking). */
  bookingId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
}

export interface CalendarFeedsTable {
  id: string;
  name: string;
  url: string;
  /** The secret part of this feed's export URL. */
  exportToken: string;
  etag: string | null;
  lastModified: string | null;
  lastSyncAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  failingSince: string | null;
  alertState: ColumnType<'none' | 'failing', 'none' | 'failing' | undefined, 'none' | 'failing'>;
  emptySeen: ColumnType<number, number | undefined, number>;
  eventCount: ColumnType<number, number | undefined, number>;
  skippedCount: ColumnType<number, number | undefined, number>;
  /** The platform the feed belongs to, read from the feed at each sync (calendar/feed-platform.ts). */
  platform: ColumnType<Channel, Channel | undefined, Channel>;
  createdAt: string;
}

export interface FeedEventsTable {
  id: string;
  feedId: string;
  startDate: string;
  endDate: string;
  kind: 'booked' | 'blocked';
  /** The event's UID as the feed wrote it; a stay that completes the event names it. */
  uid: ColumnType<string | null, string | null | undefined, string | null>;
  summary: ColumnType<string | null, string | null | undefined, string | null>;
  /** The platform's reservation code, where the feed carries it (Airbnb's DESCRIPTION). */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last four digits of the guest's phone, where the feed carries them (Airbnb). */
  phoneDigits: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A feed's event the owner marked "not a stay", once per UID (calendar/feed-dismissals-data.ts). */
export interface FeedEventDismissalsTable {
  uid: string;
  feedName: string;
  startDate: string;
  endDate: string;
  note: string;
  dismissedBy: string;
  dismissedAt: string;
}

export interface GuestDataAuditTable {
  id: string;
  at: string;
  action: OwnerAction;
  /** The client's pseudonym of the day (lib/address-pseudonym.ts), never its address. */
  client: string | null;
  /** What the action touched, never whom: a booking code and amount, a movement, a method. */
  detail: string | null;
  inquiries: number;
  reviews: number;
  /** Calendar blocks whose note was cleared. */
  blocks: Generated<number>;
}

export interface BookingsTable {
  id: string;
  code: string;
  status: BookingStatus;
  checkIn: string;
  checkOut: string;
  guests: number;
  name: string;
  email: string;
  phone: string | null;
  country: string;
  locale: string;
  message: string;
  /** The guest's way of paying, or how an entered stay was paid outside the site (shared/stays.ts). */
  paymentMethod: PaymentMethod | OutsidePaymentMethod;
  /** The quote as JSON, computed on the server at booking time. */
  quote: string;
  totalCents: number;
  dueNowCents: number;
  paidCents: Generated<number>;
  refundedCents: Generated<number>;
  balanceDueOn: string | null;
  /** Until when the nights are held for a payment, or a request waits for the owner. */
  holdUntil: string | null;
  bankReference: string | null;
  /** Until when a Stripe Checkout page is being made or open for it (bookings/open-payment.ts). */
  checkoutUntil: ColumnType<string | null, string | null | undefined, string | null>;
  /** The card saved at the deposit, for the balance (Stripe customer and payment method). */
  stripeCustomer: string | null;
  stripePaymentMethod: string | null;
  overdueAt: string | null;
  /** How many times the owner changed the dates: part of the planned mails' keys. */
  datesVersion: Generated<number>;
  /** How many times the owner changed the party: the key of each change's refund and mail. */
  partyVersion: Generated<number>;
  /**
   * The terms the guest accepted, as JSON (stay-record/terms.ts): the refunds and the balance follow
   * them, never the content as it is later. Null only until the start fills a booking made before.
   */
  terms: string | null;
  /** Where the stay was booked (shared/channels.ts); `direct` for the site's own bookings. */
  channel: Generated<Channel>;
  platformReference: string | null;
  /** The UID of the calendar-feed event this stay completes: unique, so a sync recognises it. */
  feedEventUid: string | null;
  /** When the owner kept this stay although its feed no longer lists its event (feed-missing.ts). */
  feedKeptAt: ColumnType<string | null, string | null | undefined, string | null>;
  commissionCents: number | null;
  /** The children's ages as a JSON array of integers; `guests` counts them too. */
  childrenAges: Generated<string>;
  touristTaxCollectedBy: Generated<TouristTaxCollector>;
  /** The tourist tax's exemptions the owner ticked, as JSON `[{guest, code}]` (shared/tourist-tax.ts). */
  touristTaxExemptions: Generated<string>;
  /**
   * The tourist tax's rule in force when the stay was booked or entered, as JSON (`null` for none;
   * stay-record/tax-rule.ts): its tax never follows a later rule. SQL null only until the start fills
   * a booking made before rules were kept.
   */
  touristTaxRule: ColumnType<string | null, string | null | undefined, string | null>;
  /** The guest's tax number for the invoice (shared/nif.ts), and the country that issued it. */
  nif: ColumnType<string | null, string | null | undefined, string | null>;
  nifCountry: ColumnType<string | null, string | null | undefined, string | null>;
  /** The inquiry this booking is the offer for (unique: one offer per inquiry). */
  inquiryId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The owner's own words to the guest with an offer, shown on the booking page and in the offer mail. */
  ownerMessage: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
  updatedAt: string;
}

export interface ReviewInvitationsTable {
  /** SHA-256 of the invitation link's token. */
  tokenHash: string;
  bookingId: string;
  firstName: string;
  stayMonth: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface BookingLinksTable {
  /** SHA-256 of a guest link's token. */
  tokenHash: string;
  bookingId: string;
  createdAt: string;
  /** When the owner revoked it: it answers 410 from then on. */
  revokedAt: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BookingEventsTable {
  id: string;
  bookingId: string;
  seq: number;
  fromStatus: BookingStatus | null;
  toStatus: BookingStatus;
  actor: BookingActor;
  at: string;
  note: string | null;
}

export interface PaymentsTable {
  id: string;
  bookingId: string;
  kind: 'deposit' | 'full' | 'balance' | 'refund';
  /** `owner`: the price of a stay the owner entered as paid to them directly (a phone guest), settled when entered. */
  method: PaymentMethod | 'owner';
  status: 'pending' | 'succeeded' | 'failed' | 'expired';
  amountCents: number;
  idempotencyKey: string;
  stripeSessionId: string | null;
  stripePaymentIntent: string | null;
  stripeRefundId: string | null;
  refundOf: ColumnType<string | null, string | null | undefined, string | null>;
  checkedAt: ColumnType<string | null, string | null | undefined, string | null>;
  checkoutUrl: string | null;
  expiresAt: string | null;
  lastError: string | null;
  createdAt: string;
  settledAt: string | null;
  /** Stripe's fee, read from the charge's balance transaction once it settled; null until read. */
  stripeFeeCents: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * A refund's tourist tax, kept when it is planned; the rest of it is the nights and fees
   * (decision 0059). Null on a charge, and on a refund planned before it was kept.
   */
  refundTaxCents: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A dispute of a booking's Stripe payment, as Stripe last reported it (payments/disputes.ts). */
export interface PaymentDisputesTable {
  /** Stripe's dispute id. */
  id: string;
  bookingId: string;
  paymentId: string;
  /** Stripe's status: `needs_response`, `under_review`, `won`, `lost`, `warning_…`. */
  status: string;
  amountCents: number;
  reason: string;
  /** The deadline to send evidence, ISO-8601; null when Stripe gives none. */
  respondBy: string | null;
  createdAt: string;
  updatedAt: string;
  /** When Stripe first reported it closed (won, lost…), ISO-8601; a lost one leaves the books that day. */
  closedAt: string | null;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  receivedAt: string;
}

export interface MailOutboxTable {
  id: string;
  key: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  replyTo: string | null;
  /** The stay as an iCalendar file, attached as stay.ics. */
  calendar: ColumnType<string | null, string | null | undefined, string | null>;
  messageId: string;
  /** 'dropped': no longer true when its delivery came (`depends_on`), the reason in `last_error`. */
  status: 'pending' | 'sent' | 'failed' | 'cancelled' | 'dropped';
  attempts: Generated<number>;
  lastError: string | null;
  nextAttemptAt: string;
  leaseUntil: string | null;
  sentAt: string | null;
  createdAt: string;
  /** JSON of MailDependency (mail/outbox-data.ts): what must still hold when it is sent; null for none. */
  dependsOn: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One published version of the content (content/content-versions-data.ts). */
export interface ContentVersionsTable {
  version: number;
  /** The content document's JSON. */
  content: string;
  publishedAt: string;
  publishedBy: string;
}

/** The one draft of the content, if any (content/content-draft-data.ts). */
export interface ContentDraftTable {
  id: string;
  baseVersion: number;
  /** The conflict token a save or a publish must name (docs/decisions/0022-content-in-the-database.md). */
  token: string;
  content: string;
  updatedAt: string;
  updatedBy: string;
}

export interface PhotosTable {
  id: string;
  /** SHA-256 of the uploaded bytes and the pipeline's version (photos/encode.ts), in the file names. */
  hash: string;
  width: number;
  height: number;
  placeholder: string;
  category: string | null;
  /** JSON: one alternative text per content locale. */
  alt: ColumnType<string, string | undefined, string>;
  createdAt: string;
}

export interface PhotoVariantsTable {
  /** `<photo id>-<width>.<extension>`. */
  id: string;
  photoId: string;
  format: 'avif' | 'webp' | 'jpeg';
  width: number;
  bytes: Buffer;
}

/** One guest of a booking, for the SIBA bulletin; `*Sealed` columns are AES-256-GCM ciphertext (lib/data-encryption.ts). */
export interface GuestRegistrationsTable {
  id: string;
  bookingId: string;
  guestIndex: number;
  surname: string;
  givenNames: string;
  /** ISO 3166-1 alpha-3. */
  nationality: string;
  birthDateSealed: string | null;
  birthPlace: string | null;
  documentType: DocumentType | null;
  documentNumberSealed: string | null;
  documentCountry: string | null;
  residenceCountry: string | null;
  residenceTown: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The account a guest gave for a refund by transfer; `ibanSealed` is AES-256-GCM ciphertext (lib/data-encryption.ts). */
export interface RefundAccountsTable {
  bookingId: string;
  ibanSealed: string;
  createdAt: string;
  updatedAt: string;
}

/** One movement's bulletin: being sent, sent (by the web service or the portal) or refused by SIBA. */
export interface SibaBulletinsTable {
  id: string;
  /** `<booking id>:<movement>`. */
  idempotencyKey: string;
  bookingId: string;
  movement: Movement;
  /** The bulletin file's `Numero_Ficheiro`, unique across the site. */
  fileNumber: number;
  status: SibaBulletinStatus;
  sentVia: 'web_service' | 'portal' | null;
  attempts: Generated<number>;
  nextAttemptAt: string;
  leaseUntil: string | null;
  /** SHA-256 of the XML file sent, and the service's answer: the evidence it was reported. */
  sha256: string | null;
  answer: string | null;
  errorCode: string | null;
  errorLine: number | null;
  errorText: string | null;
  sentAt: string | null;
  createdAt: string;
}

/** The certified document of one payment or refund (invoicing/invoice-documents-data.ts). */
export interface InvoiceDocumentsTable {
  id: string;
  /**
   * Unique: the document's key, and the provider's `reference`: the payment's id for a payment's or
   * refund's own document; `<corrected document id>-credit` / `-reissue` for a tax number's correction.
   */
  paymentId: string;
  /** The payment (or refund) the document is for. */
  forPaymentId: string;
  /** A correction's credit note or new invoice: the invoice document it corrects. */
  correctsDocumentId: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON `{nif, country}` the document was sent with; null until its create was sent. */
  taxNumber: ColumnType<string | null, string | null | undefined, string | null>;
  bookingId: string;
  kind: InvoiceDocumentKind;
  status: InvoiceDocumentStatus;
  /** `invoicexpress`, or `manual` for a document the owner issued by hand. */
  provider: string;
  providerId: string | null;
  number: string | null;
  amountCents: number;
  /** The lines as JSON (shared/invoicing.ts InvoiceLine[]). */
  lines: string;
  observations: string;
  createSentAt: string | null;
  attempts: Generated<number>;
  nextAttemptAt: string;
  leaseUntil: string | null;
  error: string | null;
  emailedAt: string | null;
  doneBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A house of the install (docs/decisions/0071-houses-and-hosts.md); houses/houses-data.ts. */
export interface HousesTable {
  id: string;
  slug: string;
  name: string;
  status: ColumnType<HouseStatus, HouseStatus | undefined, HouseStatus>;
  /** The sender address of the house's mails; null: MAIL_FROM. */
  mailFrom: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account names of the house's payments, invoicing and SIBA bulletins; `default` is the unsuffixed variables. */
  paymentAccount: ColumnType<string, string | undefined, string>;
  invoicingAccount: ColumnType<string, string | undefined, string>;
  sibaAccount: ColumnType<string, string | undefined, string>;
  createdAt: string;
}

/** A host name a house is served on, without a port; houses/house-hosts-data.ts. */
export interface HouseHostsTable {
  host: string;
  houseId: string;
  /** 1 for the one host the house's links are made from. */
  canonical: number;
}

export interface Database {
  reviews: ReviewsTable;
  adminSessions: AdminSessionsTable;
  adminSecondFactors: AdminSecondFactorsTable;
  adminRecoveryCodes: AdminRecoveryCodesTable;
  adminPendingLogins: AdminPendingLoginsTable;
  loginFailures: LoginFailuresTable;
  secondFactorAttempts: SecondFactorAttemptsTable;
  secondFactorPause: SecondFactorPauseTable;
  settings: SettingsTable;
  inquiries: InquiriesTable;
  rateLimits: RateLimitsTable;
  jobLeases: JobLeasesTable;
  calendarBlocks: CalendarBlocksTable;
  calendarFeeds: CalendarFeedsTable;
  feedEvents: FeedEventsTable;
  feedEventDismissals: FeedEventDismissalsTable;
  guestDataAudit: GuestDataAuditTable;
  bookings: BookingsTable;
  bookingEvents: BookingEventsTable;
  bookingLinks: BookingLinksTable;
  payments: PaymentsTable;
  stripeEvents: StripeEventsTable;
  paymentDisputes: PaymentDisputesTable;
  mailOutbox: MailOutboxTable;
  reviewInvitations: ReviewInvitationsTable;
  contentVersions: ContentVersionsTable;
  contentDraft: ContentDraftTable;
  photos: PhotosTable;
  photoVariants: PhotoVariantsTable;
  guestRegistrations: GuestRegistrationsTable;
  sibaBulletins: SibaBulletinsTable;
  invoiceDocuments: InvoiceDocumentsTable;
  refundAccounts: RefundAccountsTable;
  houses: HousesTable;
  houseHosts: HouseHostsTable;
}

export type BookingRow = Selectable<BookingsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentDisputeRow = Selectable<PaymentDisputesTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;

export type NewReviewRow = Insertable<ReviewsTable>;
export type InquiryRow = Selectable<InquiriesTable>;
export type NewInquiryRow = Insertable<InquiriesTable>;
export type CalendarFeedRow = Selectable<CalendarFeedsTable>;
