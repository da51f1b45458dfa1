import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { logIn } from '../support/browser/admin-login.js';
import { TEST_ADMIN_PASSWORD } from '../support/browser/built-server.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/server/test-database.js';

// Publishing another IBAN asks the owner to confirm it is them when the last proof is older than
// 5 minutes, then publishes without a second click; the audit list names the change by the IBAN's
// last four characters, in English and in Portuguese (docs/decisions/0063-the-iban-and-the-last-doors.md).

let dir: string;
let database: TestDatabase;
test.beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-iban-'));
  database = await createTestDatabase(dir);
});
test.afterEach(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** The session's last proof, 10 minutes ago: as if the owner had logged in then. */
async function staleProof(url: string) {
  const at = new Date(Date.now() - 10 * 60_000).toISOString();
  if (url.startsWith('file:')) {
    const db = new SqliteDatabase(url.slice('file:'.length));
    db.prepare('update admin_sessions set proved_at = ?').run(at);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('update admin_sessions set proved_at = $1', [at]);
  await client.end();
}

async function changeIbanAndPublish(
  page: Page,
  words: { publish: string; heading: string; password: string; confirm: string },
) {
  const form = page.getByRole('form').first();
  await form.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await staleProof(database.url);
  await form.getByRole('button', { name: words.publish, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: words.heading });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(words.password).fill(TEST_ADMIN_PASSWORD);
  await dialog.getByRole('button', { name: words.confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('in English: the owner confirms it is them, the IBAN is published, and the audit list says so', async ({
  page,
  startServer,
}) => {
  const server = await startServer({ env: { DATABASE_URL: database.url } });
  await logIn(page, server.url);
  await page.goto(`${server.url}/admin/content`);
  await expect(page.getByTestId('content-status')).toContainText('Live: version 1');
  await changeIbanAndPublish(page, {
    publish: 'Publish',
    heading: 'Confirm it is you',
    password: 'Password',
    confirm: 'Confirm',
  });
  await expect(page.getByTestId('content-status')).toContainText('Live: version 2');
  await page.goto(`${server.url}/admin`);
  const audit = page.getByTestId('audit-panel');
  await expect(audit).toContainText('Changed the bank account for transfers (…0154 → …3000)');
  await expect(audit).toContainText('Published the content (version 2)');
});

test.describe('in Portuguese', () => {
  test.use({ locale: 'pt-PT' });
  test('the owner confirms it is them, the IBAN is published, and the audit list says so', async ({
    page,
    startServer,
  }) => {
    const server = await startServer({ env: { DATABASE_URL: database.url } });
    await logIn(page, server.url);
    await page.goto(`${server.url}/admin/content`);
    await expect(page.getByTestId('content-status')).toContainText('Publicada: versão 1');
    await changeIbanAndPublish(page, {
      publish: 'Publicar',
      heading: 'Confirme que é você',
      password: 'Palavra-passe',
      confirm: 'Confirmar',
    });
    await expect(page.getByTestId('content-status')).toContainText('Publicada: versão 2');
    await page.goto(`${server.url}/admin`);
    const audit = page.getByTestId('audit-panel');
    await expect(audit).toContainText('Alterou a conta bancária para transferências (…0154 → …3000)');
    await expect(audit).toContainText('Publicou o conteúdo (versão 2)');
  });
});
