import { languageOf } from '../../shared/locales.js';
import { formatAmount } from '../../shared/quote-text.js';
import { maskIban } from '../../shared/refunds.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import type { BookingContext } from '../stay-record/context.js';
import { newGuestLink } from '../stay-record/guest-link.js';
import { GUEST_TEXTS } from '../stay-record/mail-texts.js';

/**
 * How a cancellation's refund comes back, in the guest's language: to the card in 5 to 10 days;
 * by the owner's transfer to the IBAN given; or, with no IBAN yet, a link to give it
 * (docs/decisions/0054-refunds-by-transfer.md). Nothing when nothing is refunded.
 */
export async function refundWords(
  trx: Db,
  ctx: BookingContext,
  booking: BookingRow,
  cardCents: number,
  transferCents: number,
  iban: string | undefined,
): Promise<{ text: string; url?: string }> {
  const texts = GUEST_TEXTS[languageOf(booking.locale)] ?? GUEST_TEXTS.en!;
  const currency = (JSON.parse(booking.quote) as { currency: string }).currency;
  const money = (cents: number) => formatAmount(cents, currency, booking.locale);
  const parts: string[] = [];
  if (cardCents > 0) parts.push(texts.refundCard.replace('{amount}', money(cardCents)));
  if (transferCents > 0 && iban)
    parts.push(texts.refundTransfer.replace('{amount}', money(transferCents)).replace('{iban}', maskIban(iban)));
  if (transferCents > 0 && !iban) {
    parts.push(texts.refundAskIban.replace('{amount}', money(transferCents)));
    return { text: parts.join(' '), url: await newGuestLink(trx, ctx, booking) };
  }
  return { text: parts.join(' ') };
}
