import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { weekdayOf } from '../../src/shared/quote.js';
import { AdminApi } from '../support/browser/admin-api.js';
import { logIn } from '../support/browser/admin-login.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingBody, bookingContentDir } from '../support/server/booking-site.js';
import { StayDocumentsPanel } from '../support/browser/pages/stay-documents.js';
import { FakeInvoiceXpress } from '../support/server/fake-invoicexpress.js';

// The owner's invoices in the browser. Without an invoicing program: a bank transfer marked paid is
// in "To invoice" with what the Portal das Finanças asks, its CSV downloads, the owner ticks it
// invoiced and the stay's page shows it issued by hand (English on a phone, Portuguese on a
// desktop: the admin speaks the site's first language). With the fake InvoiceXpress on loopback:
// the invoicing job's own run issues the invoice-receipt, and the owner's stay page and the
// guest's booking page link its PDF.

test.setTimeout(300_000);

const ROOT = join(import.meta.dirname, '../..');
const demo = JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as {
  locales: string[];
  legal: object;
};
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const TEXTS = {
  en: {
    nav: 'To invoice',
    heading: 'To invoice by hand',
    noNif: 'none: final consumer',
    download: 'Download the CSV',
    done: 'Mark invoiced',
    doneToast: 'Marked as invoiced.',
    empty: 'Nothing to invoice.',
    documents: 'Invoices and credit notes',
    kind: 'Invoice-receipt',
    manual: 'Issued by hand',
  },
  'pt-PT': {
    nav: 'A faturar',
    heading: 'A faturar à mão',
    noNif: 'nenhum: consumidor final',
    download: 'Descarregar o CSV',
    done: 'Marcar como faturado',
    doneToast: 'Marcado como faturado.',
    empty: 'Nada a faturar.',
    documents: 'Faturas e notas de crédito',
    kind: 'Fatura-recibo',
    manual: 'Emitido à mão',
  },
} as const;

const today = () => new Date().toISOString().slice(0, 10);
const weekFrom = (days: number) => {
  let day = addDays(today(), days);
  while (weekdayOf(day) !== 'sat') day = addDays(day, 1);
  return { checkIn: day, checkOut: addDays(day, 7) };
};

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** A guest's bank-transfer booking, marked paid in full by the owner: its code, link and total. */
async function paidBooking(url: string, admin: AdminApi, days: number) {
  const response = await fetch(`${url}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(bookingBody({ ...weekFrom(days), paymentMethod: 'bank_transfer' })),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { code, bookingUrl } = (await response.json()) as { code: string; bookingUrl: string };
  const booked = (await (
    await fetch(`${url}/api/admin/bookings/${code}`, { headers: { cookie: admin.cookie } })
  ).json()) as { totalCents: number };
  await admin.markPaid(code, booked.totalCents);
  return { code, bookingUrl, totalCents: booked.totalCents };
}

for (const [locale, width] of [
  ['en', 'phone'],
  ['pt-PT', 'desktop'],
] as const) {
  // The admin's screens follow the browser's language (app/admin-locale.ts).
  test.describe(locale, () => {
    test.use({ locale: locale === 'en' ? 'en-US' : 'pt-PT' });
    test(`without an invoicing program the owner invoices a payment by hand from "To invoice", in ${locale} on the ${width}`, async ({
      page,
      startServer,
    }) => {
      const texts = TEXTS[locale];
      const locales = locale === 'en' ? demo.locales : ['pt-PT', ...demo.locales.filter((l) => l !== 'pt-PT')];
      const server = await startServer({ env: { CONTENT_DIR: bookingContentDir({}, { locales }) } });
      const admin = await AdminApi.login(server.url);
      const { code, totalCents } = await paidBooking(server.url, admin, locale === 'en' ? 70 : 84);

      await page.setViewportSize(VIEWPORTS[width]);
      await logIn(page, server.url);
      const nav = page.getByRole('link', { name: texts.nav, exact: true });
      await expect(nav).toBeVisible();
      await page.screenshot({ path: `test-results/e2e/admin-header-${locale}-${width}.png` });
      await nav.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByTestId('to-invoice');
      await expect(panel.getByRole('heading', { level: 2, name: texts.heading })).toBeVisible();
      const item = panel.getByTestId('to-invoice-item').filter({ hasText: code });
      await expect(item).toContainText('Ana Silva');
      await expect(item).toContainText(texts.noNif);
      const euros = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 0 });
      await expect(item.getByTestId('to-invoice-amount')).toHaveText(euros.format(totalCents / 100));
      await expectAxeClean(page);
      await page.screenshot({ path: `test-results/e2e/to-invoice-${locale}-${width}.png`, fullPage: true });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('link', { name: texts.download }).click(),
      ]);
      const csv = readFileSync((await download.path()) as string, 'utf8');
      expect(csv.startsWith('\uFEFFdate;kind;booking;')).toBe(true);
      expect(csv).toContain(`;payment;${code};Ana Silva;DE;;`);

      await item.getByRole('button', { name: texts.done }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(texts.doneToast)).toBeVisible();
      await expect(panel.getByText(texts.empty)).toBeVisible();

      await page.goto(`${server.url}/admin/bookings/${code}`);
      const documents = page.getByTestId('stay-documents');
      await expect(documents.getByRole('heading', { name: texts.documents })).toBeVisible();
      await expect(documents.getByTestId('stay-document')).toHaveCount(1);
      await expect(documents.getByTestId('stay-document')).toContainText(texts.kind);
      await expect(documents.getByTestId('stay-document-state')).toHaveText(texts.manual);
      await expectAxeClean(page);
      await documents.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/e2e/stay-documents-manual-${locale}-${width}.png`, fullPage: true });
    });
  });
}

/** A site taking bookings that invoices through the fake InvoiceXpress `ix`, nights at 6 % VAT. */
const invoicingEnv = (ix: FakeInvoiceXpress) => ({
  CONTENT_DIR: bookingContentDir({}, { legal: { ...demo.legal, invoicing: { nightsVatPercent: 6 } } }),
  INVOICEXPRESS_ACCOUNT: 'casadolago',
  INVOICEXPRESS_API_KEY: ix.apiKey,
  INVOICING_API_URL: ix.url,
});

test('with InvoiceXpress the owner and the guest find the invoice-receipt and its PDF link', async ({
  page,
  startServer,
}) => {
  const ix = await FakeInvoiceXpress.start();
  try {
    const server = await startServer({ env: invoicingEnv(ix) });
    const admin = await AdminApi.login(server.url);
    const { code, bookingUrl } = await paidBooking(server.url, admin, 98);
    await logIn(page, server.url);
    await page.goto(`${server.url}/admin/bookings/${code}`);
    const documents = page.getByTestId('stay-documents');
    // The invoicing job's own run, once a minute: the page is read again until the document is issued.
    await expect(async () => {
      await page.reload();
      await expect(documents.getByTestId('stay-document-state')).toHaveText('Issued and mailed to the guest', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 150_000, intervals: [5_000] });
    expect(ix.documents).toHaveLength(1);
    const number = (ix.documents[0]!.sequence_number as string).split('/').reverse().join('/');
    await expect(documents.getByTestId('stay-document')).toContainText(`Invoice-receipt ${number}`);
    const payment = ix.documents[0]!.reference as string;
    await expect(documents.getByRole('link', { name: `PDF of Invoice-receipt ${number}` })).toHaveAttribute(
      'href',
      `/api/admin/stays/${code}/documents/${payment}/pdf`,
    );
    await expectAxeClean(page);
    await page.screenshot({ path: 'test-results/e2e/stay-documents-issued-en-desktop.png', fullPage: true });

    // The guest's page links the same document through their own link, and only theirs.
    const guestPath = new URL(bookingUrl).pathname + new URL(bookingUrl).search;
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${server.url}${guestPath}`);
    const guest = page.getByTestId('booking-documents');
    await expect(guest.getByRole('heading', { name: 'Invoices' })).toBeVisible();
    const link = guest.getByRole('link', { name: `Invoice-receipt ${number} (PDF)` });
    const token = new URL(bookingUrl).searchParams.get('t') as string;
    await expect(link).toHaveAttribute(
      'href',
      `/api/bookings/${code}/documents/${payment}/pdf?t=${encodeURIComponent(token)}`,
    );
    await expectAxeClean(page);
    await page.screenshot({ path: 'test-results/e2e/booking-documents-en-phone.png', fullPage: true });
    // The provider's PDF, asked at each request: being made the first time, then its address.
    const href = (await link.getAttribute('href')) as string;
    expect((await page.request.get(`${server.url}${href}`, { maxRedirects: 0 })).status()).toBe(409);
    const ready = await page.request.get(`${server.url}${href}`, { maxRedirects: 0 });
    expect(ready.status()).toBe(302);
    expect(ready.headers().location).toBe(`${ix.url}/pdfs/${ix.documents[0]!.id}.pdf`);
  } finally {
    await ix.stop();
  }
});

const NIF_TEXTS = {
  en: {
    form: 'Invoice with a tax number (NIF)',
    country: 'Country that issued it',
    number: 'Tax number (NIF)',
    save: 'Save the tax number',
    refused: /^Check the tax number: a Portuguese NIF is 9 digits/,
    saved: 'Saved: your invoice will carry the tax number PT 123456789.',
    current: 'Your invoice will carry the tax number PT 123456789.',
  },
  'pt-PT': {
    form: 'Fatura com número de contribuinte (NIF)',
    country: 'País que o emitiu',
    number: 'Número de contribuinte (NIF)',
    save: 'Guardar o número de contribuinte',
    refused: /^Verifique o número de contribuinte: um NIF português tem 9 algarismos/,
    saved: 'Guardado: a sua fatura vai levar o número de contribuinte PT 123456789.',
    current: 'A sua fatura vai levar o número de contribuinte PT 123456789.',
  },
} as const;

for (const [locale, width] of [
  ['en', 'phone'],
  ['pt-PT', 'desktop'],
] as const) {
  // The admin's screens follow the browser's language (app/admin-locale.ts).
  test.describe(locale, () => {
    test.use({ locale: locale === 'en' ? 'en-US' : 'pt-PT' });
    test(`the guest gives a tax number for the invoice at check-in, refused by its check digit first, in ${locale} on the ${width}`, async ({
      page,
      startServer,
    }) => {
      const texts = NIF_TEXTS[locale];
      const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
      const response = await fetch(`${server.url}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify(
          bookingBody({ ...weekFrom(locale === 'en' ? 112 : 126), paymentMethod: 'bank_transfer', locale }),
        ),
      });
      expect(response.status).toBe(201);
      const { code, bookingUrl } = (await response.json()) as { code: string; bookingUrl: string };
      const admin = await AdminApi.login(server.url);
      const booked = (await (
        await fetch(`${server.url}/api/admin/bookings/${code}`, { headers: { cookie: admin.cookie } })
      ).json()) as { totalCents: number };
      await admin.markPaid(code, booked.totalCents);

      await page.setViewportSize(VIEWPORTS[width]);
      await page.goto(`${server.url}${new URL(bookingUrl).pathname}${new URL(bookingUrl).search}`);
      const form = page.getByRole('form', { name: texts.form });
      await form.getByLabel(texts.country).selectOption('PT');
      await form.getByLabel(texts.number).fill('123456780');
      await form.getByRole('button', { name: texts.save }).click();
      await expect(form.getByLabel(texts.number)).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByTestId('error-summary').getByRole('link')).toHaveText([texts.refused]);
      await expect(form.getByLabel(texts.number)).toBeFocused();
      await expectAxeClean(page);
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/e2e/check-in-nif-refused-${locale}-${width}.png` });
      // By keyboard: the right number, then Enter in its field.
      await form.getByLabel(texts.number).fill('123 456 789');
      await form.getByLabel(texts.number).press('Enter');
      await expect(form.getByTestId('check-in-nif-saved')).toHaveText(texts.saved);
      await page.reload();
      await expect(page.getByRole('form', { name: texts.form })).toContainText(texts.current);
      await expect(page.getByRole('form', { name: texts.form }).getByLabel(texts.number)).toHaveValue('123456789');
    });
  });
}

test('the owner corrects the tax number after the invoice: a credit note and a new invoice are recorded, in en', async ({
  page,
  startServer,
}) => {
  const ix = await FakeInvoiceXpress.start();
  try {
    const server = await startServer({ env: invoicingEnv(ix) });
    const admin = await AdminApi.login(server.url);
    const response = await fetch(`${server.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(
        bookingBody({ ...weekFrom(140), paymentMethod: 'bank_transfer', country: 'PT', nif: '123456789' }),
      ),
    });
    expect(response.status).toBe(201);
    const { code } = (await response.json()) as { code: string };
    const booked = (await (
      await fetch(`${server.url}/api/admin/bookings/${code}`, { headers: { cookie: admin.cookie } })
    ).json()) as { totalCents: number };
    await admin.markPaid(code, booked.totalCents);

    await logIn(page, server.url);
    await page.goto(`${server.url}/admin/bookings/${code}`);
    const panel = new StayDocumentsPanel(page);
    // The invoicing job's own run, once a minute: the page is read again until the invoice is issued.
    await expect(async () => {
      await page.reload();
      await expect(panel.states).toHaveText(['Issued and mailed to the guest'], { timeout: 2_000 });
    }).toPass({ timeout: 150_000, intervals: [5_000] });
    await expect(panel.currentTaxNumber()).toHaveText('The invoices carry the tax number PT 123456789.');
    await expect(panel.taxNumber).toContainText('Correcting it issues a credit note of each issued invoice');

    await panel.correctTaxNumber('PT', '501964843');
    await expect(
      page.getByText('Tax number corrected: the credit note and the new invoice are being issued.'),
    ).toBeVisible();
    await expect(panel.currentTaxNumber()).toHaveText('The invoices carry the tax number PT 501964843.');
    await expect(panel.documents).toHaveCount(3);
    await expect(panel.documents.nth(1)).toContainText('Credit note');
    // The credit note is the correction's, not a second payment or a refund.
    await expect(panel.documents.nth(1)).toContainText('Correction');
    await expect(panel.documents.nth(1)).not.toContainText('Payment of');
    await expect(panel.documents.nth(2)).toContainText('Invoice-receipt');
    await expect(panel.states).toHaveText([
      'Issued and mailed to the guest',
      'Waiting to be issued',
      'Waiting to be issued',
    ]);
    await expectAxeClean(page);
    await panel.root.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/e2e/stay-tax-number-corrected-en-desktop.png', fullPage: true });
    await page.setViewportSize(VIEWPORTS.phone);
    await expectAxeClean(page);
    await panel.taxNumber.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/e2e/stay-tax-number-corrected-en-phone.png' });
  } finally {
    await ix.stop();
  }
});
