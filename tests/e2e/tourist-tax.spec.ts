import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { weekdayOf } from '../../src/shared/quote.js';
import { stayTax, taxInMonth } from '../../src/shared/tourist-tax.js';
import { bookingContentDir } from '../support/server/booking-site.js';
import { AdminApi } from '../support/browser/admin-api.js';
import { logIn } from '../support/browser/admin-login.js';
import { AdminScreens } from '../support/browser/pages/admin-screens.js';
import { BookingPanel } from '../support/browser/pages/booking-panel.js';
import { expect, test } from '../support/browser/test-fixtures.js';

// The municipal tourist tax in the browser, under a Lisbon-like rule (€4 per person and night,
// from 13 years, at most 7 nights): a guest books for two adults and a child of 10 and sees the
// tax's line; the owner reads the month's return. Phone and desktop, English and Portuguese.

const ROOT = join(import.meta.dirname, '../..');
const demo = JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as { pricing: object };
const RULE = {
  municipality: 'Lisboa (test rule)',
  perGuestPerNight: 400,
  minAge: 13,
  maxNights: 7,
  exemptions: [{ code: 'medical', label: { en: 'Medical stay', 'pt-PT': 'Tratamento médico' } }],
};
// An upper bound, not a wait: the guest's booking and the owner's return on a busy two-core machine.
test.setTimeout(300_000);

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

const PAGES = {
  en: {
    path: '/',
    adults: 'Adults (18 or older)',
    children: 'Children (under 18)',
    age: 'Age of child 1',
    name: 'Full Name',
    email: 'Email',
    country: 'Country of residence',
    accept: 'I accept the cancellation policy and the house rules.',
    // By transfer: nothing is charged when the form is sent.
    submit: 'Book',
    taxLine: /^Municipal tourist tax: 2 guests × 7 nights × €4\s*€56$/,
    taxNote: 'The municipal tourist tax is refunded in full if you cancel.',
  },
  'pt-PT': {
    path: '/pt/',
    adults: 'Adultos (18 anos ou mais)',
    children: 'Crianças (menos de 18 anos)',
    age: 'Idade da criança 1',
    name: 'Nome completo',
    email: 'E-mail',
    country: 'País de residência',
    accept: 'Aceito a política de cancelamento e as regras da casa.',
    submit: 'Reservar',
    taxLine: /^Taxa turística municipal: 2 hóspedes × 7 noites × 4\s€\s*56\s€$/,
    taxNote: 'A taxa turística municipal é reembolsada na totalidade se cancelar.',
  },
} as const;

const today = () => new Date().toISOString().slice(0, 10);
/** A week from a Saturday at least `days` ahead: every season's rules allow it. */
const weekFrom = (days: number) => {
  let day = addDays(today(), days);
  while (weekdayOf(day) !== 'sat') day = addDays(day, 1);
  return { checkIn: day, checkOut: addDays(day, 7) };
};

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** The guest's booking for 2 adults and a child of 10, by bank transfer; answers its code. */
async function bookWithChild(page: Page, locale: keyof typeof PAGES, stay: { checkIn: string; checkOut: string }) {
  const texts = PAGES[locale];
  const panel = new BookingPanel(page, locale);
  await page.locator('#book').scrollIntoViewIfNeeded();
  await panel.chooseGuests(3);
  await panel.pickStay(stay, today());
  const booking = await panel.reserve();
  // The three guests chosen above are adults until the guest says one is a child, whose age the tax needs.
  await expect(booking.getByLabel(texts.adults)).toHaveValue('3');
  await booking.getByLabel(texts.adults).selectOption('2');
  await booking.getByLabel(texts.children).selectOption('1');
  await booking.getByLabel(texts.age).selectOption('10');
  const tax = booking.getByTestId('booking-lines').locator('[data-kind="touristTax"]');
  await expect(tax).toHaveText(texts.taxLine);
  await expect(booking.getByTestId('booking-plan')).toContainText(texts.taxNote);
  // A child of 13 pays as an adult: the line follows at once.
  await booking.getByLabel(texts.age).selectOption('13');
  await expect(tax).toContainText(locale === 'en' ? '3 guests' : '3 hóspedes');
  await booking.getByLabel(texts.age).selectOption('10');
  await expect(tax).toHaveText(texts.taxLine);
  await booking.getByLabel(texts.name).fill('Ana Silva');
  await booking.getByLabel(texts.email).fill('ana@example.com');
  await booking.getByLabel(texts.country).selectOption('DE');
  await booking.getByLabel(texts.accept).check();
  await expectAxeClean(page);
  await booking.getByTestId('booking-party').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/e2e/tourist-tax-form-${locale}.png`, fullPage: false });
  await booking.getByTestId('booking-plan').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/e2e/tourist-tax-plan-${locale}.png`, fullPage: false });
  await booking.getByRole('button', { name: texts.submit, exact: true }).click();
  const reference = await page.getByTestId('booking-result').getByTestId('bank-reference').textContent();
  expect(reference).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{2}$/);
  return reference as string;
}

for (const [locale, viewport] of [
  ['en', 'phone'],
  ['pt-PT', 'desktop'],
] as const) {
  test(`a guest books with a child in ${locale} on the ${viewport} and sees the tax line; the owner reads the return`, async ({
    page,
    startServer,
  }) => {
    const server = await startServer({
      env: { CONTENT_DIR: bookingContentDir({}, { pricing: { ...demo.pricing, touristTax: RULE } }) },
    });
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.goto(`${server.url}${PAGES[locale].path}`);
    const stay = weekFrom(locale === 'en' ? 70 : 84);
    const code = await bookWithChild(page, locale, stay);

    // The owner marks the transfer received, and the stay is in the return of its first month.
    const admin = await AdminApi.login(server.url);
    const booked = await (
      await fetch(`${server.url}/api/admin/bookings/${code}`, { headers: { cookie: admin.cookie } })
    ).json();
    await admin.markPaid(code, (booked as { totalCents: number }).totalCents);
    const month = stay.checkIn.slice(0, 7);
    // The owner ticks the second adult's medical stay on the stay's page: the return leaves them out.
    const party = { adults: 2, childrenAges: [10], exemptions: [{ guest: 1, code: 'medical' }] };
    const expected = taxInMonth(stayTax(RULE, stay.checkIn, stay.checkOut, party), month);

    await logIn(page, server.url);
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.goto(`${server.url}/admin/bookings/${code}`);
    const exemptions = page.getByTestId('stay-tax-exemptions');
    await expect(exemptions.getByRole('heading', { name: 'Tourist tax exemptions' })).toBeVisible();
    await expect(exemptions.getByLabel('Child 1 (age 10)')).toHaveValue('');
    await exemptions.getByLabel('Adult 2').selectOption({ label: 'Medical stay' });
    await exemptions.getByRole('button', { name: 'Save the exemptions' }).click();
    await expect(exemptions.getByRole('status')).toHaveText('Exemptions saved.');
    await expectAxeClean(page);
    await exemptions.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/e2e/tourist-tax-exemptions-${viewport}.png`, fullPage: false });
    await page.reload();
    await expect(page.getByTestId('stay-tax-exemptions').getByLabel('Adult 2')).toHaveValue('medical');
    await expect(page.getByTestId('stay-tax-exemptions').getByLabel('Adult 1')).toHaveValue('');

    for (const width of ['phone', 'desktop'] as const) {
      await page.setViewportSize(VIEWPORTS[width]);
      await page.goto(`${server.url}/admin/tourist-tax?month=${month}`);
      const panel = page.getByTestId('tourist-tax');
      await expect(panel.getByRole('heading', { name: 'Tourist tax return: Lisboa (test rule)' })).toBeVisible();
      await expect(panel.getByLabel('Month')).toHaveValue(month);
      const row = panel.getByTestId('tax-item').filter({ hasText: code });
      await expect(row.getByRole('cell').nth(2)).toHaveText(String(expected.nightsTaxed));
      await expect(row).toContainText('Under 13');
      await expect(row).toContainText('Medical stay');
      await expect(row).toContainText('Owner');
      // The table scrolls in its own box on a phone; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(VIEWPORTS[width].width);
      const due = `€${expected.amountCents / 100}`;
      await expect(panel.getByTestId('tax-due')).toHaveText(due);
      await expect(panel.getByRole('link', { name: 'Download the CSV' })).toHaveAttribute(
        'href',
        `/api/admin/tourist-tax?month=${month}&format=csv`,
      );
      await expectAxeClean(page);
      await page.screenshot({ path: `test-results/e2e/tourist-tax-return-${locale}-${width}.png`, fullPage: true });
    }

    // The CSV through the page's link, with the session's cookie: its due total is the screen's.
    const csv = await page.request.get(`${server.url}/api/admin/tourist-tax?month=${month}&format=csv`);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const dueRow = (await csv.text()).split('\r\n').find((line) => line.startsWith('Due to the municipality'));
    expect(Number(dueRow?.split(',').at(-1))).toBe(expected.amountCents / 100);

    // The month picker moves to the next month, by keyboard.
    await page.getByLabel('Month').focus();
    await page.getByLabel('Month').fill(addDays(`${month}-28`, 7).slice(0, 7));
    await expect(page).toHaveURL(new RegExp(`month=${addDays(`${month}-28`, 7).slice(0, 7)}$`));

    if (locale === 'pt-PT') {
      // In the Portuguese admin, every reason is in Portuguese: the rule's limits and the content's label.
      const admin = new AdminScreens(page, server.url);
      await admin.open(`/admin/tourist-tax?month=${month}`);
      await admin.switchTo('Português');
      const row = page.getByTestId('tourist-tax').getByTestId('tax-item').filter({ hasText: code });
      await expect(row).toContainText('Menos de 13 anos');
      await expect(row).toContainText('Tratamento médico');
      await expect(row).not.toContainText('Under 13');
      await expectAxeClean(page);
      await admin.switchTo('English');
    }
  });
}
