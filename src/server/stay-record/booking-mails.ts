import { bookingTexts } from '../../shared/booking-text.js';
import { formatDayIn, HOUSE_TIME_ZONE } from '../../shared/dates.js';
import { languageOf } from '../../shared/locales.js';
import { formatAmount, QUOTE_TEXTS } from '../../shared/quote-text.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { queueMail } from '../mail/outbox-data.js';
import { type MailBlock, text } from '../mail/templates/mail-blocks.js';
import { mailBrand } from '../mail/templates/mail-brand.js';
import { renderMail } from '../mail/templates/render-mail.js';
import { ownerLocale } from '../settings/admin-preferences.js';
import type { BookingContext } from './context.js';
import { mailDependency } from './mail-dependency.js';
import { GUEST_TEXTS, type GuestMailKind } from './mail-texts.js';
import { OWNER_TEXTS, type OwnerMailKind, type OwnerNote, type OwnerTexts } from './owner-mail-texts.js';

// The booking's mails, queued in the transaction of the change they tell of. Each has a key made
// of the booking and the event, so handling an event twice queues its mail once.

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export interface GuestMailValues {
  amount?: number;
  /** The guest's link, with its token: only ever in the guest's own mails. */
  url?: string;
  /** The one-time link to the review form (the thank-you mail). */
  reviewUrl?: string;
  /** Parts after the stay's line: the transfer details, the arrival instructions. */
  extra?: readonly MailBlock[];
  fields?: Record<string, string>;
  /** An iCalendar file to attach (the confirmation's stay). */
  calendar?: string;
}

/** Queues one of the guest's mails, in their language; false when that mail was queued before. */
export async function queueGuestMail(
  trx: Db,
  ctx: BookingContext,
  booking: BookingRow,
  kind: GuestMailKind,
  keySuffix: string,
  values: GuestMailValues = {},
): Promise<boolean> {
  // A stay whose platform hides the guest's e-mail: the owner passes its links on by hand.
  if (!booking.email) return false;
  const texts = GUEST_TEXTS[languageOf(booking.locale)] ?? GUEST_TEXTS.en!;
  const currency = JSON.parse(booking.quote).currency as string;
  const money = (cents: number) => formatAmount(cents, currency, booking.locale);
  const brand = mailBrand(ctx.property, booking.locale);
  const guestForms = (QUOTE_TEXTS[languageOf(booking.locale)] ?? QUOTE_TEXTS.en!).guests;
  const guests = fill(
    new Intl.PluralRules(booking.locale).select(booking.guests) === 'one' ? guestForms.one : guestForms.other,
    { count: String(booking.guests) },
  );
  const all: Record<string, string> = {
    name: booking.name,
    code: booking.code,
    house: brand.name,
    checkIn: formatDayIn(booking.checkIn, booking.locale),
    checkOut: formatDayIn(booking.checkOut, booking.locale),
    guests,
    amount: values.amount === undefined ? '' : money(values.amount),
    paid: money(booking.paidCents),
    total: money(booking.totalCents),
    due: money(Math.max(0, booking.totalCents - booking.paidCents)),
    ...values.fields,
  };
  // A booking paid in full at once (the balance falls due before arrival) has no deposit.
  const inFull = values.amount !== undefined && values.amount >= booking.totalCents;
  all.payment = fill(inFull ? texts.paymentOf : texts.depositOf, all);
  const template = texts[kind];
  const body = fill(template.body, all);
  const blocks: MailBlock[] = [
    text(fill(texts.greeting, all)),
    text(body),
    ...(values.reviewUrl
      ? [{ kind: 'action', text: texts.reviewLink, label: texts.reviewLabel, url: values.reviewUrl } as const]
      : []),
    text(fill(texts.stay, all)),
    ...(values.extra ?? []),
    ...(kind === 'receipt' ? [{ kind: 'note', text: bookingTexts(booking.locale).notInvoice } as const] : []),
    ...(values.url ? [{ kind: 'action', text: texts.link, label: texts.linkLabel, url: values.url } as const] : []),
    text(fill(texts.signature, all)),
  ];
  const dependsOn = mailDependency(booking, kind);
  const { html, text: plain } = renderMail({ lang: languageOf(booking.locale), preview: body, blocks }, brand);
  return queueMail(
    trx,
    {
      key: `booking:${booking.id}:${keySuffix}`,
      to: booking.email,
      subject: fill(template.subject, all),
      text: plain,
      html,
      replyTo: null,
      ...(values.calendar ? { calendar: values.calendar } : {}),
      ...(dependsOn ? { dependsOn } : {}),
    },
    ctx.now(),
    new URL(ctx.siteUrl).hostname,
  );
}

export interface OwnerFormats {
  locale: string;
  texts: OwnerTexts;
  /** `2027-06-07` as the owner reads a day: `7 June 2027`, `7 de junho de 2027`. */
  day: (value: string) => string;
  /** An instant (ISO) at the house: its day and time. */
  moment: (iso: string) => string;
  money: (cents: number, currency?: string) => string;
}

export interface OwnerMail {
  kind: OwnerMailKind;
  /** The values of the mail's `{placeholders}`, written in the owner's language. */
  fields?: (format: OwnerFormats) => Record<string, string>;
  notes?: readonly OwnerNote[];
}

/**
 * Queues a mail to the owner (MAIL_TO) in the admin's language, with the booking's status in words
 * and a link to its page in the admin; nothing without MAIL_TO. Never for what the owner just did
 * in the admin: they saw it happen (docs/decisions/0055-owner-mails.md).
 */
export async function queueOwnerMail(
  trx: Db,
  ctx: BookingContext,
  booking: BookingRow,
  keySuffix: string,
  mail: OwnerMail,
): Promise<void> {
  if (!ctx.ownerEmail) return;
  const locale = await ownerLocale(trx, ctx.property.locales);
  const texts = OWNER_TEXTS[locale] ?? OWNER_TEXTS.en!;
  const currency = JSON.parse(booking.quote).currency as string;
  const format: OwnerFormats = {
    locale,
    texts,
    day: (value) => formatDayIn(value, locale),
    moment: (iso) => formatMomentAtHouse(iso, locale),
    money: (cents, other = currency) => formatAmount(cents, other, locale),
  };
  const fields = mail.fields?.(format) ?? {};
  const words = texts.mails[mail.kind];
  const guests = fill(
    new Intl.PluralRules(locale).select(booking.guests) === 'one' ? texts.guests.one : texts.guests.other,
    {
      count: String(booking.guests),
    },
  );
  const guest = [
    booking.email ? `${booking.name} <${booking.email}>` : booking.name,
    ...(booking.phone ? [booking.phone] : []),
    ...(booking.country ? [regionName(booking.country, locale)] : []),
  ].join(', ');
  const lines = [...words.lines, ...(mail.notes ?? []).map((note) => texts.notes[note])].map((line) =>
    fill(line, fields),
  );
  const blocks: MailBlock[] = [
    ...lines.map(text),
    text(
      fill(texts.booking, {
        code: booking.code,
        checkIn: format.day(booking.checkIn),
        checkOut: format.day(booking.checkOut),
        guests,
      }),
    ),
    text(fill(texts.guest, { guest })),
    text(
      fill(texts.money, {
        total: format.money(booking.totalCents),
        paid: format.money(booking.paidCents),
        refunded: format.money(booking.refundedCents),
        status: texts.status[booking.status],
      }),
    ),
    {
      kind: 'action',
      text: texts.link,
      label: texts.linkLabel,
      url: `${ctx.siteUrl}/admin/bookings/${encodeURIComponent(booking.code)}`,
    },
  ];
  const subject = fill(words.subject, fields);
  const { html, text: plain } = renderMail(
    { lang: languageOf(locale), preview: lines[0] ?? subject, blocks },
    mailBrand(ctx.property, locale),
  );
  await queueMail(
    trx,
    {
      key: `booking:${booking.id}:owner:${keySuffix}`,
      to: ctx.ownerEmail,
      subject: `${subject}: ${booking.code}`,
      text: plain,
      html,
      replyTo: booking.email,
    },
    ctx.now(),
    new URL(ctx.siteUrl).hostname,
  );
}

/** A country's ISO code in words in `locale`; the code itself when Intl does not know it. */
function regionName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** An instant as the owner reads it, at the house: `7 January 2027, 10:30`. */
function formatMomentAtHouse(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: HOUSE_TIME_ZONE,
  }).format(new Date(iso));
}
