import { randomUUID } from 'node:crypto';
import { isPlatformChannel } from '../../shared/channels.js';
import type { Quote } from '../../shared/quote-schema.js';
import type { StayInput } from '../../shared/stays.js';
import { holdNights, takeBookingLock, whatHolds } from '../calendar/bookings.js';
import { findFeedEventByUid } from '../calendar/feed-events-data.js';
import { HttpError } from '../lib/http-error.js';
import { recordEvent } from '../stay-record/booking-events-data.js';
import { addPaid, findBookingByFeedUid, insertBooking } from '../stay-record/bookings-data.js';
import { insertPayment } from '../payments/payments-data.js';
import { newBookingCode } from '../stay-record/codes.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import { enteredTerms } from '../stay-record/terms.js';
import { taxRuleSnapshot } from '../stay-record/tax-rule.js';
import { daysBetween } from '../../shared/date-ranges.js';

/**
 * A stay the owner enters from another channel (docs/stays.md): paid where it was booked, so it
 * starts `paid` and nothing here ever charges or refunds it, or, paid to the owner in part (a phone
 * guest's deposit), `confirmed` with its balance due, which the owner records when it comes (decision
 * 0051); its nights are held under the same
 * lock as a guest's booking (calendar/bookings.ts), and a stay that completes a feed's event names
 * the event, whose nights are then the stay's own (decision 0037).
 */
export async function createStay(ctx: BookingContext, input: StayInput): Promise<{ code: string }> {
  const at = isoNow(ctx);
  const id = randomUUID();
  const code = newBookingCode();
  const price = input.priceCents ?? 0;
  // What the guest has paid so far: the price unless the owner says a part (never on a platform).
  const paid = input.paidCents ?? price;
  const status = paid < price ? 'confirmed' : 'paid';
  const guests = input.adults + input.children.length;
  const paymentMethod = isPlatformChannel(input.channel) ? 'platform' : 'owner';
  if (input.feedEventUid) {
    const event = await findFeedEventByUid(ctx.db, input.feedEventUid);
    if (!event) throw new HttpError(400, 'No feed lists this event now', 'feedEventUid');
    if (event.start !== input.checkIn || event.end !== input.checkOut)
      throw new HttpError(400, `The feed's event is from ${event.start} to ${event.end}`, 'checkIn');
  }
  await ctx.db.transaction().execute(async (trx) => {
    // The calendar's lock first: two completions of one event take turns, and the unique index on
    // feed_event_uid stands behind this check.
    await takeBookingLock(trx, at);
    if (input.feedEventUid && (await findBookingByFeedUid(trx, input.feedEventUid)))
      throw new HttpError(409, 'This feed event is already a stay', 'feedEventUid', 'conflict');
    await insertBooking(trx, {
      id,
      code,
      status,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      guests,
      name: input.name,
      // A platform that hides the guest's e-mail: no guest mail is sent; the owner copies the link.
      email: input.email ?? '',
      phone: input.phone ?? null,
      country: input.country ?? '',
      locale: input.locale,
      message: '',
      paymentMethod,
      quote: JSON.stringify(enteredQuote(ctx, input, price)),
      totalCents: price,
      dueNowCents: 0,
      balanceDueOn: null,
      holdUntil: null,
      bankReference: null,
      stripeCustomer: null,
      stripePaymentMethod: null,
      overdueAt: null,
      // The guest accepted nothing on the site: only what the owner gave is stored (decision 0052).
      terms: JSON.stringify(enteredTerms(ctx.property, ctx.contentVersion, input.locale)),
      channel: input.channel,
      platformReference: input.platformReference ?? null,
      feedEventUid: input.feedEventUid ?? null,
      commissionCents: input.commissionCents ?? null,
      childrenAges: JSON.stringify(input.children.map((c) => c.age)),
      touristTaxCollectedBy: input.touristTaxCollectedBy,
      touristTaxRule: taxRuleSnapshot(ctx.property),
      createdAt: at,
      updatedAt: at,
    });
    // Paid where it was booked: shown as paid, never asked for here; a balance left is shown due.
    if (paid > 0) await addPaid(trx, id, paid, at);
    // Paid to the owner directly (a phone guest): a settled payment like any other, of what was
    // paid, so it gets its one invoice-receipt for that amount (decision 0039); its key makes it one
    // per stay. A platform's stay is paid to the platform, which is not the guest's payment to the house.
    const kind = paid < price ? 'deposit' : 'full';
    if (paid > 0 && paymentMethod === 'owner')
      await insertPayment(trx, {
        id: randomUUID(),
        bookingId: id,
        kind,
        method: 'owner',
        status: 'succeeded',
        amountCents: paid,
        idempotencyKey: `${id}:${kind}:owner`,
        stripeSessionId: null,
        stripePaymentIntent: null,
        checkoutUrl: null,
        expiresAt: null,
        createdAt: at,
        settledAt: at,
      });
    // The booking is in first: its own feed event is then claimed and no longer in its way.
    if (!(await holdNights(trx, id, input.checkIn, input.checkOut, at))) {
      const holder = await whatHolds(trx, input.checkIn, input.checkOut);
      throw new HttpError(409, `Some of these nights are already taken by ${holder}`, undefined, 'dates_unavailable');
    }
    await recordEvent(trx, id, null, status, 'owner', at, `entered (${input.channel})`);
    // No mail to the owner: they entered it themselves (docs/decisions/0055-owner-mails.md).
  });
  ctx.wakeMail();
  return { code };
}

/** The price the guest paid elsewhere, as one line of the stay's quote. */
function enteredQuote(ctx: BookingContext, input: StayInput, price: number): Quote {
  const nights = daysBetween(input.checkIn, input.checkOut);
  return {
    currency: ctx.property.pricing?.currency ?? 'EUR',
    nights,
    lines: [
      {
        kind: 'nights',
        label: input.locale.startsWith('pt') ? 'Estadia' : 'Stay',
        amount: price,
        unitAmount: price,
        nights: null,
        guests: null,
      },
    ],
    total: price,
    minNights: 1,
    bookable: true,
    reason: null,
    rule: { seasonName: null, minNights: 1, arrivalDays: null },
    message: null,
  };
}
