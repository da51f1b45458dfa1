import { AxeBuilder } from '@axe-core/playwright';
import { addDays } from '../../src/shared/date-ranges.js';
import { earliestToday } from '../../src/shared/dates.js';
import { logIn } from '../support/browser/admin-login.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// A phone guest who paid a deposit: the owner enters the stay with what was paid, the form refuses
// more than the price, and the stay's page says what was paid and what is still due, in each
// language, on a phone and a desktop.

const TEXTS = {
  en: {
    newStay: 'New stay',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    name: 'Name',
    price: 'Price of the stay (€)',
    paid: 'Paid so far (€)',
    paidHint: 'A deposit, say. Leave it empty when the stay is paid in full.',
    tooMuch: 'Enter an amount in euros, no more than the price.',
    save: 'Save the stay',
    facts:
      'Paid to the owner outside the site: €180; €420 still due, to record here when it is paid. Never charged here.',
  },
  'pt-PT': {
    newStay: 'Nova estadia',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    name: 'Nome',
    price: 'Preço da estadia (€)',
    paid: 'Já pago (€)',
    paidHint: 'Um pré-pagamento, por exemplo. Deixe vazio se a estadia está paga na totalidade.',
    tooMuch: 'Indique um valor em euros, não superior ao preço.',
    save: 'Guardar a estadia',
    facts:
      'Pago ao proprietário fora do site: 180 €; faltam 420 €, a registar aqui quando forem pagos. Nunca é cobrado aqui.',
  },
} as const;
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

for (const locale of ['en', 'pt-PT'] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test('the owner enters a phone stay with a deposit paid, and its page shows the balance due', async ({
      page,
      startServer,
    }, testInfo) => {
      const t = TEXTS[locale];
      const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
      const stay = { checkIn: addDays(earliestToday(), 40), checkOut: addDays(earliestToday(), 43) };
      await page.setViewportSize(VIEWPORTS.desktop);
      await logIn(page, server.url);
      await page.goto(`${server.url}/admin/stays/new`);
      await page.getByLabel(t.checkIn, { exact: true }).fill(stay.checkIn);
      await page.getByLabel(t.checkOut, { exact: true }).fill(stay.checkOut);
      await page.getByLabel(t.name, { exact: true }).fill('Maria Costa');
      await page.getByLabel(t.price).fill('600');
      const paid = page.getByLabel(t.paid);
      await expect(paid).toHaveAccessibleDescription(t.paidHint);
      await paid.fill('600,01');
      await page.getByRole('button', { name: t.save }).click();
      await expect(paid).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(t.tooMuch)).toBeVisible();
      // Keyboard: the field is reached and corrected without a mouse.
      await paid.focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('180');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page).toHaveURL(/\/admin\/bookings\/[2-9A-Z]{4}-[2-9A-Z]{2}$/);
      await expect(page.getByTestId('stay-facts-paid')).toHaveText(t.facts);
      for (const [width, size] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(size);
        const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(axe.violations).toEqual([]);
        await page.screenshot({ path: testInfo.outputPath(`phone-deposit-${locale}-${width}.png`), fullPage: true });
      }
    });
  });
}
