import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { formatDayIn } from '../../src/shared/dates.js';
import { weekdayOf } from '../../src/shared/quote.js';
import { BookingPanel, PANEL_TEXTS, type PanelLocale } from '../support/browser/pages/booking-panel.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// The booking panel of a site that takes bookings: the house's rules said in words as the guest
// chooses (the demo house: 2 nights at least, 5 in summer with Saturday arrivals), the price, the
// phone's bar fixed to the bottom of the screen and the desktop's column that stays in view, and
// "Reserve" opening the booking's one dialog, in each language.

const WORDS = {
  en: {
    saturday: 'Saturday',
    arrival: (date: string) => `Arrival day: Saturday, for stays from ${date}`,
    atLeast: (nights: number, date: string) => `At least ${nights} nights from ${date}`,
    guestsHint: 'At most 7 guests',
    lastGuests: '7 guests',
    notYet: 'You will not be charged yet.',
    fromPrice: 'From €120 a night',
    instantIntro: 'Ready to experience Casa do Lago? Choose your dates and book.',
    send: 'Send Message',
    total: 'Total',
  },
  'pt-PT': {
    saturday: 'sábado',
    arrival: (date: string) => `Dia de chegada: sábado, para estadias a partir de ${date}`,
    atLeast: (nights: number, date: string) => `Pelo menos ${nights} noites a partir de ${date}`,
    guestsHint: 'No máximo 7 hóspedes',
    lastGuests: '7 hóspedes',
    notYet: 'Ainda não paga nada.',
    fromPrice: 'Desde 120 € por noite',
    instantIntro: 'Quer conhecer a Casa do Lago? Escolha as datas e reserve.',
    send: 'Enviar mensagem',
    total: 'Total',
  },
} as const;

const today = () => new Date().toISOString().slice(0, 10);
/** The first day at least `days` ahead that is in `month` (`07`) and on `weekday`. */
function dayFrom(days: number, month: string, weekday: string) {
  let day = addDays(today(), days);
  while (day.slice(5, 7) !== month || weekdayOf(day) !== weekday) day = addDays(day, 1);
  return day;
}

async function expectAxeClean(page: Page, selector: string) {
  const axe = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations).toEqual([]);
}

for (const locale of ['en', 'pt-PT'] as const satisfies readonly PanelLocale[]) {
  const words = WORDS[locale];
  const day = (value: string) => formatDayIn(value, locale);

  test(`the panel says the house's rules as the stay is chosen and refuses what breaks them, in ${locale}`, async ({
    page,
    startServer,
  }) => {
    const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
    await page.setViewportSize({ width: 1280, height: 900 });
    const panel = new BookingPanel(page, locale);
    await panel.open(server.url);
    const contact = page.locator('#contact');
    // Words follow the mode: an instant booking asks for no "booking request", and the inquiry is a question.
    await expect(contact.getByRole('heading', { level: 2 }).locator('xpath=..')).toContainText(words.instantIntro);
    const question = page.getByRole('form', { name: PANEL_TEXTS[locale].question });
    await expect(question.getByRole('textbox').first()).toHaveAccessibleName(locale === 'en' ? 'Message' : 'Mensagem');
    await expect(question.getByRole('button', { name: words.send })).toBeVisible();
    // Its dates and party are optional, for an offer (the question-party spec sends them).
    await expect(question.getByLabel('Check-in', { exact: true })).toHaveCount(1);

    // The guests: never more than the house sleeps, said under the field.
    const guests = panel.panel.getByLabel(PANEL_TEXTS[locale].guests);
    await expect(guests).toHaveAccessibleDescription(words.guestsHint);
    await expect(guests.locator('option').last()).toHaveText(words.lastGuests);

    // "Reserve" with no dates moves to the first one to choose, and opens nothing.
    await panel.reserveButton.click();
    await expect(panel.panel.getByLabel('Check-in', { exact: true })).toBeFocused();
    await expect(panel.dialog).toHaveCount(0);

    // A summer arrival on a Wednesday: refused at once, in words.
    const wednesday = dayFrom(30, '07', 'wed');
    await panel.pickDay('Check-in', wednesday, today());
    await expect(panel.rule).toHaveText(words.arrival(day(wednesday)));
    await expect(panel.rule).toHaveAttribute('data-refused', 'true');
    await panel.reserveButton.click();
    await expect(panel.dialog).toHaveCount(0);

    // A summer Saturday: the season's minimum is said before the departure is chosen.
    const saturday = dayFrom(30, '07', 'sat');
    await panel.pickDay('Check-in', saturday, today());
    await expect(panel.rule).toHaveText(words.atLeast(5, day(saturday)));
    await expect(panel.rule).not.toHaveAttribute('data-refused');
    await panel.pickDay('Check-out', addDays(saturday, 3), today());
    await expect(panel.rule).toHaveText(words.atLeast(5, day(saturday)));
    await expect(panel.rule).toHaveAttribute('data-refused', 'true');
    await expect(panel.reserveButton).toHaveAccessibleDescription(words.atLeast(5, day(saturday)));
    await expect(panel.panel.getByTestId('quote-estimate')).toHaveCount(0);
    await expectAxeClean(page, '#book');

    // A week: no rule left, the price with its lines, and no word of the owner confirming it.
    await panel.pickDay('Check-out', addDays(saturday, 7), today());
    await expect(panel.rule).toHaveCount(0);
    const price = panel.panel.getByTestId('quote-estimate');
    await expect(price.getByTestId('quote-total')).toHaveText(/\d/);
    await expect(price).toContainText(words.notYet);
    await expect(page.locator('#contact')).not.toContainText(/confirms the final price|confirma o preço final/);
    await expectAxeClean(page, '#book');

    // "Reserve" opens the one dialog with the stay; closing it comes back to the panel as it was.
    await panel.reserve();
    await expect(panel.form.getByTestId('stay-summary')).toContainText(`${day(saturday)}`);
    await expect(panel.form.getByTestId('booking-plan')).toContainText(words.total);
    await expectAxeClean(page, '[data-testid="book-stay"]');
    await page.keyboard.press('Escape');
    await expect(panel.dialog).toHaveCount(0);
    await expect(panel.reserveButton).toBeFocused();
    await expect(panel.panel.getByTestId('quote-estimate')).toBeVisible();
  });

  test(`on a phone a bar fixed to the bottom of the screen opens the panel, by keyboard, in ${locale}`, async ({
    page,
    startServer,
  }) => {
    const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
    await page.setViewportSize({ width: 390, height: 844 });
    const panel = new BookingPanel(page, locale);
    await page.goto(`${server.url}${PANEL_TEXTS[locale].path}`);
    await expect(panel.bar).toBeVisible();
    await expect(panel.bar).toContainText(words.fromPrice);
    const atTop = await panel.bar.boundingBox();
    expect(atTop && Math.round(atTop.y + atTop.height)).toBe(844);
    await expectAxeClean(page, '[data-testid="booking-bar"]');
    // It stays at the bottom while the page scrolls.
    await page.mouse.wheel(0, 1500);
    await expect.poll(async () => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const scrolled = await panel.bar.boundingBox();
    expect(scrolled && Math.round(scrolled.y + scrolled.height)).toBe(844);

    await panel.bar.getByRole('link', { name: PANEL_TEXTS[locale].reserve }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#book$/);
    await expect(panel.panel.getByLabel('Check-in', { exact: true })).toBeInViewport();
    await expectAxeClean(page, '#book');
  });

  test(`on a desktop the panel is a column that stays in view beside the contact section, in ${locale}`, async ({
    page,
    startServer,
  }) => {
    const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
    await page.setViewportSize({ width: 1280, height: 800 });
    const panel = new BookingPanel(page, locale);
    await panel.open(server.url);
    await expect(panel.bar).toBeHidden();
    // The question form's button is at the bottom of the section: the panel is still in view there.
    const send = page
      .getByRole('form', { name: PANEL_TEXTS[locale].question })
      .getByRole('button', { name: words.send });
    await send.scrollIntoViewIfNeeded();
    await expect(send).toBeInViewport();
    await expect(panel.reserveButton).toBeInViewport();
    const box = await panel.panel.boundingBox();
    const sendBox = await send.boundingBox();
    // Beside, not below: the column is to the right of the form.
    expect(box && sendBox && box.x > sendBox.x + sendBox.width).toBe(true);
    await expectAxeClean(page, '#contact');
  });
}

test('a site taking booking requests keeps its words: "Request to book", and a booking request in the tagline', async ({
  page,
  startServer,
}) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir({ mode: 'request' }) } });
  const panel = new BookingPanel(page);
  await panel.open(server.url);
  await expect(page.locator('#contact')).toContainText('Send us your booking request!');
  // A week from a Saturday: every season's rules allow it.
  let saturday = addDays(today(), 60);
  while (weekdayOf(saturday) !== 'sat') saturday = addDays(saturday, 1);
  await panel.pickStay({ checkIn: saturday, checkOut: addDays(saturday, 7) }, today());
  await expect(panel.panel.getByTestId('quote-estimate')).not.toContainText(WORDS.en.notYet);
  const form = await panel.reserve(PANEL_TEXTS.en.requestToBook);
  await expect(form.getByRole('button', { name: 'Send the request' })).toBeVisible();
});
