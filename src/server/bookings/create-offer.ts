import { randomUUID } from 'node:crypto';
import { paymentPlan } from '../../shared/booking-policy.js';
import { daysBetween } from '../../shared/date-ranges.js';
import { type QuoteParty } from '../../shared/quote.js';
import { QUOTE_NIGHTS_MAX } from '../../shared/quote-constants.js';
import { formatMomentIn } from '../../shared/dates.js';
import type { OfferCreated, OfferInput } from '../../shared/stays.js';
import type { Quote } from '../../shared/quote-schema.js';
import { formatAmount } from '../../shared/quote-text.js';
import { holdNights, takeBookingLock, whatHolds } from '../calendar/bookings.js';
import { findInquiry, markHandled } from '../inquiries/inquiries-data.js';
import { HttpError } from '../lib/http-error.js';
import { text } from '../mail/templates/mail-blocks.js';
import { recordEvent } from '../stay-record/booking-events-data.js';
import { queueGuestMail } from '../stay-record/booking-mails.js';
import { findBookingByInquiry, insertBooking } from '../stay-record/bookings-data.js';
import { newBookingCode } from '../stay-record/codes.js';
import { availableMethods, type BookingContext, isoNow, requireSettings, today } from '../stay-record/context.js';
import { newGuestLink } from '../stay-record/guest-link.js';
import { offeredTerms } from '../stay-record/terms.js';
import { taxRuleSnapshot } from '../stay-record/tax-rule.js';
import { reread } from '../stay-record/transition.js';

const HOUR = 60 * 60_000;

/**
 * The owner answers an inquiry with an offer (docs/stays.md): a direct booking awaiting its
 * deposit, priced by the quote or at the owner's typed price, under the content's policy as it is
 * now, its nights held until `offerHoldHours` from now; the guest is mailed the link to their
 * booking page, where they accept its terms, then pay as for any booking. When the hold runs out unpaid, the bookings job
 * expires it and frees the nights, as for any booking awaiting payment.
 */
export async function createOffer(ctx: BookingContext, inquiryId: string, input: OfferInput): Promise<OfferCreated> {
  const settings = requireSettings(ctx);
  const inquiry = await findInquiry(ctx.db, inquiryId);
  if (!inquiry) throw new HttpError(404, 'Inquiry not found');
  const { checkIn, checkOut } = inquiry;
  if (!checkIn || !checkOut) throw new HttpError(409, 'This inquiry has no check-in and check-out to offer');
  const party = offerParty(inquiry, input);
  if (!party) throw new HttpError(400, 'Say how many adults stay', 'adults');
  const guests = party.adults + party.childrenAges.length;
  if (guests > ctx.property.capacity) throw new HttpError(400, `At most ${ctx.property.capacity} guests`, 'adults');
  if (daysBetween(checkIn, checkOut) > QUOTE_NIGHTS_MAX) throw new HttpError(400, 'This stay is too long', 'checkOut');
  if (checkIn < today(ctx)) throw new HttpError(409, 'This inquiry is for dates that have passed');
  const method = availableMethods(ctx)[0];
  if (!method) throw new HttpError(503, 'No way of paying is set up', undefined, 'payments_unavailable');
  const locale = ctx.property.locales.includes(inquiry.locale) ? inquiry.locale : (ctx.property.locales[0] ?? 'en');
  // The children's ages decide the tourist tax, as for a booking from the form (decision 0038).
  const quote = offerQuote(
    ctx.quoter.quote({ checkIn, checkOut, guests, ...party, locale }),
    input.totalCents,
    ctx,
    checkIn,
    checkOut,
    locale,
  );

  const at = isoNow(ctx);
  // Accepted by no one yet: the guest accepts these terms on the booking page before paying (decision 0052).
  const terms = offeredTerms(ctx.property, ctx.contentVersion, locale);
  const plan = paymentPlan(terms, quote.total, today(ctx), checkIn);
  const id = randomUUID();
  const code = newBookingCode();
  const holdUntil = new Date(ctx.now() + settings.offerHoldHours * HOUR).toISOString();
  const ownerMessage = input.message || null;
  const payUrl = await ctx.db.transaction().execute(async (trx) => {
    await takeBookingLock(trx, at);
    if (await findBookingByInquiry(trx, inquiryId)) throw new HttpError(409, 'This inquiry already has an offer');
    await insertBooking(trx, {
      id,
      code,
      status: 'awaiting_payment',
      checkIn,
      checkOut,
      guests,
      childrenAges: JSON.stringify(party.childrenAges),
      name: inquiry.name,
      email: inquiry.email,
      phone: null,
      country: '',
      locale,
      message: inquiry.message,
      ownerMessage,
      paymentMethod: method,
      quote: JSON.stringify(quote),
      totalCents: plan.totalCents,
      dueNowCents: plan.dueNowCents,
      balanceDueOn: plan.balanceDueOn,
      holdUntil,
      bankReference: method === 'bank_transfer' ? code : null,
      stripeCustomer: null,
      stripePaymentMethod: null,
      overdueAt: null,
      terms: JSON.stringify(terms),
      inquiryId,
      touristTaxRule: taxRuleSnapshot(ctx.property),
      createdAt: at,
      updatedAt: at,
    });
    if (!(await holdNights(trx, id, checkIn, checkOut, at))) {
      const holder = await whatHolds(trx, checkIn, checkOut);
      throw new HttpError(409, `Some of these nights are already taken by ${holder}`, undefined, 'dates_unavailable');
    }
    await recordEvent(trx, id, null, 'awaiting_payment', 'owner', at, 'offer');
    // Answered: the inquiry leaves "Needs action" (decision 0044), its first who and when kept.
    await markHandled(trx, inquiryId, 'owner', at);
    const booking = await reread(trx, id);
    const url = await newGuestLink(trx, ctx, booking);
    // No bank details here: the guest accepts the terms on the page first, which then shows them.
    await queueGuestMail(trx, ctx, booking, 'offer', 'offer', {
      amount: plan.dueNowCents,
      url,
      extra: ownerMessage ? [text(ownerMessage)] : [],
      fields: {
        total: formatAmount(plan.totalCents, quote.currency, locale),
        holdUntil: formatMomentIn(holdUntil, locale),
      },
    });
    return url;
  });
  ctx.wakeMail();
  return { code, payUrl, mailed: ctx.mailOn };
}

/**
 * Who stays: the owner's answer when given (the inquiry did not say, or said it wrong), else the
 * inquiry's adults and children's ages, else its head count as adults; undefined when nobody says.
 */
function offerParty(
  inquiry: { guests: number | null; adults: number | null; childrenAges: string | null },
  input: OfferInput,
): QuoteParty | undefined {
  if (input.adults !== undefined) return { adults: input.adults, childrenAges: input.childrenAges ?? [] };
  if (inquiry.adults !== null)
    return { adults: inquiry.adults, childrenAges: JSON.parse(inquiry.childrenAges ?? '[]') as number[] };
  if (inquiry.guests) return { adults: inquiry.guests, childrenAges: [] };
  return undefined;
}

/** The quote, its accommodation lines replaced by the owner's price when one is typed; its tourist tax kept. */
function offerQuote(
  quote: Quote | undefined,
  totalCents: number | undefined,
  ctx: BookingContext,
  checkIn: string,
  checkOut: string,
  locale: string,
): Quote {
  if (totalCents === undefined) {
    if (!quote) throw new HttpError(400, 'These dates cannot be priced: type a price', 'totalCents');
    return quote;
  }
  const taxes = (quote?.lines ?? []).filter((l) => l.kind === 'touristTax');
  const nights = daysBetween(checkIn, checkOut);
  const line = {
    kind: 'nights' as const,
    label: locale.startsWith('pt') ? 'Estadia' : 'Stay',
    amount: totalCents,
    unitAmount: totalCents,
    nights: null,
    guests: null,
  };
  return {
    currency: quote?.currency ?? ctx.property.pricing?.currency ?? 'EUR',
    nights,
    lines: [line, ...taxes],
    total: totalCents + taxes.reduce((sum, l) => sum + l.amount, 0),
    minNights: 1,
    bookable: true,
    reason: null,
    rule: quote?.rule ?? { seasonName: null, minNights: 1, arrivalDays: null },
    message: null,
  };
}
