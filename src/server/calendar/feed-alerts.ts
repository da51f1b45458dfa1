import type { SendMailOptions } from 'nodemailer';
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

export function composeFeedAlert(
  alert: FeedAlert,
  feed: Pick<FeedRow, 'name' | 'failingSince' | 'lastError'>,
  addresses: MailAddresses,
): SendMailOptions {
  const subject =
    alert === 'failing'
      ? `Calendar feed "${feed.name}" has been failing since ${feed.failingSince ?? ''}`
      : `Calendar feed "${feed.name}" works again`;
  const blocks: MailBlock[] =
    alert === 'failing'
      ? [
          text(`The calendar feed "${feed.name}" could not be imported since ${feed.failingSince ?? ''} (UTC).`),
          { kind: 'section', title: 'Last error', text: feed.lastError ?? '' },
          text('The nights it sent before stay blocked until it works again. See the Calendar panel in /admin.'),
        ]
      : [text(`The calendar feed "${feed.name}" was imported again, and its nights are up to date.`)];
  const { html, text: plain } = renderMail({ lang: 'en', preview: subject, blocks }, addresses.brand);
  return {
    from: { name: addresses.senderName, address: addresses.from },
    to: addresses.to,
    subject,
    text: plain,
    html,
  };
}
