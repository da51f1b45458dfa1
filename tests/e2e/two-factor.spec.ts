import { readFileSync } from 'node:fs';
import { generate } from 'otplib';
import { encode } from 'uqr';
import { expect, test } from '../support/browser/test-fixtures.js';
import { LOGIN_TIMEOUT_MS } from '../support/browser/admin-login.js';
import { TEST_ADMIN_PASSWORD } from '../support/browser/built-server.js';
import type { Page } from '@playwright/test';

// The owner's second factor in a real Chromium (docs/decisions/0036-second-factor.md): a passkey
// made by a virtual authenticator through the DevTools protocol's WebAuthn domain, and the
// authenticator app with a code computed here as the phone would.

async function typePassword(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Password').fill(TEST_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function saveRecoveryCodes(page: Page) {
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const done = page.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await page.getByLabel('I have saved these codes somewhere safe').check();
  await done.click();
  return codes;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a passkey set up in the admin logs the owner in after the password', async ({ page, startServer }) => {
  // A passkey's relying party is a domain: the site is reached as localhost, not 127.0.0.1.
  const server = await startServer({ host: 'localhost' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await typePassword(page, server.url);
  await expect(page).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
  // The first login asks for it.
  await expect(page.getByText('Protect this admin with a second factor.')).toBeVisible();
  const panel = page.getByTestId('two-factor-panel');
  await expect(panel.getByTestId('two-factor-state')).toHaveText('Off: the password alone opens this admin.');
  // The banner's link takes the view and the focus to the panel, so Tab goes on inside it.
  await page.getByRole('link', { name: 'Set it up now' }).click();
  await expect(panel.getByRole('heading', { name: 'Second factor' })).toBeFocused();
  await expect(panel.getByRole('heading', { name: 'Second factor' })).toBeInViewport();
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await saveRecoveryCodes(page);
  await expect(panel.getByTestId('two-factor-state')).toContainText('passkeys: 1');
  await expect(page.getByText('Protect this admin with a second factor.')).toBeHidden();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  await logOut(page);
  await typePassword(page, server.url);
  // The password alone does not open the admin.
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible({
    timeout: LOGIN_TIMEOUT_MS,
  });
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
  await expect(page.getByRole('heading', { name: 'Admin panel' })).toBeVisible();
  await expect(page.getByTestId('audit-panel')).toContainText('Logged in (passkey)');
  await expect(page.getByTestId('audit-panel')).toContainText('Added a second factor (passkey)');
});

test('the authenticator app, set up with its key alone, asks for its code at the next login', async ({
  page,
  startServer,
}) => {
  const server = await startServer();
  await typePassword(page, server.url);
  await expect(page).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
  const panel = page.getByTestId('two-factor-panel');
  await panel.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = await panel.getByLabel('Key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(panel.getByLabel('Link (otpauth)')).toHaveValue(/^otpauth:\/\/totp\//);
  // The QR code holds the very link, named after the house.
  const link = await panel.getByLabel('Link (otpauth)').inputValue();
  expect(new URL(link).searchParams.get('issuer')).toBe('Casa do Lago');
  const qr = panel.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  const dark = encode(link, { border: 0 }).data.flatMap((row, y) =>
    row.flatMap((on, x) => (on ? [`M${x + 4} ${y + 4}h1v1h-1z`] : [])),
  );
  expect(await qr.locator('path').getAttribute('d')).toBe(dark.join(''));
  await panel.getByLabel('Code from the app').fill('000000');
  await panel.getByRole('button', { name: 'Confirm' }).click();
  await expect(panel.getByRole('alert')).toContainText('Incorrect code');
  await panel.getByLabel('Code from the app').fill(await generate({ secret }));
  await panel.getByRole('button', { name: 'Confirm' }).click();
  // The codes go to the clipboard and to a .txt file, each whole, one a line.
  const listed = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const shown = await listed.allInnerTexts();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('The recovery codes are copied.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n').filter((line) => /^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/.test(line))).toEqual(shown);
  expect(copied).toContain('Casa do Lago');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download (.txt)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('recovery-codes.txt');
  expect(readFileSync((await download.path())!, 'utf8')).toBe(copied);
  await saveRecoveryCodes(page);
  await expect(panel.getByTestId('two-factor-state')).toContainText('authenticator app');

  await logOut(page);
  await typePassword(page, server.url);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible({
    timeout: LOGIN_TIMEOUT_MS,
  });
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0);
  // A phone's keyboard for this field must let a recovery code's letters and dashes in.
  await expect(page.getByLabel('Code')).toHaveAttribute('inputmode', 'text');
  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect code');
  // The code of the next 30 seconds: the one used to confirm the setup is not taken twice.
  await page.getByLabel('Code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
});

test('once a factor is set up, replacing it asks for that factor, not the password (in Portuguese)', async ({
  page,
  browser,
  startServer,
}) => {
  const server = await startServer();
  // An admin opened with the password before the factor existed, in a Portuguese browser of its own.
  const earlierContext = await browser.newContext({ locale: 'pt-PT' });
  const earlier = await earlierContext.newPage();
  try {
    await earlier.goto(`${server.url}/login`);
    await earlier.getByLabel('Palavra-passe').fill(TEST_ADMIN_PASSWORD);
    await earlier.getByRole('button', { name: 'Entrar' }).click();
    await expect(earlier).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
    await expect(earlier.getByTestId('two-factor-state')).toHaveText(
      'Inativo: só a palavra-passe abre esta administração.',
    );

    // Meanwhile the authenticator app is set up from another browser, in English.
    await typePassword(page, server.url);
    await expect(page).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
    const panel = page.getByTestId('two-factor-panel');
    await panel.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = await panel.getByLabel('Key').inputValue();
    await panel.getByLabel('Code from the app').fill(await generate({ secret }));
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await saveRecoveryCodes(page);

    // The earlier admin's password is fresh, but replacing the app takes the app's code.
    await earlier
      .getByTestId('two-factor-panel')
      .getByRole('button', { name: 'Configurar uma aplicação de autenticação' })
      .click();
    const dialog = earlier.getByRole('dialog', { name: 'Confirme que é você' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'Adicionar ou substituir uma chave de acesso, a aplicação de autenticação ou os códigos de recuperação pede o próprio segundo fator, não a palavra-passe.',
    );
    await expect(dialog.getByLabel('Palavra-passe')).toHaveCount(0);
    await dialog.getByLabel('Código').fill('123456');
    await dialog.getByRole('button', { name: 'Verificar' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Código incorreto');
    await dialog.getByLabel('Código').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await dialog.getByRole('button', { name: 'Verificar' }).click();
    await expect(dialog).toBeHidden();
    // The refused setup went again once the code was taken: a new key to scan.
    const newKey = await earlier.getByTestId('two-factor-panel').getByLabel('Chave').inputValue();
    expect(newKey).toMatch(/^[A-Z2-7]{16,}$/);
    expect(newKey).not.toBe(secret);
  } finally {
    await earlierContext.close();
  }
});

test('the login says when the second step is paused for the whole site, and for how long', async ({
  page,
  browser,
  startServer,
}) => {
  // Many wrong codes from this one address: its own lockout set high, as if from many clients.
  const server = await startServer({ env: { LOGIN_MAX_FAILURES: '100' } });
  await typePassword(page, server.url);
  await expect(page).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
  const panel = page.getByTestId('two-factor-panel');
  await panel.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = await panel.getByLabel('Key').inputValue();
  await panel.getByLabel('Code from the app').fill(await generate({ secret }));
  await panel.getByRole('button', { name: 'Confirm' }).click();
  await saveRecoveryCodes(page);
  await logOut(page);

  // Ten wrong codes, five on each of two pending logins.
  const api = page.context().request;
  for (let login = 0; login < 2; login++) {
    const password = await api.post(`${server.url}/api/admin/login`, { data: { password: TEST_ADMIN_PASSWORD } });
    expect(password.status()).toBe(200);
    for (let i = 0; i < 5; i++) {
      const wrong = await api.post(`${server.url}/api/admin/login/second-factor`, {
        data: { method: 'totp', code: '000000' },
      });
      expect(wrong.status()).toBe(401);
    }
  }

  await typePassword(page, server.url);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible({
    timeout: LOGIN_TIMEOUT_MS,
  });
  await page.getByLabel('Code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Too many wrong codes were tried on this site: the second step is paused for everyone. Try again in 15 minutes.',
  );
  await expect(page).toHaveURL(/\/login$/);

  // A Portuguese browser is told in Portuguese.
  const ptContext = await browser.newContext({ locale: 'pt-PT' });
  try {
    const pt = await ptContext.newPage();
    await pt.goto(`${server.url}/login`);
    await pt.getByLabel('Palavra-passe').fill(TEST_ADMIN_PASSWORD);
    await pt.getByRole('button', { name: 'Entrar' }).click();
    await expect(pt.getByRole('heading', { name: 'Verificação em dois passos' })).toBeVisible({
      timeout: LOGIN_TIMEOUT_MS,
    });
    await pt.getByLabel('Código').fill(await generate({ secret }));
    await pt.getByRole('button', { name: 'Verificar' }).click();
    await expect(pt.getByRole('alert')).toHaveText(
      'Foram tentados demasiados códigos errados neste site: o segundo passo está suspenso para todos. Tente novamente daqui a 15 minutos.',
    );
  } finally {
    await ptContext.close();
  }
});
