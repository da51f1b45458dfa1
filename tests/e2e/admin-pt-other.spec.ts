import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { generate } from 'otplib';
import { addDays } from '../../src/shared/date-ranges.js';
import { submitBooking } from '../support/browser/admin-api.js';
import { TEST_ADMIN_PASSWORD } from '../support/browser/built-server.js';
import { OwnerTools, type OwnerToolsTexts } from '../support/browser/pages/owner-tools.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// The owner's login page and tools (calendar, guest data, second factor, audit list) in the
// browser's language, as the rest of the admin (docs/decisions/0011-languages.md): Portuguese for
// a pt-PT browser, on a phone and a desktop, axe clean; English stays English.

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const SHOTS = 'test-results/admin-pt-other';

const PT: OwnerToolsTexts = {
  loginHeading: 'Acesso de administração',
  password: 'Palavra-passe',
  logIn: 'Entrar',
  incorrectPassword: 'Palavra-passe incorreta',
  calendar: 'Calendário',
  guestData: 'Dados dos hóspedes',
  twoFactor: 'Segundo fator',
  audit: 'Registo de auditoria',
  searchBy: 'Procurar por',
  email: 'Endereço de e-mail',
  search: 'Procurar',
  download: 'Descarregar',
  setUpApp: 'Configurar uma aplicação de autenticação',
  key: 'Chave',
  appCode: 'Código da aplicação',
  confirm: 'Confirmar',
  recoveryCodes: 'Códigos de recuperação',
  codesSaved: 'Guardei estes códigos num local seguro',
  done: 'Concluído',
};

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** The page at both widths, axe clean at each, its parts' screenshots kept for looking at. */
async function lookAt(page: Page, parts: Record<string, Locator>) {
  for (const [width, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await expectAxeClean(page);
    for (const [name, part] of Object.entries(parts)) await part.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

const year = () => new Date().getUTCFullYear() + 1;

test.describe('a pt-PT browser', () => {
  test.use({ locale: 'pt-PT' });

  for (const [width, size] of Object.entries(VIEWPORTS))
    test(`logs in and reads the calendar, guest data, second factor and audit list in Portuguese (${width})`, async ({
      page,
      startServer,
    }) => {
      const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
      // Outside the summer's Saturday arrivals: the second half of October of next year.
      const checkIn = `${year()}-10-12`;
      const email = `ana.${width}@example.com`;
      const code = await submitBooking(server.url, {
        checkIn,
        checkOut: addDays(checkIn, 3),
        guests: 2,
        name: 'Ana Silva',
        email,
        country: 'PT',
        locale: 'pt-PT',
        paymentMethod: 'bank_transfer',
        acceptTerms: true,
      });
      await page.setViewportSize(size);
      const tools = new OwnerTools(page, PT);

      await tools.openLogin(server.url);
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
      await expect(page).toHaveTitle(/^Acesso de administração - /);
      await expectAxeClean(page);
      await page.screenshot({ path: `${SHOTS}/login-${width}.png`, fullPage: true });
      await tools.logIn(TEST_ADMIN_PASSWORD);
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');

      // The calendar opens on the month of the next stay, named in Portuguese; the booking's
      // status in words, its dates in the Portuguese form.
      await expect(tools.calendar.getByRole('heading', { name: PT.calendar, level: 2 })).toBeVisible();
      await expect(tools.calendar.locator('.rdp-caption_label').first()).toHaveText(`outubro ${year()}`);
      const booking = tools.calendarBooking(code);
      await expect(booking).toContainText(`12 out. ${year()} – 15 out. ${year()}`);
      await expect(booking).toContainText('Reserva');
      await expect(booking).toContainText('(a aguardar pagamento)');
      await expect(booking).toContainText('Cancele-a ou recuse-a na sua página para libertar estas noites.');
      await expect(tools.calendar.getByRole('heading', { name: 'Noites bloqueadas' })).toBeVisible();
      await expect(tools.calendar.getByRole('button', { name: 'Adicionar bloqueio' })).toBeVisible();
      await expect(tools.calendar.getByRole('heading', { name: 'Calendários importados' })).toBeVisible();
      await expect(tools.calendar.getByText('Ainda não há calendários importados.')).toBeVisible();

      // Guest data: a search that finds only a booking offers its download, in Portuguese.
      const results = await tools.searchGuest(email);
      await expect(results).toContainText('Encontrados: 1 reserva, 0 pedidos, 0 avaliações e 0 notas do calendário.');
      await expect(results.getByRole('list', { name: 'Reservas encontradas' })).toContainText('a aguardar pagamento');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        results.getByRole('button', { name: PT.download }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('guest-data.json');
      await expect(tools.guestData.getByRole('listitem').filter({ hasText: 'Descarregado: 0 pedidos' })).toBeVisible();

      // The second factor: the banner, the panel, the setup and its recovery codes.
      await expect(page.getByText('Proteja esta administração com um segundo fator.')).toBeVisible();
      await expect(tools.twoFactor.getByRole('heading', { name: PT.twoFactor })).toBeVisible();
      await expect(tools.twoFactor.getByTestId('two-factor-state')).toHaveText(
        'Inativo: só a palavra-passe abre esta administração.',
      );
      await expect(tools.twoFactor.getByRole('button', { name: 'Adicionar uma chave de acesso' })).toBeVisible();
      await expect(tools.audit.getByRole('heading', { name: PT.audit })).toBeVisible();
      await expect(tools.audit).toContainText('Iniciou sessão');
      await lookAt(page, {
        calendar: tools.calendar,
        'guest-data': tools.guestData,
        'two-factor': tools.twoFactor,
        audit: tools.audit,
        banner: page.getByRole('status').filter({ hasText: 'Proteja esta administração' }),
      });

      const codes = await tools.setUpApp((secret) => generate({ secret }));
      await expect(codes.getByRole('heading', { name: 'Os seus códigos de recuperação' })).toBeVisible();
      await expect(page.getByRole('button', { name: PT.done })).toBeDisabled();
      await lookAt(page, { 'recovery-codes': codes });
      await tools.saveRecoveryCodes();
      await expect(tools.twoFactor.getByTestId('two-factor-state')).toHaveText(
        'Ativo: aplicação de autenticação; códigos de recuperação restantes: 10. Todos os inícios de sessão o pedem.',
      );
      await expect(tools.twoFactor.getByRole('button', { name: 'Novos códigos de recuperação' })).toBeVisible();
      await page.reload();
      await expect(tools.audit).toContainText('Adicionou um segundo fator');
      await expect(tools.audit).toContainText('Descarregou dados de hóspedes');
      await expectAxeClean(page);
    });
});

test('an English browser logs in in English', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('[data-island="login"]')).toHaveAttribute('data-hydrated');
  await expect(page.getByRole('heading', { name: 'Administrative Access', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(/^Administrative Access - /);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
});
