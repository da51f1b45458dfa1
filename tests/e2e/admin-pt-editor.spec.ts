import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { logIn } from '../support/browser/admin-login.js';
import { expect, test } from '../support/browser/test-fixtures.js';

// The content editor for a browser in Portuguese: its own interface in Portuguese, the content's
// languages still named by their tags (docs/decisions/0011-languages.md).
const SHOTS = '/tmp/h-aed-shots';
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const SECTIONS = [
  'Textos',
  'Preços',
  'Hóspedes, dias de chegada e encargos',
  'Reservas e pagamento',
  'Comodidades',
  'Localização e atrações',
  'Contacto e rodapé',
  'Instruções de chegada',
  'Cores dos emails e unidade SIBA',
  'Fotografias',
  'Histórico',
];

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test.use({ locale: 'pt-PT' });
// Axe over the whole editor, twice, on a shared machine.
test.setTimeout(360_000);

/** Logs in and opens the editor; answers its form. */
async function openEditor(page: Page, url: string) {
  await logIn(page, url);
  await page.goto(`${url}/admin/content`);
  return page.getByRole('form', { name: 'Conteúdo do site' });
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`on a ${size}, the editor speaks Portuguese: sections, buttons, the Stripe note and a refused save`, async ({
    page,
    startServer,
  }) => {
    await page.setViewportSize(viewport);
    const server = await startServer();
    const form = await openEditor(page, server.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await expect(page.getByRole('heading', { level: 1, name: 'Conteúdo do site' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar ao painel' })).toBeVisible();
    await expect(page.getByTestId('content-status')).toHaveText('Publicada: versão 1. Sem rascunho.');
    for (const name of SECTIONS) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Guardar rascunho' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Publicar' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Pré-visualizar (português europeu)' })).toBeVisible();
    // The content's languages keep their tags: only the editor's own words are Portuguese.
    await expect(form.getByLabel('Título principal (português europeu, opcional)')).toBeVisible();
    await expect(form.getByRole('group', { name: 'Época 1' })).toBeVisible();
    await expect(form.getByTestId('editor-quote')).toContainText('3 noites');
    await expect(form.getByTestId('stripe-not-set')).toHaveText(/^O Stripe não está configurado neste servidor/);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/editor-pt-${size}.png`, fullPage: true });

    const headline = form.getByLabel('Título principal (inglês)');
    await headline.fill('');
    await form.getByRole('button', { name: 'Guardar rascunho' }).click();
    await expect(form.getByRole('alert')).toHaveText('1 campo precisa de atenção antes de guardar.');
    await expect(headline).toHaveAttribute('aria-invalid', 'true');
    await expect(headline).toHaveAccessibleDescription('falta a tradução en');
    await expect(page.getByTestId('content-status')).toContainText('Alterações por guardar.');
    await expectAxeClean(page);
    await headline.screenshot({ path: `${SHOTS}/editor-pt-${size}-refused.png` });
    await page.screenshot({ path: `${SHOTS}/editor-pt-${size}-top.png` });
  });
}

test('the preview of the Portuguese page carries its band in Portuguese', async ({ page, startServer }) => {
  const server = await startServer();
  const form = await openEditor(page, server.url);
  await form.getByLabel('Título principal (português europeu, opcional)').fill('Uma casa calma junto ao lago');
  const opened = page.waitForEvent('popup');
  await form.getByRole('button', { name: 'Pré-visualizar (português europeu)' }).click();
  const preview = await opened;
  await expect(preview.getByTestId('preview-band')).toHaveText('Pré-visualização — não publicada');
  await expect(preview.getByRole('heading', { level: 1 })).toContainText('Uma casa calma junto ao lago');
  await expect(page.getByTestId('content-status')).toContainText('Rascunho guardado');
  await preview.screenshot({ path: `${SHOTS}/preview-pt.png` });
});
