import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AdminApi } from '../support/browser/admin-api.js';
import { logIn } from '../support/browser/admin-login.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';
import { stayBody } from '../support/server/stays.js';

// The owner's books in the browser: an Airbnb stay with its commission, a phone stay and an owner's
// block in July and August 2027; the owner opens the reports (charts and the tables of their
// figures), reads July's occupancy and revenue, and downloads the accountant's CSV, in English on
// a phone and in Portuguese on a desktop (the admin speaks the site's first language), axe clean.

test.setTimeout(240_000);

const ROOT = join(import.meta.dirname, '../..');
const demo = JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as { locales: string[] };
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

const TEXTS = {
  en: {
    heading: 'Reports 2027',
    chart: 'Occupancy by month (nights booked out of the nights available), stacked by channel',
    occupancyTable: 'Occupancy by month, 2027',
    revenueTable: 'Revenue by month, 2027',
    july: 'Jul',
    occupancy: '26.9%',
    adr: '€120',
    gross: '€840',
    commission: '€126',
    net: '€714',
    yearNet: '€1,214',
    download: 'Download the CSV',
    language: 'Language of the file',
    netRow: /^Total net;;;;;;;1214\.00;;;$/m,
  },
  'pt-PT': {
    heading: 'Relatórios 2027',
    chart: 'Ocupação por mês (noites reservadas sobre as noites disponíveis), empilhada por canal',
    occupancyTable: 'Ocupação por mês, 2027',
    revenueTable: 'Receita por mês, 2027',
    july: 'jul.',
    occupancy: '26,9%',
    adr: '120 €',
    gross: '840 €',
    commission: '126 €',
    net: '714 €',
    yearNet: '1214 €',
    download: 'Descarregar o CSV',
    language: 'Língua do ficheiro',
    netRow: /^Total líquido;;;;;;;1214,00;;;$/m,
  },
} as const;

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

async function ownerPost(url: string, admin: AdminApi, path: string, body: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { cookie: admin.cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** The cell of `column` (its header's exact text) in the row whose header is `row`, in `table`. */
async function cell(page: Page, table: string, row: string, column: string) {
  const region = page.getByRole('region', { name: table });
  const headers = await region.locator('thead th').allTextContents();
  const index = headers.indexOf(column);
  expect(index, `${column} in ${headers.join(' | ')}`).toBeGreaterThan(0);
  return region
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: row, exact: true }) })
    .locator('th, td')
    .nth(index);
}

for (const [locale, width] of [
  ['en', 'phone'],
  ['pt-PT', 'desktop'],
] as const) {
  // The admin's screens follow the browser's language (app/admin-locale.ts).
  test.describe(locale, () => {
    test.use({ locale: locale === 'en' ? 'en-US' : 'pt-PT' });
    test(`the owner reads the year's reports and downloads the accountant's CSV, in ${locale} on the ${width}`, async ({
      page,
      startServer,
    }) => {
      const texts = TEXTS[locale];
      const locales = locale === 'en' ? demo.locales : ['pt-PT', ...demo.locales.filter((l) => l !== 'pt-PT')];
      const server = await startServer({ env: { CONTENT_DIR: bookingContentDir({}, { locales }) } });
      const admin = await AdminApi.login(server.url);
      await ownerPost(
        server.url,
        admin,
        '/api/admin/stays',
        stayBody({ checkIn: '2027-07-05', checkOut: '2027-07-12', children: [] }),
      );
      await ownerPost(
        server.url,
        admin,
        '/api/admin/stays',
        stayBody({
          channel: 'phone',
          checkIn: '2027-08-02',
          checkOut: '2027-08-06',
          children: [],
          priceCents: 50_000,
          commissionCents: undefined,
          platformReference: undefined,
          touristTaxCollectedBy: 'owner',
        }),
      );
      await admin.addBlock('2027-07-20', '2027-07-25', 'Painting');

      await page.setViewportSize(VIEWPORTS[width]);
      await logIn(page, server.url);
      // From the admin's header, by keyboard.
      const reportsLink = page.getByRole('link', { name: locale === 'en' ? 'Reports' : 'Relatórios', exact: true });
      await reportsLink.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/reports$/);
      await page.goto(`${server.url}/admin/reports?year=2027`);
      const panel = page.getByTestId('reports');
      await expect(panel.getByRole('heading', { level: 2, name: texts.heading })).toBeVisible();
      await expect(panel.getByRole('img', { name: texts.chart })).toBeVisible();
      await expect(await cell(page, texts.occupancyTable, texts.july, 'Airbnb')).toHaveText('7');
      await expect(
        await cell(page, texts.occupancyTable, texts.july, locale === 'en' ? 'Available' : 'Disponíveis'),
      ).toHaveText('26');
      await expect(
        await cell(page, texts.occupancyTable, texts.july, locale === 'en' ? 'Occupancy' : 'Ocupação'),
      ).toHaveText(texts.occupancy);
      const adrColumn = locale === 'en' ? 'Average daily rate' : 'Preço médio por noite';
      await expect(await cell(page, texts.occupancyTable, texts.july, adrColumn)).toHaveText(texts.adr);
      const [gross, commissions, net] =
        locale === 'en' ? ['Gross: Airbnb', 'Commissions', 'Net'] : ['Bruto: Airbnb', 'Comissões', 'Líquido'];
      await expect(await cell(page, texts.revenueTable, texts.july, gross)).toHaveText(texts.gross);
      await expect(await cell(page, texts.revenueTable, texts.july, commissions)).toHaveText(texts.commission);
      await expect(await cell(page, texts.revenueTable, texts.july, net)).toHaveText(texts.net);
      await expect(await cell(page, texts.revenueTable, locale === 'en' ? 'Year' : 'Ano', net)).toHaveText(
        texts.yearNet,
      );
      await expectAxeClean(page);
      await page.screenshot({ path: `test-results/e2e/reports-${locale}-${width}.png`, fullPage: true });

      // The accountant's CSV through the page's link, in the page's language by default.
      await expect(panel.getByLabel(texts.language)).toHaveValue(locale === 'en' ? 'en' : 'pt');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('link', { name: texts.download }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('estadia-2027-01-01-2027-12-31.csv');
      const csv = readFileSync((await download.path()) as string, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      expect(csv).toMatch(texts.netRow);
    });
  });
}
