import { bookingTexts } from '../../shared/booking-text.js';
import { formatDay, formatDayIn } from '../../shared/dates.js';
import { languageOf } from '../../shared/locales.js';
import { formatAmount, QUOTE_TEXTS } from '../../shared/quote-text.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { queueMail } from '../mail/outbox-data.js';
import { type BookingContext, houseName } from './context.js';
import { GUEST_TEXTS, type GuestMailKind } from './mail-texts.js';

// The booking's mails, queued in the transaction of the change they tell of. Each has a key made
// of the booking and the event, so handling an event twice queues its mail once.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** Paragraphs as a plain, inline-styled HTML mail: what survives Gmail and Outlook. */
function asHtml(paragraphs: readonly string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px;font:15px/1.5 Arial,sans-serif;color:#1f2937">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc"><div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">\n${body}\n</div></body></html>`;
}

export interface GuestMailValues {
  amount?: number;
  /** The guest's link, with its token: only ever in the guest's own mails. */
  url?: string;
  extra?: readonly string[];
  fields?: Record<string, string>;
  /** An iCalendar file to attach (the confirmation's stay). */
  calendar?: string;
}

/** Queues one of the guest's mails, in their language; false when that mail was queued before. */
export async function queueGuestMail(trx: Db, ctx: BookingContext, booking: BookingRow, kind: GuestMailKind, keySuffix: string, values: GuestMailValues = {}): Promise<boolean> {
  const texts = GUEST_TEXTS[languageOf(booking.locale)] ?? GUEST_TEXTS.en!;
  const currency = JSON.parse(booking.quote).currency as string;
  const money = (cents: number) => formatAmount(cents, currency, booking.locale);
  const house = houseName(ctx, booking.locale);
  const guestForms = (QUOTE_TEXTS[languageOf(booking.locale)] ?? QUOTE_TEXTS.en!).guests;
  const guests = fill(new Intl.PluralRules(booking.locale).select(booking.guests) === 'one' ? guestForms.one : guestForms.other, { count: String(booking.guests) });
  const all: Record<string, string> = {
    name: booking.name,
    code: booking.code,
    house,
    checkIn: formatDayIn(booking.checkIn, booking.locale),
    checkOut: formatDayIn(booking.checkOut, booking.locale),
    guests,
    amount: values.amount === undefined ? '' : money(values.amount),
    paid: money(booking.paidCents),
    total: money(booking.totalCents),
    due: money(Math.max(0, booking.totalCents - booking.paidCents)),
    url: values.url ?? '',
    ...values.fields,
  };
  const template = texts[kind];
  const paragraphs = [
    fill(texts.greeting, all),
    fill(template.body, all),
    fill(texts.stay, all),
    ...(values.extra ?? []),
    ...(kind === 'receipt' ? [bookingTexts(booking.locale).notInvoice] : []),
    ...(values.url ? [fill(texts.link, all)] : []),
    fill(texts.signature, all),
  ];
  return queueMail(
    trx,
    { key: `booking:${booking.id}:${keySuffix}`, to: booking.email, subject: fill(template.subject, all), text: paragraphs.join('\n\n'), html: asHtml(paragraphs), replyTo: null, ...(values.calendar ? { calendar: values.calendar } : {}) },
    ctx.now(),
    new URL(ctx.siteUrl).hostname,
  );
}

/** Queues a mail to the owner (MAIL_TO), in English like the inquiry mails; nothing without MAIL_TO. */
export async function queueOwnerMail(trx: Db, ctx: BookingContext, booking: BookingRow, keySuffix: string, subject: string, lines: readonly string[]): Promise<void> {
  if (!ctx.ownerEmail) return;
  const currency = JSON.parse(booking.quote).currency as string;
  const money = (cents: number) => formatAmount(cents, currency, 'en');
  const paragraphs = [
    ...lines,
    `Booking ${booking.code}: ${formatDay(booking.checkIn)} to ${formatDay(booking.checkOut)}, ${booking.guests} guests.`,
    `Guest: ${booking.name} <${booking.email}>${booking.phone ? `, ${booking.phone}` : ''}, ${booking.country}.`,
    `Total ${money(booking.totalCents)}, paid ${money(booking.paidCents)}, refunded ${money(booking.refundedCents)}. Status: ${booking.status}.`,
    `Details: ${ctx.siteUrl}/admin`,
  ];
  await queueMail(
    trx,
    { key: `booking:${booking.id}:owner:${keySuffix}`, to: ctx.ownerEmail, subject: `${subject}: ${booking.code}`, text: paragraphs.join('\n\n'), html: asHtml(paragraphs), replyTo: booking.email },
    ctx.now(),
    new URL(ctx.siteUrl).hostname,
  );
}
