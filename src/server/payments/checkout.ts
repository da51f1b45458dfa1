import type Stripe from 'stripe';
import { CHECKOUT_HOLD_MINUTES, MULTIBANCO_MIN_DAYS } from '../../shared/booking-policy.js';
import { bookingTexts } from '../../shared/booking-text.js';
import { daysBetween } from '../../shared/date-ranges.js';
import { formatDay } from '../../shared/dates.js';
import { languageOf } from '../../shared/locales.js';
import { type BookingContext, houseName, today } from '../stay-record/context.js';
import type { BookingRow, PaymentRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { updatePayment } from './payments-data.js';
import { errorMessage } from '../../shared/error-message.js';

/** The Checkout methods for this stay: card always, MB WAY when enabled, Multibanco when enabled and the arrival is far enough for its days to clear. */
export function checkoutMethods(
  ctx: BookingContext,
  booking: Pick<BookingRow, 'checkIn'>,
): Array<'card' | 'mb_way' | 'multibanco'> {
  const enabled = ctx.settings?.stripeMethods ?? ['card'];
  const farEnough = daysBetween(today(ctx), booking.checkIn) >= MULTIBANCO_MIN_DAYS;
  return [
    'card',
    ...(enabled.includes('mb_way') ? (['mb_way'] as const) : []),
    ...(enabled.includes('multibanco') && farEnough ? (['multibanco'] as const) : []),
  ];
}

/**
 * Opens a Stripe Checkout page for a pending payment, with the payment's idempotency key: a retry
 * after a crash gets the same page, never a second charge. A deposit saves the card for the
 * balance (card only, so MB WAY and Multibanco, which cannot be saved, stay on offer).
 */
export async function openCheckout(
  ctx: BookingContext,
  stripe: Stripe,
  booking: BookingRow,
  payment: PaymentRow,
  bookingUrl: string,
): Promise<{ url: string; expiresAt: string }> {
  const currency = (JSON.parse(booking.quote) as { currency: string }).currency.toLowerCase();
  const label =
    payment.kind === 'deposit'
      ? bookingTexts(booking.locale).deposit
      : payment.kind === 'balance'
        ? bookingTexts(booking.locale).balance
        : '';
  const name = `${houseName(ctx, booking.locale)}, ${formatDay(booking.checkIn)} – ${formatDay(booking.checkOut)}${label ? ` (${label})` : ''}`;
  // Stripe refuses an expiry under 30 minutes from when it creates the page: a minute's margin for the trip there.
  const expiresAt = Math.floor(ctx.now() / 1000) + CHECKOUT_HOLD_MINUTES * 60 + 60;
  const metadata = { bookingId: booking.id, paymentId: payment.id, kind: payment.kind };
  const separator = bookingUrl.includes('?') ? '&' : '?';
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency, unit_amount: payment.amountCents, product_data: { name } } },
        ],
        customer_email: booking.email,
        client_reference_id: booking.code,
        metadata,
        payment_intent_data: { metadata },
        // A filter on the methods enabled in the owner's Stripe dashboard.
        allowed_payment_method_types: checkoutMethods(ctx, booking),
        ...(payment.kind === 'deposit'
          ? {
              customer_creation: 'always' as const,
              payment_method_options: { card: { setup_future_usage: 'off_session' as const } },
            }
          : {}),
        expires_at: expiresAt,
        locale: languageOf(booking.locale) === 'pt' ? 'pt' : 'en',
        success_url: `${bookingUrl}${separator}paid=1`,
        cancel_url: bookingUrl,
      },
      { idempotencyKey: payment.idempotencyKey },
    );
  } catch (error) {
    ctx.log.warn({ err: error, booking: booking.code }, 'Stripe Checkout not opened');
    await updatePayment(ctx.db, payment.id, {
      lastError: errorMessage(error).slice(0, 500),
    });
    throw new HttpError(
      502,
      'The payment service did not answer; nothing was charged',
      undefined,
      'payment_provider_error',
    );
  }
  if (!session.url)
    throw new HttpError(502, 'The payment service gave no payment page', undefined, 'payment_provider_error');
  const expires = new Date((session.expires_at ?? expiresAt) * 1000).toISOString();
  await updatePayment(ctx.db, payment.id, {
    stripeSessionId: session.id,
    checkoutUrl: session.url,
    expiresAt: expires,
  });
  return { url: session.url, expiresAt: expires };
}
