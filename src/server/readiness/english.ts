import { type DemoField, demoFieldsOf, type ReadinessCode, type ReadinessFinding } from '../../shared/readiness.js';

// What `npm run doctor` prints for each finding, and what to do about it. The admin's home says
// the same from the message catalog (readiness_* in en.json and pt-PT.json).

const TEXT: Record<ReadinessCode, { what: string; todo: string }> = {
  demo_content: {
    what: "The published content still has the demo's placeholders",
    todo: 'Write your own details in /admin/content and publish.',
  },
  site_url_not_https: {
    what: 'Bookings are on but SITE_URL is not https://',
    todo: 'Set SITE_URL to https://your-domain and serve the site through Caddy (docs/deploying.md).',
  },
  stripe_test_keys_on_https: {
    what: "Stripe's test keys are set on a public https:// site: no guest would ever pay",
    todo: "Set STRIPE_SECRET_KEY (sk_live_…) and the live webhook's STRIPE_WEBHOOK_SECRET (docs/payments.md).",
  },
  stripe_live_keys_on_http: {
    what: "Stripe's live keys are set while SITE_URL is plain http://",
    todo: 'Use the test keys on a local copy, or set SITE_URL to https://your-domain.',
  },
  bookings_without_smtp: {
    what: 'Bookings are on but SMTP_URL is not set: no guest would get a confirmation or the door instructions',
    todo: 'Set SMTP_URL and MAIL_TO, with SPF, DKIM and DMARC for your domain (docs/deploying.md).',
  },
  bookings_without_data_key: {
    what: "Bookings are on but DATA_ENCRYPTION_KEY is not set: online check-in stays closed, since the guests' documents are stored encrypted with it",
    todo: "Make a key with openssl rand -base64 32, set it as DATA_ENCRYPTION_KEY in the server's environment, keep a copy apart from the backups, and restart (docs/payments.md).",
  },
  siba_test_service: {
    what: "SIBA_URL is SIBA's test service, which reports nobody",
    todo: 'Set SIBA_URL to https://siba.ssi.gov.pt/baws/boletinsalojamento.asmx with your production access key (docs/siba.md).',
  },
  admin_without_second_factor: {
    what: 'The administrator has no second factor',
    todo: 'Log in at /login and add a passkey or an authenticator app in /admin.',
  },
  database_in_repository: {
    what: "DATABASE_URL's file is inside the code's folder, where an upgrade or a clean could lose it",
    todo: 'Move it, e.g. DATABASE_URL=file:/var/lib/estadia/estadia.sqlite (docs/deploying.md).',
  },
  node_outside_engines: {
    what: "This Node is outside package.json's engines",
    todo: 'Install a Node version inside engines (docs/deploying.md says how).',
  },
  stripe_api_url_on_real_site: {
    what: 'STRIPE_API_URL is set on a real site: payments would go to a fake Stripe, and no guest would ever pay',
    todo: "Remove STRIPE_API_URL from the server's environment (it is for the tests only) and restart.",
  },
  invoicing_api_url_on_real_site: {
    what: 'INVOICING_API_URL is set on a real site: invoices would go to a fake InvoiceXpress, never to the tax authority',
    todo: "Remove INVOICING_API_URL from the server's environment (it is for the tests only) and restart.",
  },
  invoicing_without_vat: {
    what: 'InvoiceXpress is set up but the content has no legal.invoicing (the VAT): no invoice would be issued',
    todo: "Set the VAT in the content's legal.invoicing and publish it, as docs/invoicing.md describes.",
  },
  no_recent_backup: {
    what: 'No backup in BACKUP_DIR from the last 26 hours',
    todo: 'Run npm run backup and enable estadia-backup.timer (docs/deploying.md#backups).',
  },
  backup_on_database_disk: {
    what: 'BACKUP_DIR is on the same disk as the database: one failed disk loses both',
    todo: 'Point BACKUP_DIR at another disk, and copy the folder off the machine each day.',
  },
  trust_proxy_unset_behind_proxy: {
    what: 'Requests come with X-Forwarded-For from a proxy TRUST_PROXY does not name: every visitor counts as the proxy',
    todo: "Set TRUST_PROXY to the proxy's address, such as 127.0.0.1,::1 for Caddy on this machine.",
  },
  smtp_without_tls: {
    what: 'Mail goes to another machine without TLS (SMTP_INSECURE=true): door codes cross the network in clear',
    todo: 'Use smtps:// or a server that offers STARTTLS, and remove SMTP_INSECURE.',
  },
  visited_at_other_origin: {
    what: "The admin is open at another address than SITE_URL's: the links in mails and pages lead there",
    todo: 'Open the site at the address in SITE_URL, or set SITE_URL to the address guests use.',
  },
};

const FIELD: Record<DemoField, string> = {
  iban: 'IBAN',
  registrationNumber: 'AL registration number',
  phone: 'phone',
  nif: 'NIF',
  email: 'e-mail',
};

/** A finding's detail as the owner reads it: the demo fields in words, anything else as it is. */
function detailOf(finding: ReadinessFinding): string | undefined {
  if (finding.code !== 'demo_content') return finding.detail;
  const fields = demoFieldsOf(finding.detail).map((field) => FIELD[field]);
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(fields);
}

export function describeFinding(finding: ReadinessFinding): string {
  const text = TEXT[finding.code];
  const label = finding.level === 'block' ? 'BLOCKS' : 'WARNING';
  const words = detailOf(finding);
  const detail = words ? ` (${words})` : '';
  return `${label}  ${text.what}${detail}.\n         → ${text.todo}`;
}
