import type { FastifyInstance } from 'fastify';
import { formatMomentIn } from '../../shared/dates.js';
import { languageOf } from '../../shared/locales.js';
import { queueMail } from '../mail/outbox-data.js';
import { text } from '../mail/templates/mail-blocks.js';
import { mailBrand } from '../mail/templates/mail-brand.js';
import { renderMail } from '../mail/templates/render-mail.js';
import { ownerLocale } from '../settings/admin-preferences.js';
import { SITE_MAX_FAILURES } from './second-factor-attempts-data.js';

// The owner's mail when the second step is paused for everyone
// (docs/decisions/0062-second-factor-paused-site-wide.md): in the admin's language
// (docs/decisions/0055-owner-mails.md), once per pause, the pause's start being its key.

interface PauseMailText {
  subject: string;
  lines: readonly string[];
  how: readonly string[];
  linkText: string;
  linkLabel: string;
}

/** The words of the mail, per language; `{count}`, `{until}` filled in here. */
export const PAUSE_MAIL_TEXTS: Readonly<Record<string, PauseMailText>> = {
  en: {
    subject: 'Someone has your admin password: change it now',
    lines: [
      'The admin password was typed correctly, then {count} wrong second-factor codes or passkeys were tried within 15 minutes. Whoever did it has the password.',
      'The second step of the login is refused for everyone until {until}, recovery codes included; your open sessions stay open.',
    ],
    how: [
      'Change the password now. On the server, run "npm run password:hash", type a new password, put the hash it prints in ADMIN_PASSWORD_HASH in the env file (or set a new ADMIN_PASSWORD), and restart the site: every session and every login in progress ends.',
      'Then look at the audit list for the failed attempts. If you did not use this password elsewhere, check where it may have been seen.',
    ],
    linkText: 'The audit list:',
    linkLabel: 'Open the admin',
  },
  'pt-PT': {
    subject: 'Alguém tem a sua palavra-passe da administração: mude-a já',
    lines: [
      'A palavra-passe da administração foi escrita corretamente e depois foram tentados {count} códigos ou chaves de acesso errados do segundo fator em 15 minutos. Quem o fez tem a palavra-passe.',
      'O segundo passo da entrada fica recusado para todos até {until}, incluindo os códigos de recuperação; as sessões que tem abertas continuam abertas.',
    ],
    how: [
      'Mude já a palavra-passe. No servidor, execute "npm run password:hash", escreva uma nova palavra-passe, ponha o hash que aparece em ADMIN_PASSWORD_HASH no ficheiro de ambiente (ou defina uma nova ADMIN_PASSWORD) e reinicie o site: todas as sessões e entradas em curso terminam.',
      'Depois veja as tentativas falhadas na lista de auditoria. Se não usou esta palavra-passe noutro sítio, verifique onde pode ter sido vista.',
    ],
    linkText: 'A lista de auditoria:',
    linkLabel: 'Abrir a administração',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/**
 * Queues the mail of the pause that started at `startedAt` (nothing without MAIL_TO); its key is
 * unique in the outbox, so it is queued once however many servers try.
 */
export async function queuePauseMail(app: FastifyInstance, startedAt: string, endsAt: number): Promise<boolean> {
  const to = app.config.mail.to;
  if (!to) return false;
  const locale = await ownerLocale(app.db, app.property.locales);
  const words = PAUSE_MAIL_TEXTS[locale] ?? PAUSE_MAIL_TEXTS.en!;
  const values = { count: String(SITE_MAX_FAILURES), until: formatMomentIn(new Date(endsAt).toISOString(), locale) };
  const lines = [...words.lines, ...words.how].map((line) => fill(line, values));
  const { html, text: plain } = renderMail(
    {
      lang: languageOf(locale),
      preview: lines[0]!,
      blocks: [
        ...lines.map(text),
        { kind: 'action', text: words.linkText, label: words.linkLabel, url: `${app.config.siteUrl}/admin` },
      ],
    },
    mailBrand(app.property, locale),
  );
  const queued = await queueMail(
    app.db,
    { key: `second-factor-paused:${startedAt}`, to, subject: words.subject, text: plain, html, replyTo: null },
    app.now(),
    new URL(app.config.siteUrl).hostname,
  );
  if (queued) app.deliveries.notify();
  return queued;
}
