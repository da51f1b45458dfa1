import type { SendMailOptions } from 'nodemailer';
import { formatDayIn } from '../../shared/dates.js';
import { languageName, languageOf } from '../../shared/locales.js';
import { fillOwnerText, ownerTexts } from '../stay-record/owner-mail-texts.js';
import type { InquiryRow } from '../db/schema.js';
import type { MailAddresses } from '../mail/compose.js';
import type { MailBlock } from '../mail/templates/mail-blocks.js';
import { renderMail } from '../mail/templates/render-mail.js';
import { quoteAsText, storedQuote } from '../quotes/stored-quote.js';

function fields(row: InquiryRow, locale: string): Array<[label: string, value: string]> {
  const words = ownerTexts(locale).notices.inquiry;
  return [
    [words.name, row.name],
    [words.email, row.email],
    [words.guests, row.guests === null ? '' : String(row.guests)],
    [words.checkIn, row.checkIn ? formatDayIn(row.checkIn, locale) : ''],
    [words.checkOut, row.checkOut ? formatDayIn(row.checkOut, locale) : ''],
    // The language of the page the guest wrote from, named in itself: "Português".
    [words.language, languageName(row.locale)],
    [words.message, row.message],
  ];
}

/**
 * The owner's notification for one inquiry, in `locale`, the admin's language (decision 0055).
 * Everything else comes from the stored row, and the Message-ID and Date are the row's own, so
 * every retry sends the same mail (in the language the admin has when it goes).
 */
export function composeInquiryMail(row: InquiryRow, addresses: MailAddresses, locale = 'en'): SendMailOptions {
  const words = ownerTexts(locale).notices.inquiry;
  const quote = storedQuote(row.quote);
  // The estimate the guest saw in the form, as the server computed it when the inquiry arrived.
  const priceLines = quote ? quoteAsText(quote, row.locale, words.total) : [];
  const blocks: MailBlock[] = [
    { kind: 'heading', text: words.heading },
    { kind: 'fields', rows: fields(row, locale) },
    ...(priceLines.length > 0
      ? ([
          { kind: 'heading', text: words.price },
          { kind: 'list', items: priceLines },
        ] as const)
      : []),
  ];
  const { html, text } = renderMail(
    { lang: languageOf(locale), preview: `${row.name}: ${row.message.slice(0, 80)}`, blocks },
    addresses.brandIn(locale),
  );
  return {
    from: { name: addresses.senderName, address: addresses.from },
    to: addresses.to,
    replyTo: { name: row.name, address: row.email },
    subject: fillOwnerText(words.subject, { name: row.name }),
    text,
    html,
    messageId: row.messageId,
    date: new Date(row.createdAt),
  };
}
