import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../../tests/support/server/test-database.js';
import { createTestApp, login, TEST_DATA_KEY, type TestApp } from '../../../tests/support/server/test-app.js';
import { confirmTotp, insertPendingTotp, pendingTotp } from '../auth/second-factors-data.js';
import { insertVersion, latestVersionNumber } from '../content/content-versions-data.js';
import { backupFileName } from '../backup/backup-files.js';

// The same findings on the admin's home and from `npm run doctor`, read from the real database:
// the published content, the second factor, the backups, a proxy's header; each cleared by the fix.

const ROOT = join(import.meta.dirname, '../../..');
let t: TestApp;
let cookie: string;
let backups: string;
const env = () => ({ DATABASE_URL: t.databaseUrl, BACKUP_DIR: backups, SITE_URL: 'http://estadia.test' });

beforeAll(async () => {
  backups = join(mkdtempSync(join(tmpdir(), 'estadia-readiness-')), 'backups');
  t = await createTestApp({ BACKUP_DIR: backups });
  cookie = await login(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dirname(backups), { recursive: true, force: true });
});

// The test's SQLite file and its backups share the temporary folder's disk; PostgreSQL's is not judged.
const sameDisk = testDbKind() === 'sqlite' ? ['warning:backup_on_database_disk'] : [];

const codes = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/readiness',
    headers: { cookie, host: 'estadia.test' },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { findings: Array<{ code: string; level: string }> }).findings.map(
    (f) => `${f.level}:${f.code}`,
  );
};

const doctor = () =>
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/doctor.ts')], {
    env: { PATH: process.env.PATH, DATA_ENCRYPTION_KEY: TEST_DATA_KEY, ...env() },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('Ready to go live', () => {
  it('needs the admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/readiness' })).statusCode).toBe(401);
  });

  it('lists the demo content, the missing second factor and the missing backup; the doctor prints them and exits 1', async () => {
    expect(await codes()).toEqual([
      'block:demo_content',
      'block:admin_without_second_factor',
      'warning:no_recent_backup',
      ...sameDisk,
    ]);
    const run = doctor();
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toContain(
      "BLOCKS  The published content still has the demo's placeholders (IBAN, AL registration number, phone, NIF, and e-mail).",
    );
    expect(run.stdout).toContain('→ Log in at /login and add a passkey or an authenticator app in /admin.');
    expect(run.stdout).toContain(`Not ready to go live: 2 blocks, ${sameDisk.length + 1} warning`);
  }, 60_000);

  it('warns once X-Forwarded-For comes from a peer TRUST_PROXY does not name', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(await codes()).toContain('warning:trust_proxy_unset_behind_proxy');
  });

  it('warns when the admin is opened at another address than SITE_URL, naming that address', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/readiness',
      headers: { cookie, host: '127.0.0.1:3000' },
    });
    expect(response.json().findings).toContainEqual({
      code: 'visited_at_other_origin',
      level: 'warning',
      detail: 'http://127.0.0.1:3000',
    });
    expect(await codes()).not.toContain('warning:visited_at_other_origin');
  });

  it('clears each finding once fixed: own content published, a second factor, a fresh backup; the doctor exits 0', async () => {
    const own = JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8'));
    own.booking.bankTransfer.iban = 'PT50003506512345678901234';
    own.contact = { ...own.contact, phone: '+351 912 345 678', email: 'casa@lagoa.pt', secondaryEmail: 'ola@lagoa.pt' };
    own.legal = { ...own.legal, registrationNumber: '98765/AL', owner: { ...own.legal.owner, nif: '234567890' } };
    const version = ((await latestVersionNumber(t.app.db)) ?? 0) + 1;
    const now = new Date(t.app.now());
    await insertVersion(t.app.db, {
      version,
      content: JSON.stringify(own),
      publishedAt: now.toISOString(),
      publishedBy: 'admin',
    });
    await insertPendingTotp(t.app.db, 'JBSWY3DPEHPK3PXP', now);
    await confirmTotp(t.app.db, (await pendingTotp(t.app.db))!.id, now);
    mkdirSync(backups, { recursive: true });
    writeFileSync(join(backups, backupFileName(t.app.now() - 3_600_000, 23, 'sqlite')), 'x');
    expect(await codes()).toEqual([...sameDisk, 'warning:trust_proxy_unset_behind_proxy']);
    const run = doctor();
    expect(run.stdout).toContain(`Ready to go live, with ${sameDisk.length + 1} warning`);
    expect(run.status, run.stderr).toBe(0);
  }, 60_000);
});

describe("a real site with a fake's address, and InvoiceXpress without the VAT", () => {
  const fakes = {
    STRIPE_SECRET_KEY: 'sk_test_fake_estadia',
    STRIPE_WEBHOOK_SECRET: 'whsec_fake_estadia',
    STRIPE_API_URL: 'http://127.0.0.1:9',
    INVOICEXPRESS_ACCOUNT: 'casadolago',
    INVOICEXPRESS_API_KEY: 'abcdef123456',
    INVOICING_API_URL: 'http://127.0.0.1:8/api',
  };
  let fake: TestApp;
  let fakeCookie: string;
  beforeAll(async () => {
    fake = await createTestApp({ ...fakes, BACKUP_DIR: backups });
    fakeCookie = await login(fake.app);
  }, 60_000);
  afterAll(async () => fake?.close());

  it('blocks on each, on the admin’s home and in the doctor; on this machine’s own address only the VAT blocks', async () => {
    const response = await fake.app.inject({
      method: 'GET',
      url: '/api/admin/readiness',
      headers: { cookie: fakeCookie, host: 'estadia.test' },
    });
    const findings = (response.json() as { findings: Array<{ code: string; level: string; detail?: string }> })
      .findings;
    expect(findings).toContainEqual({
      code: 'stripe_api_url_on_real_site',
      level: 'block',
      detail: 'http://127.0.0.1:9',
    });
    expect(findings).toContainEqual({
      code: 'invoicing_api_url_on_real_site',
      level: 'block',
      detail: 'http://127.0.0.1:8',
    });
    expect(findings).toContainEqual({ code: 'invoicing_without_vat', level: 'block' });

    const run = (siteUrl: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/doctor.ts')], {
        env: {
          PATH: process.env.PATH,
          DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
          DATABASE_URL: fake.databaseUrl,
          BACKUP_DIR: backups,
          SITE_URL: siteUrl,
          ...fakes,
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const real = run('http://estadia.test');
    expect(real.status, real.stderr).toBe(1);
    expect(real.stdout).toContain('BLOCKS  STRIPE_API_URL is set on a real site');
    expect(real.stdout).toContain('BLOCKS  INVOICING_API_URL is set on a real site');
    expect(real.stdout).toContain('BLOCKS  InvoiceXpress is set up but the content has no legal.invoicing (the VAT)');
    const local = run('http://localhost:3000');
    expect(local.stdout).not.toContain('STRIPE_API_URL');
    expect(local.stdout).not.toContain('INVOICING_API_URL');
    expect(local.stdout).toContain('BLOCKS  InvoiceXpress is set up but the content has no legal.invoicing');
  }, 120_000);
});
