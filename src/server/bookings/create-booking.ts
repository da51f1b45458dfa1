import { normalizeNif } from '../../shared/nif.js';
import { randomUUID } from 'node:crypto';
import { CHECKOUT_HOLD_MINUTES, paymentPlan } from '../../shared/booking-policy.js';
import type { BookingCreated, BookingInput } from '../../shared/bookings.js';
import { isStayFree, stayRange } from '../calendar/availability.js';
import { holdNights } from '../calendar/bookings.js';
import type { PaymentRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { openCheckout } from '../payments/checkout.js';
import { insertPaymentOnce, settlePaymentRow } from '../payments/payments-data.js';
import { bankTransferOf } from './bank-transfer.js';
import { text } from '../mail/templates/mail-blocks.js';
import { queueGuestMail, queueOwnerMail } from '../stay-record/booking-mails.js';
import { insertBooking } from '../stay-record/bookings-data.js';
import { recordEvent } from '../stay-record/booking-events-data.js';
import { newBookingCode } from '../stay-record/codes.js';
import {
  availableMethods,
  type BookingContext,
  effectiveMode,
  isoNow,
  requireSettings,
  today,
} from '../stay-record/context.js';
import { newGuestLink } from '../stay-record/guest-link.js';
import { expireBooking } from './lifecycle.js';
import { termsFromContent } from '../stay-record/terms.js';
import { taxRuleSnapshot } from '../stay-record/tax-rule.js';
import { reread } from '../stay-record/transition.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * A guest's booking: priced on the server from the content, its nights held in the same
 * transaction that checks them (calendar/bookings.ts), then, for Stripe, a Checkout page opened
 * with the payment's idempotency key. A request holds nothing until the owner accepts it.
 */
export async function createBooking(ctx: BookingContext, input: BookingInput): Promise<BookingCreated> {
  // Whether the guest's mail went to the outbox to be sent: the page says "we sent you a mail" only then.
  let mailed = false;
  const mode = effectiveMode(ctx);
  if (mode === 'inquiry')
    throw new HttpError(503, 'This site takes inquiries, not bookings', undefined, 'payments_unavailable');
  if (!availableMethods(ctx).includes(input.paymentMethod))
    throw new HttpError(
      503,
      `Payment by ${input.paymentMethod} is not set up`,
      'paymentMethod',
      'payments_unavailable',
    );
  const settings = requireSettings(ctx);
  const mismatch = partyMismatch(input);
  if (mismatch)
    throw new HttpError(400, 'The party differs from the one the price was shown for', mismatch, 'party_mismatch');
  const quote = ctx.quoter.quote(input);
  if (!quote) throw new HttpError(400, 'These dates cannot be priced', 'checkOut');
  if (!quote.bookable)
    throw new HttpError(
      400,
      quote.message ?? 'These dates cannot be booked',
      quote.reason === 'arrival_day' ? 'checkIn' : 'checkOut',
    );
  if (input.checkIn < today(ctx)) throw new HttpError(400, 'Check-in cannot be in the past', 'checkIn');

  const at = isoNow(ctx);
  // The policy as the form showed it, in the guest's language: what the booking follows from now
  // on, its deposit and balance day included, read once so they come from one content version.
  const terms = termsFromContent(ctx.property, ctx.contentVersion, input.locale, at);
  const plan = paymentPlan(terms, quote.total, today(ctx), input.checkIn);
  const id = randomUUID();
  const code = newBookingCode();
  const status = mode === 'request' ? 'requested' : 'awaiting_payment';
  const holdMs =
    mode === 'request'
      ? settings.requestResponseHours * HOUR
      : input.paymentMethod === 'stripe'
        ? (CHECKOUT_HOLD_MINUTES + 1) * 60_000
        : settings.bankTransferHoldDays * DAY;
  const holdUntil = new Date(ctx.now() + holdMs).toISOString();

  const { url, payment } = await ctx.db.transaction().execute(async (trx) => {
    await insertBooking(trx, {
      id,
      code,
      status,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      guests: input.guests,
      childrenAges: JSON.stringify(input.childrenAges),
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      country: input.country,
      nif: input.nif === undefined ? null : normalizeNif(input.nif, input.country),
      nifCountry: input.nif === undefined ? null : input.country,
      locale: input.locale,
      message: input.message,
      paymentMethod: input.paymentMethod,
      quote: JSON.stringify(quote),
      totalCents: plan.totalCents,
      dueNowCents: plan.dueNowCents,
      balanceDueOn: plan.balanceDueOn,
      holdUntil,
      bankReference: input.paymentMethod === 'bank_transfer' ? code : null,
      stripeCustomer: null,
      stripePaymentMethod: null,
      overdueAt: null,
      terms: JSON.stringify(terms),
      touristTaxRule: taxRuleSnapshot(ctx.property),
      createdAt: at,
      updatedAt: at,
    });
    // Checked and held under one lock: two guests on two servers cannot both pass (0019).
    const free =
      status === 'requested'
        ? await isStayFree(trx, stayRange(input.checkIn, input.checkOut))
        : await holdNights(trx, id, input.checkIn, input.checkOut, at);
    if (!free) throw new HttpError(409, 'Some of these nights are already booked', undefined, 'dates_unavailable');
    await recordEvent(trx, id, null, status, 'guest', at);
    const url = await newGuestLink(trx, ctx, { id, code });
    const booking = await reread(trx, id);
    let payment: PaymentRow | undefined;
    if (status === 'awaiting_payment' && input.paymentMethod === 'stripe') {
      const kind = plan.balanceCents > 0 ? 'deposit' : 'full';
      payment = await insertPaymentOnce(trx, {
        id: randomUUID(),
        bookingId: id,
        kind,
        method: 'stripe',
        status: 'pending',
        amountCents: plan.dueNowCents,
        idempotencyKey: `${id}:${kind}:1`,
        stripeSessionId: null,
        stripePaymentIntent: null,
        checkoutUrl: null,
        expiresAt: holdUntil,
        createdAt: at,
      });
    } else {
      mailed = await queueGuestMail(trx, ctx, booking, status === 'requested' ? 'requested' : 'received', 'received', {
        amount: plan.dueNowCents,
        url,
        extra: status === 'awaiting_payment' ? [text(bankTransferOf(ctx, booking)?.text ?? '')] : [],
        fields: { hours: String(settings.requestResponseHours) },
      });
      await queueOwnerMail(trx, ctx, booking, 'new', {
        kind: status === 'requested' ? 'requested' : 'bankTransfer',
        fields: ({ moment }) => ({ holdUntil: moment(holdUntil) }),
      });
    }
    return { url, payment };
  });

  let checkoutUrl: string | undefined;
  if (payment && ctx.stripe) {
    try {
      checkoutUrl = (await openCheckout(ctx, ctx.stripe, await reread(ctx.db, id), payment, url)).url;
    } catch (error) {
      // No payment page, no hold: the nights go back at once and the guest sees the error.
      await ctx.db.transaction().execute(async (trx) => {
        await settlePaymentRow(trx, payment.id, 'failed', isoNow(ctx), {
          lastError: 'The payment page could not be opened',
        });
        await expireBooking(ctx, trx, await reread(trx, id), 'payment', 'The payment page could not be opened');
      });
      throw error;
    }
    await ctx.db.transaction().execute(async (trx) => {
      const booking = await reread(trx, id);
      mailed = await queueGuestMail(trx, ctx, booking, 'received', 'received', { amount: plan.dueNowCents, url });
      await queueOwnerMail(trx, ctx, booking, 'new', { kind: 'cardOpen' });
    });
  }
  ctx.wakeMail();
  const booking = await reread(ctx.db, id);
  const bank = status === 'awaiting_payment' ? bankTransferOf(ctx, booking) : undefined;
  return {
    code,
    status,
    bookingUrl: url,
    ...(checkoutUrl ? { checkoutUrl } : {}),
    totalCents: plan.totalCents,
    dueNowCents: plan.dueNowCents,
    ...(bank ? { bankTransfer: bank.details } : {}),
    mailed: mailed && ctx.mailOn,
  };
}

/**
 * The field where the booking's party leaves the party its price was shown for (the form sends
 * both), or null: the summary, the price and the stored booking must all be the same party.
 */
function partyMismatch(input: BookingInput): 'adults' | 'childrenAges' | null {
  if (!input.quote) return null;
  if (input.quote.adults !== input.adults) return 'adults';
  const shown = input.quote.childrenAges;
  if (shown.length !== input.childrenAges.length || shown.some((age, i) => age !== input.childrenAges[i]))
    return 'childrenAges';
  return null;
}
