import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { localizeProperty, PropertySchema } from '../../src/shared/content.js';
import { addDays } from '../../src/shared/date-ranges.js';
import type { Pricing } from '../../src/shared/pricing.js';
import { quoteStay, weekdayOf } from '../../src/shared/quote.js';
import type { Quote } from '../../src/shared/quote-schema.js';
import { formatAmount } from '../../src/shared/quote-text.js';
import { logIn } from '../support/browser/admin-login.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { monthsBetween, pickDay, pickStay } from '../support/browser/date-picker.js';

// The price estimate of the booking form, checked against the shared quote computed here from the
// demo content's prices: the same function, the same stay, so the page must show the same total.

const content = PropertySchema.parse(
  JSON.parse(readFileSync(join(import.meta.dirname, '../../content/property.json'), 'utf8')),
);
const pricing = (locale: string): Pricing => {
  const prices = localizeProperty(content, locale).pricing;
  if (!prices) throw new Error('The demo content has no pricing section');
  return prices;
};

/** The page's texts the tests find things by. */
const PAGES = {
  en: { form: 'Booking inquiry', nextMonth: 'Next month', estimate: 'Estimated price', total: 'Total' },
  'pt-PT': { form: 'Pedido de reserva', nextMonth: 'Mês seguinte', estimate: 'Preço estimado', total: 'Total' },
} as const;
type PageLocale = keyof typeof PAGES;

/** Today in the browser's time zone (the tests' pages run in UTC). */
const today = () => new Date().toISOString().slice(0, 10);
/** The first Saturday on or after `day`. */
const saturdayFrom = (day: string) =>
  Array.from({ length: 7 }, (_, i) => addDays(day, i)).find((d) => weekdayOf(d) === 'sat')!;

/** The first Saturday of July, in this year's July if one is still ahead, else next year's: a Summer arrival. */
function summerSaturday(): string {
  const now = today();
  const year = Number(now.slice(0, 4));
  const inJuly = (y: number) => {
    const first = saturdayFrom(`${y}-07-01`);
    const fromToday = first >= now ? first : saturdayFrom(now);
    return fromToday <= `${y}-07-31` ? fromToday : null;
  };
  return inJuly(year) ?? inJuly(year + 1)!;
}

async function openForm(page: Page, url: string, locale: PageLocale): Promise<Locator> {
  await page.goto(url);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: PAGES[locale].form });
  await expect(form).toBeVisible();
  return form;
}

const estimateOf = (form: Locator, locale: PageLocale) => form.getByRole('region', { name: PAGES[locale].estimate });

/** The estimate shows the quote's lines, each with its amount, and its total, as the page's locale writes them. */
async function expectQuote(
  estimate: Locator,
  quote: Quote,
  locale: PageLocale,
  options?: { timeout: number },
): Promise<void> {
  const money = (amount: number) => formatAmount(amount, quote.currency, locale);
  await expect(estimate.getByTestId('quote-total')).toHaveText(money(quote.total), options);
  await expect(estimate.locator('dt')).toHaveText([...quote.lines.map((line) => line.label), PAGES[locale].total]);
  await expect(estimate.locator('dd')).toHaveText([
    ...quote.lines.map((line) => money(line.amount)),
    money(quote.total),
  ]);
}

test('choosing the dates and guests shows the estimate, and changing the guests updates it at once', async ({
  page,
}) => {
  let quoteRequests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/quote')) quoteRequests += 1;
  });
  const form = await openForm(page, '/', 'en');
  // A week from a Saturday: long enough for every season's minimum, and a Saturday arrival.
  const checkIn = saturdayFrom(addDays(today(), 7));
  const checkOut = addDays(checkIn, 7);
  const estimate = estimateOf(form, 'en');

  await form.getByLabel('Guests').fill('4');
  await pickDay(form, 'Check-in', checkIn, monthsBetween(today(), checkIn));
  await expect(form.getByLabel('Check-in', { exact: true })).not.toHaveValue('');
  // One date is not a stay yet.
  await expect(estimate).toHaveCount(0);
  await pickDay(form, 'Check-out', checkOut, monthsBetween(addDays(checkIn, 1), checkOut));

  const four = quoteStay(pricing('en'), checkIn, checkOut, 4, 'en');
  await expectQuote(estimate, four, 'en');
  expect(four.lines.map((line) => line.kind)).not.toContain('extraGuests');
  await expect(estimate.locator('xpath=..')).toHaveAttribute('aria-live', 'polite');
  await expect(estimate.getByText('An estimate: the owner confirms the final price in the reply.')).toBeVisible();
  await expect(estimate.getByTestId('quote-rule')).toHaveCount(0);

  // The 5th guest is the first extra one (extraGuest.from = 5): a line of its own appears, within
  // 300 ms, as the page computes it itself.
  await form.getByLabel('Guests').fill('5');
  const five = quoteStay(pricing('en'), checkIn, checkOut, 5, 'en');
  await expectQuote(estimate, five, 'en', { timeout: 300 });
  await expect(estimate.getByText('1 extra guest × 7 nights × €15', { exact: true })).toBeVisible();
  await form.getByLabel('Guests').fill('6');
  const six = quoteStay(pricing('en'), checkIn, checkOut, 6, 'en');
  await expectQuote(estimate, six, 'en', { timeout: 300 });
  await expect(estimate.getByText('2 extra guests × 7 nights × €15', { exact: true })).toBeVisible();
  // One more extra guest: €15 a night (the sample house, in Abrantes, charges no tourist tax).
  expect(six.total - five.total).toBe(1500 * 7);

  // Guests the house cannot take make no estimate.
  await form.getByLabel('Guests').fill('');
  await expect(estimate).toHaveCount(0);
  expect(quoteRequests).toBe(0);
});

test('a 3-night Summer stay says the minimum stay, can still be sent, and the mail and the admin carry the same total', async ({
  page,
  mailSink,
  mailServer,
}) => {
  const form = await openForm(page, mailServer.url, 'en');
  const checkIn = summerSaturday();
  const checkOut = addDays(checkIn, 3);
  await form.getByLabel('Full Name').fill('Short Summer');
  await form.getByLabel('Email').fill('short@example.com');
  await form.getByLabel('Guests').fill('2');
  await pickStay(form, { checkIn, checkOut, today: today() });

  const quote = quoteStay(pricing('en'), checkIn, checkOut, 2, 'en');
  expect(quote.reason).toBe('min_nights');
  const estimate = estimateOf(form, 'en');
  await expectQuote(estimate, quote, 'en');
  await expect(estimate.getByTestId('quote-rule')).toHaveText('Minimum stay in Summer: 5 nights');
  const shownTotal = (await estimate.getByTestId('quote-total').textContent()) ?? '';

  // The owner decides: the broken rule does not stop the inquiry.
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  const [mail] = await mailSink.waitFor(1);
  expect(mail!.parsed.text).toContain(`Total: ${shownTotal}`);
  expect(mail!.parsed.text).toContain('Minimum stay in Summer: 5 nights');

  await logIn(page, mailServer.url);
  const item = page.getByTestId('admin-inquiry').filter({ hasText: 'Short Summer' });
  await expect(item.getByTestId('inquiry-quote-total')).toHaveText(formatAmount(quote.total, quote.currency, 'en-GB'));
  await expect(item.getByTestId('inquiry-quote')).toContainText(quote.lines[0]!.label);
  await expect(item.getByTestId('inquiry-quote-rule')).toHaveText('Minimum stay in Summer: 5 nights');
});

test('the Portuguese page writes the estimate in Portuguese, and its mail has the same total', async ({
  page,
  mailSink,
  mailServer,
}) => {
  const form = await openForm(page, `${mailServer.url}/pt/`, 'pt-PT');
  const checkIn = summerSaturday();
  const checkOut = addDays(checkIn, 3);
  await form.getByLabel('Nome completo').fill('Verão Curto');
  await form.getByLabel('E-mail').fill('verao@example.pt');
  await form.getByLabel('Hóspedes').fill('2');
  await pickStay(form, { checkIn, checkOut, today: today() }, PAGES['pt-PT'].nextMonth);

  const quote = quoteStay(pricing('pt-PT'), checkIn, checkOut, 2, 'pt-PT');
  const estimate = estimateOf(form, 'pt-PT');
  await expectQuote(estimate, quote, 'pt-PT');
  // Portuguese words, and the amount after the number with a no-break space.
  await expect(estimate.getByText('3 noites × 180\u00a0€', { exact: true })).toBeVisible();
  await expect(estimate.getByText('Taxa de limpeza', { exact: true })).toBeVisible();
  await expect(estimate.getByTestId('quote-rule')).toHaveText('Estadia mínima (Verão): 5 noites');
  await expect(estimate.getByText('Uma estimativa: o proprietário confirma o preço final na resposta.')).toBeVisible();
  const shownTotal = (await estimate.getByTestId('quote-total').textContent()) ?? '';
  expect(shownTotal).toMatch(/^\d[\d\s]*\u00a0€$/);

  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByRole('heading', { name: 'Mensagem enviada!' })).toBeVisible();
  const [mail] = await mailSink.waitFor(1);
  expect(mail!.parsed.text).toContain(`Total: ${shownTotal}`);
});
