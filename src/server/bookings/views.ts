import type { AdminBooking, GuestBooking } from '../../shared/bookings.js';
import { QuoteSchema } from '../../shared/quote-schema.js';
import type { BookingRow, PaymentDisputeRow, PaymentRow } from '../db/schema.js';
import { bankTransferOf } from './bank-transfer.js';
import { CANCELLABLE_STATUSES } from '../../shared/booking-status.js';
import { policyRefund } from './cancel-booking.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import { canPayOnline } from './open-payment.js';
import { chargingSavedCard } from '../payments/balance.js';
import { offerPaymentChoices } from './offer-method.js';
import { PAYABLE } from './offer-terms.js';
import { visibleArrival } from '../stay-record/arrival.js';
import { adminTerms, guestTerms, offerTermsPending } from '../stay-record/terms.js';
import { isOutsidePayment } from '../../shared/stays.js';
import { refundOfNote } from '../../shared/refunds.js';
import { refundMakeUp } from '../../shared/refund-make-up.js';
import { owedBackOf } from './refund-account.js';

const quoteLinesOf = (b: BookingRow) => (JSON.parse(b.quote) as { lines: { kind: string; amount: number }[] }).lines;

type History = Array<Omit<AdminBooking['history'][number], 'refundCents'>>;

/** Nothing is due on a booking that will not happen: what it may owe back is `owedBack`. */
const due = (b: BookingRow) =>
  b.status === 'cancelled' || b.status === 'expired' || b.status === 'declined'
    ? 0
    : Math.max(0, b.totalCents - b.paidCents);

/** What the guest's page shows: nothing of the owner's notes, the payment ids or the saved card. */
export function guestView(
  ctx: BookingContext,
  booking: BookingRow,
  payments: readonly PaymentRow[],
  refundIbanSealed?: string,
): GuestBooking {
  const open = payments.find(
    (p) => p.status === 'pending' && p.kind !== 'refund' && p.checkoutUrl && p.expiresAt && p.expiresAt > isoNow(ctx),
  );
  // An offer's terms are accepted before any way to pay it is shown (decision 0052).
  const termsToAccept = offerTermsPending(ctx, booking) && PAYABLE.includes(booking.status);
  const bank = PAYABLE.includes(booking.status) && !termsToAccept ? bankTransferOf(ctx, booking) : undefined;
  const terms = guestTerms(ctx, booking);
  const held = booking.status === 'awaiting_payment' || booking.status === 'requested';
  return {
    code: booking.code,
    status: booking.status,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    guests: booking.guests,
    name: booking.name,
    locale: booking.locale,
    paymentMethod: booking.paymentMethod,
    quote: QuoteSchema.parse(JSON.parse(booking.quote)),
    totalCents: booking.totalCents,
    paidCents: booking.paidCents,
    refundedCents: booking.refundedCents,
    dueCents: due(booking),
    dueNowCents: booking.status === 'awaiting_payment' ? Math.max(0, booking.dueNowCents - booking.paidCents) : 0,
    balanceDueOn: booking.balanceDueOn,
    holdUntil: held ? booking.holdUntil : null,
    checkoutUrl: booking.status === 'awaiting_payment' ? (open?.checkoutUrl ?? null) : null,
    bankTransfer: bank?.details ?? null,
    // Also an accepted request's first payment, which has no page open until the guest asks for one.
    canPayBalance: canPayOnline(ctx, booking) && !open && !chargingSavedCard(ctx, booking.id, payments),
    canCancel: CANCELLABLE_STATUSES.includes(booking.status) && !isOutsidePayment(booking.paymentMethod),
    refundIfCancelledCents: policyRefund(ctx, booking),
    owedBack: owedBackOf(ctx, booking, payments, refundIbanSealed),
    cancellation: terms.cancellation,
    terms,
    arrival: visibleArrival(ctx, booking),
    invoiceNif: booking.nif && booking.nifCountry ? { nif: booking.nif, country: booking.nifCountry } : null,
    paymentChoices: offerPaymentChoices(ctx, booking, payments),
    termsToAccept,
    ownerMessage: booking.ownerMessage ?? null,
  };
}

export function adminView(
  ctx: BookingContext,
  booking: BookingRow,
  payments: readonly PaymentRow[],
  history: History,
  reviewRequest: AdminBooking['reviewRequest'],
  disputes: readonly PaymentDisputeRow[] = [],
  feedMissing = false,
  refundIbanSealed?: string,
  finishedFailedRefunds: ReadonlySet<string> = new Set(),
): AdminBooking {
  return {
    code: booking.code,
    status: booking.status,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    guests: booking.guests,
    childrenAges: JSON.parse(booking.childrenAges) as number[],
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    country: booking.country,
    locale: booking.locale,
    message: booking.message,
    paymentMethod: booking.paymentMethod,
    channel: booking.channel,
    platformReference: booking.platformReference,
    commissionCents: booking.commissionCents,
    feedMissing,
    quote: QuoteSchema.parse(JSON.parse(booking.quote)),
    totalCents: booking.totalCents,
    dueNowCents: booking.dueNowCents,
    paidCents: booking.paidCents,
    refundedCents: booking.refundedCents,
    dueCents: due(booking),
    balanceDueOn: booking.balanceDueOn,
    holdUntil: booking.holdUntil,
    overdue: booking.overdueAt !== null,
    createdAt: booking.createdAt,
    bankReference: booking.bankReference,
    refundIfCancelledCents: policyRefund(ctx, booking),
    owedBack: owedBackOf(ctx, booking, payments, refundIbanSealed),
    reviewRequest,
    // A cancellation's refund is a number the page formats, never "(refund 12900 cents)".
    history: history.map((event) => {
      const refundCents = refundOfNote(event.note);
      return { ...event, note: refundCents === null ? event.note : null, refundCents };
    }),
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      method: p.method,
      status: p.status,
      amountCents: p.amountCents,
      createdAt: p.createdAt,
      settledAt: p.settledAt,
      makeUp: p.kind === 'refund' ? refundMakeUp(p, quoteLinesOf(booking)) : null,
      // A failed refund the owner still has to finish, and why (docs/decisions/0061-refunds-that-finish.md).
      failure:
        p.kind === 'refund' && p.status === 'failed' && !finishedFailedRefunds.has(p.id)
          ? (p.lastError ?? 'unknown reason')
          : null,
    })),
    dispute: disputeView(disputes),
    terms: adminTerms(ctx, booking),
    mailOn: ctx.mailOn,
  };
}

const CLOSED_DISPUTES = ['won', 'lost', 'warning_closed'];

/** The dispute the owner must see: an open one first, else the latest (`disputes` are the latest first). */
function disputeView(disputes: readonly PaymentDisputeRow[]): AdminBooking['dispute'] {
  const shown = disputes.find((d) => !CLOSED_DISPUTES.includes(d.status)) ?? disputes[0];
  return shown ? { status: shown.status, amountCents: shown.amountCents, respondBy: shown.respondBy } : null;
}
