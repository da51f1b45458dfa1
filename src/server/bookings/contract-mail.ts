import { cancellationDeadlines } from '../../shared/booking-text.js';
import { formatDayIn, houseToday } from '../../shared/dates.js';
import { languageOf } from '../../shared/locales.js';
import { QuoteSchema } from '../../shared/quote-schema.js';
import { formatAmount, QUOTE_TEXTS } from '../../shared/quote-text.js';
import type { BookingRow } from '../db/schema.js';
import { type MailBlock, text } from '../mail/templates/mail-blocks.js';
import type { BookingContext } from '../stay-record/context.js';
import { CONTRACT_TEXTS } from '../stay-record/mail-texts.js';
import { guestTerms } from '../stay-record/terms.js';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/**
 * The confirmation's contract: the stay, its price lines, what is paid and due, the accepted
 * policy as dates, the house rules, the no-withdrawal notice, and who the guest contracts with,
 * all in the language the guest booked in and read from the terms stored with the booking.
 */
export function contractBlocks(ctx: BookingContext, booking: BookingRow): MailBlock[] {
  const locale = booking.locale;
  const words = CONTRACT_TEXTS[languageOf(locale) === 'pt' ? 'pt' : 'en'];
  const terms = guestTerms(ctx, booking);
  const quote = QuoteSchema.parse(JSON.parse(booking.quote));
  const money = (cents: number) => formatAmount(cents, quote.currency, locale);
  const day = (value: string) => formatDayIn(value, locale);
  const guestForms = (QUOTE_TEXTS[languageOf(locale)] ?? QUOTE_TEXTS.en!).guests;
  const guests = (
    new Intl.PluralRules(locale).select(booking.guests) === 'one' ? guestForms.one : guestForms.other
  ).replace('{count}', String(booking.guests));
  const due = Math.max(0, booking.totalCents - booking.paidCents);
  const dueText =
    due > 0 && booking.balanceDueOn
      ? fill(words.dueBy, { amount: money(due), date: day(booking.balanceDueOn) })
      : money(due);
  const owner = terms.owner;
  const party = [
    ...(owner ? [owner.name, fill(words.nif, { nif: owner.nif }), owner.address] : []),
    ...(terms.registrationNumber ? [fill(words.registration, { number: terms.registrationNumber })] : []),
  ];
  const acceptedDay = houseToday(Date.parse(terms.acceptedAt ?? booking.createdAt));
  // Only what the guest accepted, or what the owner gave for a stay they entered (decision 0052):
  // no heading over an empty policy, no acceptance the guest never gave.
  const note = terms.ownerEntered
    ? fill(words.entered, { date: day(houseToday(Date.parse(booking.createdAt))) })
    : terms.acceptedAt
      ? fill(words.accepted, { date: day(acceptedDay) })
      : null;
  return [
    { kind: 'heading', text: words.heading },
    {
      kind: 'fields',
      rows: [
        [words.dates, fill(words.datesValue, { checkIn: day(booking.checkIn), checkOut: day(booking.checkOut) })],
        [words.guests, guests],
        ...quote.lines.map((line) => [line.label, money(line.amount)] as const),
        [words.total, money(booking.totalCents)],
        [words.paid, money(booking.paidCents)],
        [words.due, dueText],
      ],
    },
    // Empty tiers are a guest's "no refund"; for an entered stay, the owner gave no policy.
    ...(!terms.ownerEntered || terms.cancellation.length > 0
      ? [
          { kind: 'heading', text: words.policy } as const,
          {
            kind: 'list',
            items: cancellationDeadlines(terms.cancellation, booking.checkIn, locale, acceptedDay),
          } as const,
        ]
      : []),
    ...(!terms.ownerEntered || terms.houseRules
      ? [{ kind: 'heading', text: words.houseRules } as const, text(terms.houseRules)]
      : []),
    ...(!terms.ownerEntered || terms.noWithdrawal
      ? [{ kind: 'heading', text: words.withdrawal } as const, text(terms.noWithdrawal)]
      : []),
    ...(party.length > 0
      ? [{ kind: 'heading', text: words.party } as const, { kind: 'list', items: party } as const]
      : []),
    ...(note ? [{ kind: 'note', text: note } as const] : []),
  ];
}
