import { languageOf } from '../../shared/locales.js';
import type { InquiryDeclined } from '../../shared/stays.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import { HttpError } from '../lib/http-error.js';
import { queueMail } from '../mail/outbox-data.js';
import { text } from '../mail/templates/mail-blocks.js';
import { mailBrand } from '../mail/templates/mail-brand.js';
import { renderMail } from '../mail/templates/render-mail.js';
import { findInquiry, markHandled } from './inquiries-data.js';

// The owner declines an inquiry: a polite answer in the guest's language, once (its mail key).

const TEXTS: Record<string, { subject: string; greeting: string; body: string; signature: string }> = {
  en: {
    subject: 'Your inquiry at {house}',
    greeting: 'Dear {name},',
    body: 'Thank you very much for your interest in {house}. We are sorry that we cannot welcome you for these dates; we hope to have another occasion to do so.',
    signature: 'Kind regards,\n{house}',
  },
  pt: {
    subject: 'O seu pedido de informação na {house}',
    greeting: 'Caro(a) {name},',
    body: 'Muito obrigado pelo seu interesse na {house}. Lamentamos não o(a) poder receber nestas datas; esperamos ter outra ocasião de o fazer.',
    signature: 'Com os melhores cumprimentos,\n{house}',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/**
 * Declines the inquiry and queues its answer; `mailed` says whether that answer leaves now. Before
 * mail is set up it waits in the outbox, and the owner is told the guest was not told (decision 0055).
 */
export async function declineInquiry(ctx: BookingContext, id: string): Promise<InquiryDeclined> {
  const inquiry = await findInquiry(ctx.db, id);
  if (!inquiry) throw new HttpError(404, 'Inquiry not found');
  const lang = languageOf(inquiry.locale);
  const words = TEXTS[lang] ?? TEXTS.en!;
  const brand = mailBrand(ctx.property, inquiry.locale);
  const values = { name: inquiry.name, house: brand.name };
  const body = fill(words.body, values);
  const { html, text: plain } = renderMail(
    {
      lang: TEXTS[lang] ? lang : 'en',
      preview: body,
      blocks: [text(fill(words.greeting, values)), text(body), text(fill(words.signature, values))],
    },
    brand,
  );
  const queued = await queueMail(
    ctx.db,
    {
      key: `inquiry:${id}:declined`,
      to: inquiry.email,
      subject: fill(words.subject, values),
      text: plain,
      html,
      replyTo: null,
    },
    ctx.now(),
    new URL(ctx.siteUrl).hostname,
  );
  if (!queued) throw new HttpError(409, 'This inquiry was declined already');
  // Answered: it leaves "Needs action" (decision 0044), its first who and when kept.
  await markHandled(ctx.db, id, 'owner', isoNow(ctx));
  ctx.wakeMail();
  return { mailed: ctx.mailOn };
}
