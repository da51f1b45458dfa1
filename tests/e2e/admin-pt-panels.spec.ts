import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { houseToday } from '../../src/shared/dates.js';
import { AdminApi, submitInquiry, submitReview } from '../support/browser/admin-api.js';
import { AdminHomeIn } from '../support/browser/pages/admin-home-in.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';
import { stayBody } from '../support/server/stays.js';

// The owner's home in Portuguese (issue 42, part 5: one language for the whole admin): a pt-PT
// browser reads "Needs action", the inquiries, the reviews and the guest registrations in
// Portuguese, counts in the catalog's plurals, on a phone and a desktop, axe clean. "Reply by mail"
// writes its subject in the guest's language, whatever the admin's (decision 0011).

test.setTimeout(180_000);

const SHOTS = '/tmp/hap-shots';
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const HOUSE = 'Casa do Lago';

async function axeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** "13 jan. 2027": a stay's day as the Portuguese admin and the Portuguese guest read it. */
const ptDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  const month = new Intl.DateTimeFormat('pt-PT', { month: 'short', timeZone: 'UTC' }).format(date);
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`;
};

/** A browser in the owner's language, on a phone or a desktop. */
async function ownerBrowser(browser: Browser, locale: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ locale, viewport, reducedMotion: 'reduce' });
  return { context, page: await context.newPage() };
}

/** Two inquiries, one from the Portuguese page with dates and one from the English page; a pending review; a phone stay arriving today. */
async function seed(url: string) {
  const today = houseToday(Date.now());
  const pt = { checkIn: addDays(today, 60), checkOut: addDays(today, 63) };
  await submitInquiry(url, {
    name: 'Rita Pereira',
    email: 'rita@example.com',
    guests: 2,
    message: 'Há barco?',
    locale: 'pt-PT',
    ...pt,
  });
  await submitInquiry(url, { name: 'Emma Smith', email: 'emma@example.com', message: 'Dogs?', locale: 'en' });
  await submitReview(url, { clientName: 'Klaus Bauer', rating: 5, comment: 'Wunderbar.' });
  const owner = await AdminApi.login(url);
  const stay = await owner.addStay(
    stayBody({
      channel: 'phone',
      checkIn: today,
      checkOut: addDays(today, 3),
      platformReference: '',
      touristTaxCollectedBy: 'owner',
      name: 'Pia Phone',
    }),
  );
  return { pt, stay };
}

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`a pt-PT owner reads the home's panels in Portuguese (${width})`, async ({ browser, startServer }) => {
    mkdirSync(SHOTS, { recursive: true });
    const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
    const { pt, stay } = await seed(server.url);
    const { context, page } = await ownerBrowser(browser, 'pt-PT', viewport);
    const home = new AdminHomeIn(page, 'pt-PT');
    await home.logIn(server.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');

    // Needs action: counted in the catalog's plurals.
    await expect(home.count('inquiries')).toHaveText('2 pedidos');
    // The phone stay's party has not checked in: no bulletin is known to be needed yet.
    await expect(home.count('bulletins')).toHaveText('0 boletins');

    // The inquiries: their words, the delivery state in words, the stay's days in Portuguese.
    const rita = home.inquiry('Rita Pereira');
    await expect(rita).toContainText('Recebido');
    await expect(rita).toContainText('Hóspedes');
    await expect(rita).toContainText('Entrada');
    await expect(rita).toContainText(ptDay(pt.checkIn));
    await expect(rita.getByTestId('delivery-state')).toHaveText('pendente');
    await expect(rita.getByRole('button', { name: 'Confirmar reserva' })).toBeVisible();
    await expect(rita.getByRole('button', { name: 'Fazer uma proposta' })).toBeVisible();
    // Each guest is answered in the language of the page they wrote from.
    expect(await home.replySubject('Rita Pereira')).toBe(
      `A sua estadia na ${HOUSE}, de ${ptDay(pt.checkIn)} a ${ptDay(pt.checkOut)}`,
    );
    expect(await home.replySubject('Emma Smith')).toBe(`Your inquiry at ${HOUSE}`);

    // The reviews: the filters, the pending one's actions, and an empty filter's words.
    await expect(home.review('Klaus Bauer')).toContainText('Pendente');
    await expect(home.review('Klaus Bauer').getByRole('button', { name: 'Aprovar' })).toBeVisible();
    await expect(home.review('Klaus Bauer').getByRole('button', { name: 'Eliminar' })).toBeVisible();
    await home.reviews.getByRole('button', { name: 'Aprovadas', exact: true }).click();
    await expect(home.reviews).toContainText('Não há avaliações com este filtro.');
    await home.reviews.getByRole('button', { name: 'Todas', exact: true }).click();
    await expect(home.review('Klaus Bauer')).toBeVisible();

    // The guest registrations: the phone stay's bulletins, nobody checked in yet.
    const registration = home.registration(stay);
    await expect(registration.getByTestId('registration-checked-in')).toContainText('Check-in feito: 0/');
    await expect(registration).toContainText('nacionalidade desconhecida');
    await expect(registration.getByTestId('bulletin-arrival').getByTestId('bulletin-state')).toHaveText(
      'a aguardar os dados dos hóspedes',
    );
    await expect(registration).toContainText('Boletim de chegada');
    await expect(registration.getByRole('button', { name: 'Descarregar para o SIBA (chegada)' })).toBeVisible();
    await expect(home.registrations.getByRole('button', { name: 'Recarregar registos' })).toBeVisible();
    await axeClean(page);
    for (const [name, panel] of Object.entries({
      needs: home.needsAction,
      inquiries: home.inquiries,
      reviews: home.reviews,
      registrations: home.registrations,
    }))
      await panel.screenshot({ path: `${SHOTS}/${name}-pt-${width}.png` });

    // Marked handled, an inquiry leaves the count: one, in the singular.
    await rita.getByRole('button', { name: 'Marcar como tratado' }).click();
    await expect(rita.getByTestId('inquiry-handled')).toContainText('pelo proprietário');
    await expect(home.count('inquiries')).toHaveText('1 pedido');
    await rita.screenshot({ path: `${SHOTS}/inquiry-pt-${width}.png` });
    await axeClean(page);

    // The tourist tax return of the phone stay's month: its words, the channel and who collects in words.
    await page.goto(`${server.url}/admin/tourist-tax?month=${houseToday(Date.now()).slice(0, 7)}`);
    const tax = page.getByTestId('tourist-tax');
    await expect(tax.getByRole('heading', { name: 'Declaração da taxa turística: Test' })).toBeVisible();
    await expect(tax.getByRole('columnheader', { name: 'Cobrada por' })).toBeVisible();
    const row = tax.getByTestId('tax-item').filter({ hasText: stay });
    await expect(row).toContainText('Telefone');
    await expect(row).toContainText('Proprietário');
    await expect(tax.getByRole('link', { name: 'Descarregar o CSV' })).toBeVisible();
    await axeClean(page);
    await tax.screenshot({ path: `${SHOTS}/tourist-tax-pt-${width}.png` });
    await context.close();
  });
}

test('an English owner replies to a Portuguese guest in Portuguese, to an English one in English', async ({
  browser,
  startServer,
}) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const { pt } = await seed(server.url);
  const { context, page } = await ownerBrowser(browser, 'en-US', VIEWPORTS.desktop);
  const home = new AdminHomeIn(page, 'en');
  await home.logIn(server.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(home.count('inquiries')).toHaveText('2 inquiries');
  expect(await home.replySubject('Rita Pereira')).toBe(
    `A sua estadia na ${HOUSE}, de ${ptDay(pt.checkIn)} a ${ptDay(pt.checkOut)}`,
  );
  expect(await home.replySubject('Emma Smith')).toBe(`Your inquiry at ${HOUSE}`);
  await context.close();
});
