import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { LOGIN_TIMEOUT_MS } from '../support/browser/admin-login.js';
import { AdminApi } from '../support/browser/admin-api.js';
import { TEST_ADMIN_PASSWORD } from '../support/browser/built-server.js';
import { expect, test } from '../support/browser/test-fixtures.js';

// The admin's "Ready to go live" (docs/decisions/0040-going-live.md), in a real Chromium and by
// keyboard alone: what blocks and what warns, the demo's placeholders named in words of the
// admin's language, and each finding gone once its cause is fixed (the owner's own details
// published, a backup made by `npm run backup`).

const ROOT = join(import.meta.dirname, '../..');
const pexec = promisify(execFile);

const TEXT = {
  en: {
    title: 'Ready to go live',
    demo: "The published content still has the demo's placeholders: IBAN, AL registration number, phone, NIF, and e-mail",
    secondFactor: 'The administrator has no second factor',
    noBackup: 'No backup in the last 26 hours',
    sameDisk: "The backups are on the database's disk",
    block: 'Blocks:',
    warning: 'Warning:',
    toContent: 'Open Site content',
    toSecondFactor: 'Go to Second factor',
    password: 'Password',
    logIn: 'Log In',
  },
  'pt-PT': {
    title: 'Pronto para publicar',
    demo: 'O conteúdo publicado ainda tem os dados de exemplo: IBAN, número de registo AL, telefone, NIF e e-mail',
    secondFactor: 'O administrador não tem segundo fator',
    noBackup: 'Nenhuma cópia de segurança nas últimas 26 horas',
    sameDisk: 'As cópias de segurança estão no disco da base de dados',
    block: 'Bloqueia:',
    warning: 'Aviso:',
    toContent: 'Abrir Conteúdo do site',
    toSecondFactor: 'Ir para o segundo fator',
    password: 'Palavra-passe',
    logIn: 'Entrar',
  },
} as const;

// The admin, /login included, speaks the browser's language (docs/decisions/0011-languages.md):
// each test's browser speaks the language its title starts with.
// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from its first argument
test.use({ locale: async ({}, use, testInfo) => use(testInfo.title.startsWith('pt-PT') ? 'pt-PT' : 'en-US') });

let folders: string[] = [];
test.afterEach(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  folders = [];
});
const folder = (prefix: string, parent = tmpdir()) => {
  const dir = mkdtempSync(join(parent, prefix));
  folders.push(dir);
  return dir;
};

/** The demo content with the admin's language first, the site's default. */
function contentIn(first: 'en' | 'pt-PT'): string {
  const dir = folder('estadia-readiness-content-');
  const demo = JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as { locales: string[] };
  demo.locales = [first, ...demo.locales.filter((locale) => locale !== first)];
  writeFileSync(join(dir, 'property.json'), JSON.stringify(demo));
  symlinkSync(join(ROOT, 'content/photos'), join(dir, 'photos'), 'dir');
  return dir;
}

/** Tab (bounded) until the element has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the element was not reached with Tab');
}

async function logInByKeyboard(page: Page, url: string, text: (typeof TEXT)[keyof typeof TEXT]) {
  await page.goto(`${url}/login`);
  // The form speaks the browser's language once its island has hydrated.
  await expect(page.locator('[data-island="login"]')).toHaveAttribute('data-hydrated');
  await tabTo(page, page.getByLabel(text.password));
  await page.keyboard.type(TEST_ADMIN_PASSWORD);
  await expect(page.getByRole('button', { name: text.logIn })).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
}

/** The owner's own contact, legal and bank details, saved in the editor and published. */
async function publishOwnDetails(url: string) {
  const admin = await AdminApi.login(url);
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        cookie: admin.cookie,
        origin: url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const { published } = (await send('GET', '/api/admin/content')) as {
    published: { version: number; content: Record<string, Record<string, unknown>> };
  };
  const content = published.content;
  content.contact = {
    ...content.contact,
    phone: '+351 912 345 678',
    email: 'maria@example.pt',
    secondaryEmail: 'ola@example.pt',
  };
  content.legal = {
    ...content.legal,
    registrationNumber: '98765/AL',
    owner: { ...(content.legal!.owner as object), nif: '234567899' },
  };
  content.booking = {
    ...content.booking,
    bankTransfer: { ...(content.booking!.bankTransfer as object), iban: 'PT53003300004531738352005' },
  };
  const draft = (await send('PUT', '/api/admin/content/draft', { baseVersion: published.version, content })) as {
    baseVersion: string;
  };
  await send('POST', '/api/admin/content/publish', { baseVersion: draft.baseVersion });
}

for (const locale of ['en', 'pt-PT'] as const) {
  const text = TEXT[locale];
  test(`${locale}: the checklist lists what blocks and what warns, and each finding goes once fixed`, async ({
    page,
    startServer,
  }, testInfo) => {
    const backups = folder('estadia-readiness-backups-');
    const server = await startServer({
      env: { CONTENT_DIR: contentIn(locale), BACKUP_DIR: backups },
      database: 'sqlite',
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await logInByKeyboard(page, server.url, text);
    const panel = page.getByTestId('readiness-panel');
    await expect(panel.getByRole('heading', { name: text.title })).toBeVisible();
    const items = panel.getByRole('listitem');
    // Blocks first, then warnings; the demo's fields named in words, never by their keys.
    await expect(items).toHaveText(
      [
        `${text.block} ${text.demo}.`,
        `${text.block} ${text.secondFactor}.`,
        `${text.warning} ${text.noBackup}.`,
        `${text.warning} ${text.sameDisk}`,
      ].map((start) => new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
    );
    await expect(panel).not.toContainText('registrationNumber');
    // Where the demo's placeholders are replaced: a link in the finding, followed by keyboard.
    await tabTo(page, items.first().getByRole('link', { name: text.toContent }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/content$/);
    await page.goBack();
    await expect(items).toHaveCount(4);
    await panel.screenshot({ path: testInfo.outputPath(`readiness-${locale}-phone.png`) });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`readiness-${locale}-desktop.png`) });

    // The owner's own details published, and a backup made as the timer makes it.
    await publishOwnDetails(server.url);
    await pexec(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/backup.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: `file:${join(server.dir, 'db.sqlite')}`, BACKUP_DIR: backups },
      timeout: 60_000,
    });
    await page.reload();
    await expect(panel.getByRole('heading', { name: text.title })).toBeVisible();
    await expect(items).toHaveCount(2);
    await expect(items.first()).toHaveText(new RegExp(`^${text.block} ${text.secondFactor}\\.`));
    await expect(items.last()).toHaveText(new RegExp(`^${text.warning} ${text.sameDisk}`));
    await expect(panel).not.toContainText(text.demo);

    // The second factor's panel, where that finding is fixed, is a link in it, followed by keyboard:
    // the view and the focus go to the panel's heading, pressed at once after the Tab that reached it.
    // Every panel has loaded first: one that grows above the heading after the jump would push it
    // out of view on a slow machine.
    await page.waitForLoadState('networkidle');
    await tabTo(page, items.first().getByRole('link', { name: text.toSecondFactor }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin#two-factor-heading$/);
    const heading = page.locator('#two-factor-heading');
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('two-factor-panel').locator(':focus')).toHaveCount(1);
  });
}

/**
 * A folder on another disk (file system) than `dir`, as an owner's backups belong: the test
 * machine's RAM disk or its real one, whichever the database is not on.
 */
function folderOnAnotherDisk(prefix: string, dir: string): string {
  const device = statSync(dir).dev;
  const parent = ['/dev/shm', '/var/tmp', tmpdir(), homedir()].find((candidate) => {
    try {
      return statSync(candidate).dev !== device;
    } catch {
      return false;
    }
  });
  if (!parent) throw new Error(`no folder on another disk than ${dir} on this machine`);
  return folder(prefix, parent);
}

/** The authenticator app set up for the browser's admin session, as its panel does through the API. */
async function setUpAuthenticatorApp(page: Page, url: string) {
  const headers = { origin: url };
  const setup = await page.request.post(`${url}/api/admin/2fa/totp/setup`, { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await page.request.post(`${url}/api/admin/2fa/totp/confirm`, {
    headers,
    data: { code: await generate({ secret }) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

const ALL_CLEAR = { en: 'Nothing blocks going live.', 'pt-PT': 'Nada impede a publicação.' } as const;

for (const locale of ['en', 'pt-PT'] as const) {
  test(`${locale}: with the owner's details, a second factor and a fresh backup on another disk, nothing blocks going live`, async ({
    page,
    startServer,
  }, testInfo) => {
    // The server's folder, and so its database, is made in tmpdir().
    const backups = folderOnAnotherDisk('estadia-readiness-backups-', tmpdir());
    const ready = await startServer({
      env: { CONTENT_DIR: contentIn(locale), BACKUP_DIR: backups },
      database: 'sqlite',
    });
    expect(statSync(backups).dev).not.toBe(statSync(ready.dir).dev);
    await page.setViewportSize({ width: 390, height: 844 });
    await logInByKeyboard(page, ready.url, TEXT[locale]);
    // The details first: their API client logs in with the password alone.
    await publishOwnDetails(ready.url);
    await setUpAuthenticatorApp(page, ready.url);
    await pexec(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/backup.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: `file:${join(ready.dir, 'db.sqlite')}`, BACKUP_DIR: backups },
      timeout: 60_000,
    });
    await page.reload();
    const panel = page.getByTestId('readiness-panel');
    await expect(panel.getByRole('heading', { name: TEXT[locale].title })).toBeVisible();
    await expect(panel.getByText(ALL_CLEAR[locale])).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(0);
    for (const [width, size] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      await page.setViewportSize(size);
      const axe = await new AxeBuilder({ page })
        .include('[data-testid="readiness-panel"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(axe.violations).toEqual([]);
      await panel.screenshot({ path: testInfo.outputPath(`readiness-clear-${locale}-${width}.png`) });
    }
  });
}
