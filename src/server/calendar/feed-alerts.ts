import type { SendMailOptions } from 'nodemailer';
import { HOUSE_TIME_ZONE } from '../../shared/dates.js';
import { languageOf } from '../../shared/locales.js';
import { fillOwnerText, ownerTexts } from '../stay-record/owner-mail-texts.js';
import type { MailAddresses } from '../mail/compose.js';
import { type MailBlock, text } from '../mail/templates/mail-blocks.js';
import { renderMail } from '../mail/templates/render-mail.js';
import type { FeedRow } from './feeds-data.js';

/** A feed down this long is worth a mail; a shorter outage (a platform's hiccup) is not. */
export const ALERT_AFTER_MS = 30 * 60_000;

export type FeedAlert = 'failing' | 'recovered';

/**
 * Which mail the owner is owed after a sync, if any: one when a feed has been failing for
 * ALERT_AFTER_MS, and one when it works again. `alertState` records that the first was sent,
 * so each is sent once, and a mail that could not be sent is tried again at the next sync.
 */
export function alertDue(feed: Pick<FeedRow, 'failingSince' | 'alertState'>, now: number): FeedAlert | undefined {
  if (feed.failingSince && feed.alertState === 'none' && now - Date.parse(feed.failingSince) >= ALERT_AFTER_MS)
    return 'failing';
  if (!feed.failingSince && feed.alertState === 'failing') return 'recovered';
  return undefined;
}

/** `2027-04-01T08:00:00.000Z` as the owner reads an instant: at the house, in their language. */
function momentAtHouse(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: HOUSE_TIME_ZONE,
  }).format(new Date(iso));
}

/** The owner's mail about a feed, in `locale`, the admin's language (decision 0055). */
export function composeFeedAlert(
  alert: FeedAlert,
  feed: Pick<FeedRow, 'name' | 'failingSince' | 'lastError'>,
  addresses: MailAddresses,
  locale = 'en',
): SendMailOptions {
  const words = ownerTexts(locale).notices.feed;
  const values = { name: feed.name, since: feed.failingSince ? momentAtHouse(feed.failingSince, locale) : '' };
  const subject = fillOwnerText(alert === 'failing' ? words.failingSubject : words.recoveredSubject, values);
  const blocks: MailBlock[] =
    alert === 'failing'
      ? [
          text(fillOwnerText(words.failing, values)),
          { kind: 'section', title: words.lastError, text: feed.lastError ?? '' },
          text(words.failingNext),
        ]
      : [text(fillOwnerText(words.recovered, values))];
  const { html, text: plain } = renderMail(
    { lang: languageOf(locale), preview: subject, blocks },
    addresses.brandIn(locale),
  );
  return {
    from: { name: addresses.senderName, address: addresses.from },
    to: addresses.to,
    subject,
    text: plain,
    html,
  };
}
