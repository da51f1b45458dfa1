import type { Db } from '../db/database.js';
import type { BookingRow, BookingsTable, Database } from '../db/schema.js';
import type { Cursor } from '../lib/cursor.js';
import type { ExpressionBuilder, Insertable } from 'kysely';
import type { BookingStatus } from '../../shared/booking-status.js';
import { containsAnyCase, equalsAnyCase } from '../lib/text-search.js';
import type { Channel } from '../../shared/channels.js';
import type { PaymentMethod } from '../../shared/booking-policy.js';
import { addMonths } from '../../shared/date-ranges.js';

// Every query on the bookings table. A status changes only through moveStatus, a conditional
// update from the status the caller saw, so two servers handling one event cannot both move it.

export type NewBooking = Omit<Insertable<BookingsTable>, 'paidCents' | 'refundedCents'>;

export async function insertBooking(db: Db, booking: NewBooking): Promise<void> {
  await db.insertInto('bookings').values(booking).execute();
}

export async function findBookingByCode(db: Db, code: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findBooking(db: Db, id: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** True when the booking was in `from` and is now in `to`; false when something moved it first. */
export async function moveStatus(
  db: Db,
  id: string,
  from: BookingStatus,
  to: BookingStatus,
  at: string,
  changes: Partial<Pick<BookingRow, 'holdUntil' | 'overdueAt'>> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ status: to, updatedAt: at, ...changes })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives the booking new dates and counts the change, if it is still in the status and at the
 * count of changes the caller read; false when something changed it first.
 */
export async function moveDates(
  db: Db,
  booking: Pick<BookingRow, 'id' | 'status' | 'datesVersion' | 'partyVersion'>,
  dates: Pick<BookingRow, 'checkIn' | 'checkOut' | 'balanceDueOn'> & Partial<Pick<BookingRow, 'quote' | 'totalCents'>>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ ...dates, datesVersion: booking.datesVersion + 1, updatedAt: at })
    .where('id', '=', booking.id)
    .where('status', '=', booking.status)
    .where('datesVersion', '=', booking.datesVersion)
    // The quote read was for this party: a party changed meanwhile would be written over (decision 0069).
    .where('partyVersion', '=', booking.partyVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives the booking its new party and price, and counts the change, only if neither its status,
 * dates, party nor total changed since the owner's request read it (decision 0069): two changes,
 * or a change and a payment's move, cannot both write a price computed from the same old row.
 */
export async function changeParty(
  db: Db,
  booking: Pick<BookingRow, 'id' | 'status' | 'datesVersion' | 'partyVersion' | 'totalCents'>,
  party: Pick<BookingRow, 'guests' | 'childrenAges' | 'quote' | 'totalCents'>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ ...party, partyVersion: booking.partyVersion + 1, updatedAt: at })
    .where('id', '=', booking.id)
    .where('status', '=', booking.status)
    .where('datesVersion', '=', booking.datesVersion)
    .where('partyVersion', '=', booking.partyVersion)
    .where('totalCents', '=', booking.totalCents)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The day the balance is due, and not overdue from an earlier one (a paid stay owing a difference: decision 0069). */
export async function moveBalanceDay(db: Db, id: string, balanceDueOn: string, at: string): Promise<void> {
  await db.updateTable('bookings').set({ balanceDueOn, overdueAt: null, updatedAt: at }).where('id', '=', id).execute();
}

/**
 * Takes the booking's row lock for the rest of the caller's transaction (a write that changes
 * nothing), so what it reads next is the latest and stays so: on PostgreSQL a concurrent payment
 * waits for it; SQLite has one writer.
 */
export async function lockBooking(db: Db, id: string): Promise<void> {
  await db
    .updateTable('bookings')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('id', '=', id)
    .execute();
}

/** Adds a settled payment to what was paid, in the same transaction as the payment's own row. */
export async function addPaid(db: Db, id: string, cents: number, at: string): Promise<void> {
  await db
    .updateTable('bookings')
    .set((eb) => ({ paidCents: eb('paidCents', '+', cents), updatedAt: at }))
    .where('id', '=', id)
    .execute();
}

export async function addRefunded(db: Db, id: string, cents: number, at: string): Promise<void> {
  await db
    .updateTable('bookings')
    .set((eb) => ({ refundedCents: eb('refundedCents', '+', cents), updatedAt: at }))
    .where('id', '=', id)
    .execute();
}

export async function updateBooking(
  db: Db,
  id: string,
  changes: Partial<
    Pick<BookingRow, 'holdUntil' | 'stripeCustomer' | 'stripePaymentMethod' | 'overdueAt' | 'nif' | 'nifCountry'>
  >,
  at: string,
): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ ...changes, updatedAt: at })
    .where('id', '=', id)
    .execute();
}

/** The bookings in these statuses, for the timed job. */
export async function bookingsInStatus(db: Db, statuses: readonly BookingStatus[], limit = 500): Promise<BookingRow[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('status', 'in', statuses)
    .orderBy('checkIn')
    .limit(limit)
    .execute();
}

const ACTIVE: BookingStatus[] = ['confirmed', 'balance_due', 'paid'];
const OVER: BookingStatus[] = ['completed', 'declined', 'expired', 'cancelled'];

type BookingFilter = 'requests' | 'awaiting_payment' | 'upcoming' | 'past';

/** The condition of one of the owner's list filters. */
const inFilter = (filter: BookingFilter, today: string) => (eb: ExpressionBuilder<Database, 'bookings'>) => {
  if (filter === 'requests') return eb('status', '=', 'requested');
  if (filter === 'awaiting_payment') return eb('status', '=', 'awaiting_payment');
  const active = eb.and([eb('status', 'in', ACTIVE), eb('checkOut', filter === 'upcoming' ? '>' : '<=', today)]);
  return filter === 'upcoming' ? active : eb.or([eb('status', 'in', OVER), active]);
};

/**
 * One page of the owner's list: requests and bookings awaiting payment as they come, upcoming
 * stays soonest first, past ones latest first; each one more than `limit`, after `after`.
 */
export async function listBookings(
  db: Db,
  filter: BookingFilter,
  today: string,
  limit: number,
  after: Cursor | undefined,
): Promise<BookingRow[]> {
  let query = db
    .selectFrom('bookings')
    .selectAll()
    .limit(limit + 1);
  query = query.where(inFilter(filter, today));
  const descending = filter === 'past';
  query = query.orderBy('checkIn', descending ? 'desc' : 'asc').orderBy('id', descending ? 'desc' : 'asc');
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('checkIn', 'id'), descending ? '<' : '>', eb.tuple(after.createdAt, after.id)),
    );
  return query.execute();
}

/** A guest's bookings, for their right of access: by the whole e-mail address or a part of the name, any case. */
export async function findGuestBookings(db: Db, guest: { email?: string; name?: string }) {
  return db
    .selectFrom('bookings')
    .select([
      'code',
      'status',
      'name',
      'email',
      'phone',
      'country',
      'locale',
      'message',
      'checkIn',
      'checkOut',
      'guests',
      'totalCents',
      'paidCents',
      'refundedCents',
      'createdAt',
    ])
    .where(guest.email !== undefined ? equalsAnyCase('email', guest.email) : containsAnyCase('name', guest.name ?? ''))
    .orderBy('createdAt')
    .orderBy('code')
    .execute();
}

/** The completed stays whose check-out day is from `from` to `to`, both included. */
export async function completedBetween(db: Db, from: string, to: string): Promise<BookingRow[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('status', '=', 'completed')
    .where('checkOut', '>=', from)
    .where('checkOut', '<=', to)
    .orderBy('checkOut')
    .execute();
}

/** The bookings with these ids (the guest registrations' list), in no particular order. */
export async function bookingsByIds(db: Db, ids: readonly string[]): Promise<BookingRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('bookings').selectAll().where('id', 'in', ids).execute();
}

/** The bookings whose nights must be held and have not all passed: the night-holders check's list. */
export async function liveStays(db: Db, statuses: readonly BookingStatus[], today: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'code', 'status', 'checkIn', 'checkOut', 'channel'])
    .where('status', 'in', statuses)
    .where('checkOut', '>', today)
    .orderBy('checkIn')
    .execute();
}

/** The bookings made before terms were stored and not yet filled in (stay-record/terms.ts). */
export async function bookingsWithoutTerms(db: Db): Promise<Pick<BookingRow, 'id' | 'locale' | 'createdAt'>[]> {
  return db.selectFrom('bookings').select(['id', 'locale', 'createdAt']).where('terms', 'is', null).execute();
}

/** Stores a booking's terms unless it has some: they are written once and never changed. */
export async function setTermsOnce(db: Db, id: string, terms: string): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ terms })
    .where('id', '=', id)
    .where('terms', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * An offer's guest accepts its terms: written once, only over the terms the page showed (`shown`,
 * the column as read) and while something may still be paid for it.
 */
export async function acceptTermsOnce(db: Db, id: string, shown: string, accepted: string, at: string) {
  const result = await db
    .updateTable('bookings')
    .set({ terms: accepted, updatedAt: at })
    .where('id', '=', id)
    .where('terms', '=', shown)
    .where('status', 'in', ['awaiting_payment', 'confirmed', 'balance_due'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Replaces a booking's terms, only over the terms as read (`shown`): for the one part written
 * after they were fixed, the account an offer's guest is given on choosing a transfer (bookings/offer-method.ts).
 */
export async function replaceTermsOnce(db: Db, id: string, shown: string, terms: string, at: string) {
  const result = await db
    .updateTable('bookings')
    .set({ terms, updatedAt: at })
    .where('id', '=', id)
    .where('terms', '=', shown)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A stay's nights are spent (or will be) in these statuses: the tourist tax's return counts them. */
export const STAYING_STATUSES: readonly BookingStatus[] = ['confirmed', 'balance_due', 'paid', 'completed'];

/** The bookings made before tax rules were kept and not yet given one (stay-record/tax-rule.ts). */
export async function bookingsWithoutTaxRule(db: Db): Promise<Pick<BookingRow, 'id' | 'channel' | 'quote'>[]> {
  return db.selectFrom('bookings').select(['id', 'channel', 'quote']).where('touristTaxRule', 'is', null).execute();
}

/** Stores a booking's tourist tax rule unless it has one: a stay keeps the rule it was given. */
export async function setTaxRuleOnce(db: Db, id: string, rule: string): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ touristTaxRule: rule })
    .where('id', '=', id)
    .where('touristTaxRule', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The stays of any channel with a night from `from` to before `to`, in those statuses, by arrival. */
export async function staysWithNightsIn(db: Db, from: string, to: string): Promise<BookingRow[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('status', 'in', STAYING_STATUSES)
    .where('checkIn', '<', to)
    .where('checkOut', '>', from)
    .orderBy('checkIn')
    .orderBy('code')
    .execute();
}

/** Sets the tourist tax's exemptions ticked for the stay's guests (JSON `[{guest, code}]`). */
export async function setTaxExemptions(db: Db, id: string, exemptions: string, at: string): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ touristTaxExemptions: exemptions, updatedAt: at })
    .where('id', '=', id)
    .execute();
}

/**
 * Records that the owner keeps a stay whose feed event is gone, once: false when it was already
 * kept (a second click, another server), so its history records the keep once.
 */
export async function markFeedKept(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ feedKeptAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('feedKeptAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The method the guest of an offer chose, while the offer still waits for its first payment; false
 * when it no longer does (paid, expired or cancelled meanwhile).
 */
export async function setOfferMethod(
  db: Db,
  id: string,
  method: PaymentMethod,
  bankReference: string | null,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ paymentMethod: method, bankReference, updatedAt: at })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_payment')
    .where('paidCents', '=', 0)
    // Never while a Checkout page is being made or open: claimCheckout writes the same row.
    .where((eb) => eb.or([eb('checkoutUntil', 'is', null), eb('checkoutUntil', '<=', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks a Checkout page as being made, or open, until `until`, while the booking is still paid
 * through Stripe: false when a switch of its way of paying came first (open-payment.ts).
 */
export async function claimCheckout(db: Db, id: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ checkoutUntil: until })
    .where('id', '=', id)
    .where('paymentMethod', '=', 'stripe')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a claim that made no page (Stripe refused or did not answer), unless a later one replaced it. */
export async function releaseCheckout(db: Db, id: string, until: string): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ checkoutUntil: null })
    .where('id', '=', id)
    .where('checkoutUntil', '=', until)
    .execute();
}

/** The stay that completes this feed event, whatever its status. */
export async function findBookingByFeedUid(db: Db, uid: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('feedEventUid', '=', uid).executeTakeFirst();
}

/** The stays whose feed event each of these UIDs is. */
export async function bookingsByFeedUids(db: Db, uids: readonly string[]) {
  if (uids.length === 0) return [];
  return db
    .selectFrom('bookings')
    .select(['code', 'feedEventUid', 'status'])
    .where('feedEventUid', 'in', uids)
    .execute();
}

/**
 * One page of the owner's list of every stay, in check-in order: the stays with a night in
 * `month` (YYYY-MM), of one channel and status when given; one more than `limit`, after `after`.
 */
export async function listStays(
  db: Db,
  filter: { month?: string; channel?: Channel; status?: BookingStatus },
  limit: number,
  after: Cursor | undefined,
): Promise<BookingRow[]> {
  let query = db
    .selectFrom('bookings')
    .selectAll()
    .limit(limit + 1)
    .orderBy('checkIn')
    .orderBy('id');
  if (filter.month) {
    const first = `${filter.month}-01`;
    const next = addMonths(first, 1);
    query = query.where('checkIn', '<', next).where('checkOut', '>', first);
  }
  if (filter.channel) query = query.where('channel', '=', filter.channel);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (after) query = query.where((eb) => eb(eb.refTuple('checkIn', 'id'), '>', eb.tuple(after.createdAt, after.id)));
  return query.execute();
}

/** The booking made from this inquiry's offer, if any. */
export async function findBookingByInquiry(db: Db, inquiryId: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('inquiryId', '=', inquiryId).executeTakeFirst();
}

/** The ids of the bookings in these statuses whose check-out is `fromCheckOut` or later. */
export async function bookingIdsEndingFrom(
  db: Db,
  statuses: readonly BookingStatus[],
  fromCheckOut: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('id')
    .where('status', 'in', statuses)
    .where('checkOut', '>=', fromCheckOut)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The bookings waiting for the owner or for money, as "Needs action" lists them: requests to
 * answer, bookings awaiting their payment, and balances past their day (`balanceDueOn` before
 * `today`, or marked overdue by the job). Arrival first.
 */
export async function bookingsNeedingAction(db: Db, today: string): Promise<BookingRow[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['requested', 'awaiting_payment']),
        eb.and([
          eb('status', '=', 'balance_due'),
          eb.or([eb('overdueAt', 'is not', null), eb('balanceDueOn', '<', today)]),
        ]),
      ]),
    )
    .orderBy('checkIn')
    .orderBy('id')
    .execute();
}

/** How many bookings each of the owner's list filters holds. */
export async function countBookingsByFilter(db: Db, today: string): Promise<Record<BookingFilter, number>> {
  const count = async (filter: BookingFilter) => {
    const row = await db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(inFilter(filter, today))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const [requests, awaiting_payment, upcoming, past] = await Promise.all(
    (['requests', 'awaiting_payment', 'upcoming', 'past'] as const).map(count),
  );
  return { requests: requests!, awaiting_payment: awaiting_payment!, upcoming: upcoming!, past: past! };
}

/** Which of these inquiries have a booking made from them (an offer). */
export async function inquiryIdsWithBookings(db: Db, inquiryIds: readonly string[]): Promise<Set<string>> {
  if (inquiryIds.length === 0) return new Set();
  const rows = await db.selectFrom('bookings').select('inquiryId').where('inquiryId', 'in', inquiryIds).execute();
  return new Set(rows.map((r) => r.inquiryId as string));
}
