import type { SendMailOptions } from 'nodemailer';
import { localizeProperty, type PropertyContent } from '../../shared/content.js';
import { formatDay } from '../../shared/dates.js';
import { languageName } from '../../shared/locales.js';
import type { InquiryRow } from '../db/schema.js';
import { quoteAsText, storedQuote } from '../quotes/stored-quote.js';
import { type MailBrand, mailBrand } from './templates/mail-brand.js';
import type { MailBlock } from './templates/mail-blocks.js';
import { renderMail } from './templates/render-mail.js';

export interface MailAddresses {
  /** MAIL_TO: the owner. Never taken from a request. */
  to: string;
  /** MAIL_FROM. */
  from: string;
  /** Shown as the sender's name: the property's name. */
  senderName: string;
  /** The house's name and colours in the owner's mails (English, the content's first locale's name). */
  brand: MailBrand;
}

/** The addresses, with the house's name and colours read from `property()` at each mail: as published then. */
export function liveMailAddresses(
  mail: { to?: string; from?: string },
  property: () => PropertyContent,
): MailAddresses {
  return {
    to: mail.to ?? '',
    from: mail.from ?? '',
    get senderName() {
      const current = property();
      return localizeProperty(current, current.locales[0] ?? 'en').name;
    },
    get brand() {
      return mailBrand(property());
    },
  };
}

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
  const quote = storedQuote(row.quote);
  // The estimate the guest saw in the form, as the server computed it when the inquiry arrived.
  const priceLines = quote ? quoteAsText(quote, row.locale) : [];
  const blocks: MailBlock[] = [
    { kind: 'heading', text: 'New booking inquiry' },
    { kind: 'fields', rows: fields(row) },
    ...(priceLines.length > 0
      ? ([
          { kind: 'heading', text: 'Estimated price' },
          { kind: 'list', items: priceLines },
        ] as const)
      : []),
  ];
  const { html, text } = renderMail(
    { lang: 'en', preview: `${row.name}: ${row.message.slice(0, 80)}`, blocks },
    addresses.brand,
  );
  return {
    from: { name: addresses.senderName, address: addresses.from },
    to: addresses.to,
    replyTo: { name: row.name, address: row.email },
    subject: `New booking inquiry from ${row.name}`,
    text,
    html,
    messageId: row.messageId,
    date: new Date(row.createdAt),
  };
}
