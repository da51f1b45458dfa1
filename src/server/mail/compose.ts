import type { SendMailOptions } from 'nodemailer';
import { formatDay } from '../../shared/dates.js';
import { languageName } from '../../shared/locales.js';
import type { InquiryRow } from '../db/schema.js';
import { quoteAsText, storedQuote } from '../quotes/stored-quote.js';

export interface MailAddresses {
  /** MAIL_TO: the owner. Never taken from a request. */
  to: string;
  /** MAIL_FROM. */
  from: string;
  /** Shown as the sender's name: the property's name. */
  senderName: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function fields(row: InquiryRow): Array<[label: string, value: string]> {
  return [
    ['Name', row.name],
    ['Email', row.email],
    ['Guests', row.guests === null ? '' : String(row.guests)],
    ['Check-in', row.checkIn ? formatDay(row.checkIn) : ''],
    ['Check-out', row.checkOut ? formatDay(row.checkOut) : ''],
    // The language of the page the guest wrote from, named in itself: "Português".
    ['Language', languageName(row.locale)],
    ['Message', row.message],
  ];
}

/**
 * The owner's notification for one inquiry. Everything comes from the stored row, and the
 * Message-ID and Date are the row's own, so every retry sends the very same mail.
 */
export function composeInquiryMail(row: InquiryRow, addresses: MailAddresses): SendMailOptions {
  const list = fields(row);
  const quote = storedQuote(row.quote);
  // The estimate the guest saw in the form, as the server computed it when the inquiry arrived.
  const priceLines = quote ? quoteAsText(quote, row.locale) : [];
  const text =
    list.map(([label, value]) => (label === 'Message' ? `${label}:\n${value}` : `${label}: ${value}`)).join('\n') +
    (priceLines.length > 0 ? `\n\nEstimated price:\n${priceLines.join('\n')}` : '');
  const items = list
    .map(([label, value]) => `<li><strong>${label}:</strong> ${escapeHtml(value).replace(/\r?\n/g, '<br>')}</li>`)
    .join('\n');
  const price = priceLines.length > 0 ? `\n<h3>Estimated price</h3>\n<ul>\n${priceLines.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}\n</ul>` : '';
  return {
    from: { name: addresses.senderName, address: addresses.from },
    to: addresses.to,
    replyTo: { name: row.name, address: row.email },
    subject: `New booking inquiry from ${row.name}`,
    text,
    html: `<!doctype html><html><body><h2>New booking inquiry</h2>\n<ul>\n${items}\n</ul>${price}</body></html>`,
    messageId: row.messageId,
    date: new Date(row.createdAt),
  };
}
