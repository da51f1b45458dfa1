import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { readinessFindings, type ReadinessFacts } from './checks.js';
import { DEMO_VALUES, type PublishedFacts } from './demo-values.js';

// Each finding of the readiness check, one at a time, from a site that is otherwise ready.

const NOW = Date.UTC(2027, 4, 1, 12);
const HOUR = 3_600_000;
const KEY = Buffer.alloc(32, 7).toString('base64');

const OWN_CONTENT: PublishedFacts = {
  booking: { mode: 'instant', bankTransfer: { iban: 'PT50003506512345678901234' } },
  contact: { phone: '+351 912 345 678', email: 'casa@lagoa.pt', secondaryEmail: 'ola@lagoa.pt' },
  legal: { registrationNumber: '98765/AL', owner: { nif: '234567890' } },
};

const READY_ENV = {
  SITE_URL: 'https://lagoa.pt',
  SMTP_URL: 'smtps://casa:secret@mail.lagoa.pt:465',
  MAIL_TO: 'casa@lagoa.pt',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  DATABASE_URL: 'file:/var/lib/estadia/estadia.sqlite',
  DATA_ENCRYPTION_KEY: KEY,
  TRUST_PROXY: '127.0.0.1,::1',
};

function facts(env: Record<string, string | undefined> = {}, changes: Partial<ReadinessFacts> = {}): ReadinessFacts {
  return {
    config: loadConfig({ ...READY_ENV, ...env }),
    content: OWN_CONTENT,
    secondFactors: 1,
    databaseInRepository: undefined,
    nodeVersion: '20.19.0',
    engines: '>=20.19',
    newestBackupAt: NOW - 2 * HOUR,
    backupOnDatabaseDisk: false,
    untrustedForwardedAt: undefined,
    now: NOW,
    ...changes,
  };
}

const codes = (f: ReadinessFacts) => readinessFindings(f).map((finding) => `${finding.level}:${finding.code}`);

describe('the readiness check', () => {
  it('finds nothing on a site set up to go live', () => {
    expect(readinessFindings(facts())).toEqual([]);
  });

  it("blocks on each of the demo content's placeholders still published, naming the field", () => {
    const demo = JSON.parse(readFileSync(join(import.meta.dirname, '../../../content/property.json'), 'utf8'));
    const found = readinessFindings(facts({}, { content: demo }));
    expect(found).toContainEqual({
      code: 'demo_content',
      level: 'block',
      detail: 'iban, registrationNumber, phone, nif, email',
    });
    const one = (content: PublishedFacts) => readinessFindings(facts({}, { content }))[0]?.detail;
    expect(one({ ...OWN_CONTENT, contact: { ...OWN_CONTENT.contact, phone: '+351000000000' } })).toBe('phone');
    expect(
      one({ ...OWN_CONTENT, contact: { ...OWN_CONTENT.contact, secondaryEmail: 'OLA@casa-do-lago.example' } }),
    ).toBe('email');
    expect(one({ ...OWN_CONTENT, legal: { registrationNumber: '154321/AL', owner: { nif: '234567890' } } })).toBe(
      'registrationNumber',
    );
    expect(one({ ...OWN_CONTENT, legal: { registrationNumber: '1/AL', owner: { nif: '123 456 789' } } })).toBe('nif');
    expect(one({ ...OWN_CONTENT, booking: { mode: 'inquiry', bankTransfer: { iban: DEMO_VALUES.iban[0]! } } })).toBe(
      'iban',
    );
  });

  it("keeps the demo's placeholders equal to the shipped content/property.json", () => {
    const demo = JSON.parse(readFileSync(join(import.meta.dirname, '../../../content/property.json'), 'utf8'));
    expect(DEMO_VALUES).toEqual({
      iban: [demo.booking.bankTransfer.iban],
      registrationNumber: [demo.legal.registrationNumber],
      phone: [demo.contact.phone],
      nif: [demo.legal.owner.nif],
      email: [demo.contact.email, demo.contact.secondaryEmail],
    });
  });

  it('blocks on bookings with SITE_URL not https, and not with inquiries only', () => {
    expect(codes(facts({ SITE_URL: 'http://lagoa.pt', STRIPE_SECRET_KEY: 'sk_test_a' }))).toEqual([
      'block:site_url_not_https',
    ]);
    const inquiries = facts(
      { SITE_URL: 'http://lagoa.pt', STRIPE_SECRET_KEY: 'sk_test_a' },
      {
        content: { ...OWN_CONTENT, booking: { mode: 'inquiry' } },
      },
    );
    expect(codes(inquiries)).toEqual([]);
  });

  it("blocks on Stripe's test keys with an https SITE_URL, and on live keys with an http one", () => {
    expect(codes(facts({ STRIPE_SECRET_KEY: 'sk_test_abc' }))).toEqual(['block:stripe_test_keys_on_https']);
    expect(codes(facts({ STRIPE_SECRET_KEY: 'rk_test_abc' }))).toEqual(['block:stripe_test_keys_on_https']);
    const liveOnHttp = facts(
      { SITE_URL: 'http://lagoa.pt' },
      { content: { ...OWN_CONTENT, booking: { mode: 'inquiry' } } },
    );
    expect(codes(liveOnHttp)).toEqual(['block:stripe_live_keys_on_http']);
  });

  it("blocks on a fake's address (STRIPE_API_URL, INVOICING_API_URL) on a real site, naming its origin only", () => {
    expect(readinessFindings(facts({ STRIPE_API_URL: 'http://user:pw@fake-stripe.test:12111/v1' }))).toEqual([
      { code: 'stripe_api_url_on_real_site', level: 'block', detail: 'http://fake-stripe.test:12111' },
    ]);
    // Without Stripe's keys it does nothing yet, but would the day they are set.
    expect(
      codes(
        facts({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_API_URL: 'http://127.0.0.1:9' }),
      ),
    ).toEqual(['block:stripe_api_url_on_real_site']);
    expect(readinessFindings(facts({ INVOICING_API_URL: 'http://127.0.0.1:9' }))).toEqual([
      { code: 'invoicing_api_url_on_real_site', level: 'block', detail: 'http://127.0.0.1:9' },
    ]);
    // Plain http on a domain is a real site too, as guests reach it.
    const httpSite = facts(
      { SITE_URL: 'http://lagoa.pt', STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_API_URL: 'http://127.0.0.1:9' },
      { content: { ...OWN_CONTENT, booking: { mode: 'inquiry' } } },
    );
    expect(codes(httpSite)).toEqual(['block:stripe_api_url_on_real_site']);
  });

  it("takes a fake's address on this machine's own site: localhost, 127.0.0.1 or ::1", () => {
    const fakes = {
      STRIPE_SECRET_KEY: 'sk_test_a',
      STRIPE_API_URL: 'http://127.0.0.1:9',
      INVOICING_API_URL: 'http://127.0.0.1:8',
    };
    const local = { content: { ...OWN_CONTENT, booking: { mode: 'inquiry' } } };
    for (const site of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://shop.localhost'])
      expect(codes(facts({ ...fakes, SITE_URL: site }, local)), site).toEqual([]);
  });

  it('blocks on InvoiceXpress set up while the content has no legal.invoicing, wherever the site runs', () => {
    const invoicexpress = { INVOICEXPRESS_ACCOUNT: 'casadolago', INVOICEXPRESS_API_KEY: 'abcdef123456' };
    expect(codes(facts(invoicexpress))).toEqual(['block:invoicing_without_vat']);
    const withVat = { ...OWN_CONTENT, legal: { ...OWN_CONTENT.legal, invoicing: { nightsVatPercent: 6 } } };
    expect(codes(facts(invoicexpress, { content: withVat }))).toEqual([]);
    expect(codes(facts({}, { content: OWN_CONTENT }))).toEqual([]);
    const local = facts(
      { ...invoicexpress, SITE_URL: 'http://localhost:3000', STRIPE_SECRET_KEY: 'sk_test_a' },
      { content: { ...OWN_CONTENT, booking: { mode: 'inquiry' } } },
    );
    expect(codes(local)).toEqual(['block:invoicing_without_vat']);
  });

  it('blocks on bookings without SMTP_URL', () => {
    expect(codes(facts({ SMTP_URL: undefined, MAIL_TO: undefined }))).toEqual(['block:bookings_without_smtp']);
    const inquiries = facts({ SMTP_URL: undefined }, { content: { ...OWN_CONTENT, booking: { mode: 'inquiry' } } });
    expect(codes(inquiries)).toEqual([]);
  });

  it('blocks on bookings without DATA_ENCRYPTION_KEY, which the server starts without', () => {
    expect(codes(facts({ DATA_ENCRYPTION_KEY: undefined }))).toEqual(['block:bookings_without_data_key']);
    const inquiries = facts(
      { DATA_ENCRYPTION_KEY: undefined },
      { content: { ...OWN_CONTENT, booking: { mode: 'inquiry' } } },
    );
    expect(codes(inquiries)).toEqual([]);
  });

  it("blocks on SIBA credentials at SIBA's test service, not at production", () => {
    const siba = { SIBA_UNIT_CODE: '234567890', SIBA_ESTABLISHMENT: '00', SIBA_ACCESS_KEY: 'k' };
    expect(codes(facts({ ...siba, SIBA_URL: 'https://siba.ssi.gov.pt/bawsdev/boletinsalojamento.asmx' }))).toEqual([
      'block:siba_test_service',
    ]);
    expect(codes(facts({ ...siba, SIBA_URL: 'https://siba.ssi.gov.pt/baws/boletinsalojamento.asmx' }))).toEqual([]);
  });

  it('blocks on the administrator without a second factor', () => {
    expect(codes(facts({}, { secondFactors: 0 }))).toEqual(['block:admin_without_second_factor']);
  });

  it('blocks on a database file inside the repository, naming it', () => {
    expect(readinessFindings(facts({}, { databaseInRepository: '/srv/estadia/data/estadia.sqlite' }))).toEqual([
      { code: 'database_in_repository', level: 'block', detail: '/srv/estadia/data/estadia.sqlite' },
    ]);
  });

  it("blocks on a Node outside package.json's engines", () => {
    expect(codes(facts({}, { nodeVersion: '20.18.1' }))).toEqual(['block:node_outside_engines']);
    expect(codes(facts({}, { nodeVersion: '18.20.0' }))).toEqual(['block:node_outside_engines']);
    expect(codes(facts({}, { nodeVersion: '22.12.0' }))).toEqual([]);
  });

  it('warns when the newest backup is older than 26 hours, or there is none', () => {
    expect(codes(facts({}, { newestBackupAt: NOW - 26 * HOUR + 1000 }))).toEqual([]);
    expect(codes(facts({}, { newestBackupAt: NOW - 27 * HOUR }))).toEqual(['warning:no_recent_backup']);
    expect(codes(facts({}, { newestBackupAt: undefined }))).toEqual(['warning:no_recent_backup']);
  });

  it('warns on a backup folder on the database’s disk', () => {
    expect(codes(facts({}, { backupOnDatabaseDisk: true }))).toEqual(['warning:backup_on_database_disk']);
  });

  it('warns on X-Forwarded-For from an untrusted peer in the last week while TRUST_PROXY is unset', () => {
    expect(codes(facts({ TRUST_PROXY: undefined }, { untrustedForwardedAt: NOW - HOUR }))).toEqual([
      'warning:trust_proxy_unset_behind_proxy',
    ]);
    expect(codes(facts({ TRUST_PROXY: undefined }, { untrustedForwardedAt: NOW - 8 * 24 * HOUR }))).toEqual([]);
    expect(codes(facts({ TRUST_PROXY: undefined }))).toEqual([]);
  });

  it('warns on SMTP to another machine without TLS, not to a relay on this one', () => {
    expect(codes(facts({ SMTP_URL: 'smtp://mail.lagoa.pt:587', SMTP_INSECURE: 'true' }))).toEqual([
      'warning:smtp_without_tls',
    ]);
    expect(codes(facts({ SMTP_URL: 'smtp://mail.lagoa.pt:587' }))).toEqual([]);
    expect(codes(facts({ SMTP_URL: 'smtp://127.0.0.1:25', SMTP_INSECURE: 'true' }))).toEqual([]);
  });
});
