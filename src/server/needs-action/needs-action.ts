import { NEEDS_ACTION_LIST_MAX, type NeedsAction } from '../../shared/needs-action.js';
import { bookingsByIds, bookingsNeedingAction, inquiryIdsWithBookings } from '../stay-record/bookings-data.js';
import { today } from '../stay-record/context.js';
import { uncompletedReservations } from '../calendar/feed-reservations.js';
import { addDays } from '../../shared/date-ranges.js';
import { bookedInquiryIds } from '../calendar/blocks-data.js';
import type { BookingRow } from '../db/schema.js';
import { failedInquiryMails, unhandledInquiries } from '../inquiries/inquiries-data.js';
import { documentsWaitingSince, undocumentedPaymentsSince } from '../invoicing/invoice-documents-data.js';
import { failedMails, mailStatesByKey } from '../mail/outbox-data.js';
import { openDisputes } from '../payments/disputes-data.js';
import { refundsNeedingAction } from '../payments/payments-data.js';
import { bulletinsDue } from '../registrations/bulletins-due.js';
import type { RegistrationContext } from '../registrations/context.js';

// What waits for the owner, gathered from each table's own data module (decision 0044).

const counted = <T>(items: readonly T[]) => ({ count: items.length, items: items.slice(0, NEEDS_ACTION_LIST_MAX) });

/** An inquiry is answered once it was marked handled, confirmed as nights, offered as a booking or declined. */
async function unansweredInquiries(ctx: RegistrationContext) {
  const open = await unhandledInquiries(ctx.db);
  const ids = open.map((i) => i.id);
  const [confirmed, offered, declines] = await Promise.all([
    bookedInquiryIds(ctx.db, ids),
    inquiryIdsWithBookings(ctx.db, ids),
    mailStatesByKey(
      ctx.db,
      ids.map((id) => `inquiry:${id}:declined`),
    ),
  ]);
  return open.filter((i) => !confirmed.has(i.id) && !offered.has(i.id) && !declines.has(`inquiry:${i.id}:declined`));
}

/** The page a failed mail belongs to, from its key (`booking:<id>:…`, `inquiry:<id>:…`). */
function mailOwner(key: string): { kind: 'booking' | 'inquiry' | 'other'; id: string | null } {
  const [kind, id] = key.split(':');
  if ((kind === 'booking' || kind === 'inquiry') && id) return { kind, id };
  return { kind: 'other', id: null };
}

async function mailsFailed(ctx: RegistrationContext) {
  const [outbox, inquiries] = await Promise.all([failedMails(ctx.db), failedInquiryMails(ctx.db)]);
  const owners = outbox.map((m) => mailOwner(m.key));
  const bookings = await bookingsByIds(
    ctx.db,
    owners.filter((o) => o.kind === 'booking').map((o) => o.id as string),
  );
  const codeOf = new Map(bookings.map((b) => [b.id, b.code]));
  const fromOutbox = outbox.map((mail, i) => {
    const owner = owners[i]!;
    return {
      id: mail.id,
      kind: owner.kind,
      ref: owner.kind === 'booking' ? (codeOf.get(owner.id!) ?? null) : owner.id,
      subject: mail.subject,
      guestName: null,
      error: mail.lastError,
      createdAt: mail.createdAt,
    };
  });
  const fromInquiries = inquiries.map((inquiry) => ({
    id: inquiry.id,
    kind: 'inquiry' as const,
    ref: inquiry.id,
    subject: null,
    guestName: inquiry.name,
    error: inquiry.lastError,
    createdAt: inquiry.createdAt,
  }));
  return [...fromOutbox, ...fromInquiries].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
}

async function moneyWaiting(ctx: RegistrationContext, waiting: readonly BookingRow[]) {
  const disputes = await openDisputes(ctx.db);
  const disputed = await bookingsByIds(
    ctx.db,
    disputes.map((d) => d.bookingId),
  );
  const balances = waiting
    .filter((b) => b.status === 'balance_due')
    .map((b) => ({
      kind: 'overdue_balance' as const,
      code: b.code,
      name: b.name,
      amountCents: b.totalCents - b.paidCents,
      dueBy: b.balanceDueOn,
    }));
  const claims = disputes.flatMap((d) => {
    const booking = disputed.find((b) => b.id === d.bookingId);
    return booking
      ? [
          {
            kind: 'dispute' as const,
            code: booking.code,
            name: booking.name,
            amountCents: d.amountCents,
            dueBy: d.respondBy,
          },
        ]
      : [];
  });
  return [...claims, ...balances];
}

/** Refunds by transfer not yet sent and failed refunds, oldest first (decision 0060). */
async function refundsWaiting(ctx: RegistrationContext) {
  const refunds = await refundsNeedingAction(ctx.db);
  const bookings = new Map(
    (
      await bookingsByIds(
        ctx.db,
        refunds.map((r) => r.bookingId),
      )
    ).map((b) => [b.id, b]),
  );
  return refunds.flatMap((r) => {
    const booking = bookings.get(r.bookingId);
    if (!booking) return [];
    const kind = r.status === 'failed' ? ('failed' as const) : ('transfer_to_send' as const);
    return [
      {
        paymentId: r.id,
        kind,
        code: booking.code,
        name: booking.name,
        method: r.method,
        amountCents: r.amountCents,
        since: r.status === 'failed' ? (r.settledAt ?? r.createdAt) : r.createdAt,
      },
    ];
  });
}

/** How far ahead a platform's reservation must be a stay: its guests are reported to SIBA on arrival. */
const PLATFORM_STAY_DAYS = 14;

/** The platforms' reservations arriving within 14 days, or already there, not yet stays (decision 0053). */
async function platformStaysToComplete(ctx: RegistrationContext) {
  const day = today(ctx);
  const open = await uncompletedReservations(ctx.db, day, addDays(day, PLATFORM_STAY_DAYS + 1));
  return open.map(({ uid, feed, platform, start, end }) => ({ uid, feed, platform, start, end }));
}

/** How long a certified document may wait before the owner is shown it (decision 0059). */
const DOCUMENT_WAIT_MS = 24 * 60 * 60_000;

/** Certified documents waiting over a day: not issued by the provider, or not yet invoiced by hand. */
async function documentsWaiting(ctx: RegistrationContext) {
  const before = new Date(ctx.now() - DOCUMENT_WAIT_MS).toISOString();
  const [docs, byHand] = await Promise.all([
    documentsWaitingSince(ctx.db, before),
    undocumentedPaymentsSince(ctx.db, before),
  ]);
  const bookings = await bookingsByIds(ctx.db, [
    ...new Set([...docs.map((d) => d.bookingId), ...byHand.map((p) => p.bookingId)]),
  ]);
  const byId = new Map(bookings.map((b) => [b.id, b]));
  const fromProvider = docs.map((d) => ({
    bookingId: d.bookingId,
    kind: d.kind,
    paymentId: d.forPaymentId,
    amountCents: d.amountCents,
    state: d.status as 'pending' | 'draft' | 'rejected',
    since: d.createdAt,
    error: d.error,
  }));
  const toInvoice = byHand.map((p) => ({
    bookingId: p.bookingId,
    kind: p.kind === 'refund' ? ('credit_note' as const) : ('invoice_receipt' as const),
    paymentId: p.id,
    amountCents: p.amountCents,
    state: 'to_invoice' as const,
    since: p.settledAt ?? p.createdAt,
    error: null,
  }));
  return [...fromProvider, ...toInvoice]
    .sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0))
    .flatMap(({ bookingId, ...item }) => {
      const booking = byId.get(bookingId);
      return booking ? [{ code: booking.code, name: booking.name, ...item }] : [];
    });
}

export async function needsAction(ctx: RegistrationContext, mailConfigured: boolean): Promise<NeedsAction> {
  const waiting = await bookingsNeedingAction(ctx.db, today(ctx));
  const [money, refunds, bulletins, platformStays, inquiries, mails, documents] = await Promise.all([
    moneyWaiting(ctx, waiting),
    refundsWaiting(ctx),
    bulletinsDue(ctx),
    platformStaysToComplete(ctx),
    unansweredInquiries(ctx),
    mailsFailed(ctx),
    documentsWaiting(ctx),
  ]);
  const bookings = waiting.flatMap((b) =>
    b.status === 'requested' || b.status === 'awaiting_payment'
      ? [{ code: b.code, name: b.name, status: b.status, checkIn: b.checkIn, checkOut: b.checkOut }]
      : [],
  );
  return {
    mailConfigured,
    bookings: counted(bookings),
    money: counted(money),
    refunds: counted(refunds),
    bulletins: counted(bulletins.map(({ bookingCode, ...rest }) => ({ code: bookingCode, ...rest }))),
    platformStays: counted(platformStays),
    inquiries: counted(inquiries),
    mails: counted(mails),
    documents: counted(documents),
  };
}
