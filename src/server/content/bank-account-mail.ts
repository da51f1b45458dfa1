import { HOUSE_TIME_ZONE } from '../../shared/dates.js';
import { languageOf } from '../../shared/locales.js';
import type { PropertyContent } from '../../shared/content.js';
import type { Db } from '../db/database.js';
import { queueMail } from '../mail/outbox-data.js';
import { text } from '../mail/templates/mail-blocks.js';
import { mailBrand } from '../mail/templates/mail-brand.js';
import { renderMail } from '../mail/templates/render-mail.js';
import { ownerLocale } from '../settings/admin-preferences.js';
import type { BankAccount } from './bank-account.js';

// The owner's mail when a publish changes the account guests pay into, in the admin's language
// (docs/decisions/0055-owner-mails.md), at MAIL_TO: someone with the password could otherwise
// redirect the transfers unseen. Never the whole IBAN: its last four characters
// (docs/decisions/0063-the-iban-and-the-last-doors.md).

const TEXTS = {
  en: {
    subject: 'The bank account for transfers was changed',
    changed:
      'The account guests are asked to pay into by bank transfer was changed in version {version} of the content, published on {when}.',
    accounts: 'Before: {before}. Now: {after}.',
    ending: 'IBAN ending in {end} ({holder})',
    none: 'no account',
    kept: 'Bookings already made keep the account they were given; bookings made from now on are given the new one.',
    notYou:
      'If you did not make this change, someone has your admin password: change the password at once, and publish the earlier account again from the editor’s History.',
    link: 'The content:',
    linkLabel: 'Open the editor',
  },
  pt: {
    subject: 'A conta bancária para transferências foi alterada',
    changed:
      'A conta para onde os hóspedes transferem os pagamentos foi alterada na versão {version} do conteúdo, publicada a {when}.',
    accounts: 'Antes: {before}. Agora: {after}.',
    ending: 'IBAN terminado em {end} ({holder})',
    none: 'nenhuma conta',
    kept: 'As reservas já feitas mantêm a conta que lhes foi indicada; as reservas feitas a partir de agora recebem a nova.',
    notYou:
      'Se não foi o proprietário a fazer esta alteração, alguém tem a palavra-passe da administração: altere-a já e volte a publicar a conta anterior a partir do Histórico do editor.',
    link: 'O conteúdo:',
    linkLabel: 'Abrir o editor',
  },
} as const;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

export interface BankAccountChange {
  version: number;
  at: string;
  before: BankAccount | null;
  after: BankAccount | null;
}

/** Queues the mail in the publish's transaction, once per version; false without MAIL_TO. */
export async function queueBankAccountMail(
  trx: Db,
  deps: { ownerEmail: string | undefined; siteUrl: string; property: PropertyContent; now: number },
  change: BankAccountChange,
): Promise<boolean> {
  if (!deps.ownerEmail) return false;
  const locale = await ownerLocale(trx, deps.property.locales);
  const words = languageOf(locale) === 'pt' ? TEXTS.pt : TEXTS.en;
  const account = (a: BankAccount | null) =>
    a ? fill(words.ending, { end: a.iban.slice(-4), holder: a.holder }) : words.none;
  const when = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: HOUSE_TIME_ZONE,
  }).format(new Date(change.at));
  const lines = [
    fill(words.changed, { version: String(change.version), when }),
    fill(words.accounts, { before: account(change.before), after: account(change.after) }),
    words.kept,
    words.notYou,
  ];
  const { html, text: plain } = renderMail(
    {
      lang: languageOf(locale),
      preview: lines[0]!,
      blocks: [
        ...lines.map(text),
        { kind: 'action', text: words.link, label: words.linkLabel, url: `${deps.siteUrl}/admin/content` },
      ],
    },
    mailBrand(deps.property, locale),
  );
  return queueMail(
    trx,
    {
      key: `content:${change.version}:bank-account`,
      to: deps.ownerEmail,
      subject: words.subject,
      text: plain,
      html,
      replyTo: null,
    },
    deps.now,
    new URL(deps.siteUrl).hostname,
  );
}
