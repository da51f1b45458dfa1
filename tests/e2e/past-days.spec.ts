import { AxeBuilder } from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { localDay } from '../../src/shared/dates.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { dayButton } from '../support/browser/date-picker.js';
import { InquiryForm } from '../support/browser/pages/inquiry-form.js';
import { LANGUAGE_SCREENS } from '../support/browser/landing-helpers.js';

// The days gone by in the guests' calendars: greyed on a grey ground unlike a free day, marked
// disabled and said "past" to a screen reader, never offered in a date field's calendar, and named
// in the public calendar's legend: in English on a desktop and Portuguese on a phone (LANGUAGE_SCREENS).

const WORDS = {
  en: { path: '/', past: 'Past', label: /, past$/ },
  'pt-PT': { path: '/pt/', past: 'Passado', label: /, já passou$/ },
} as const;
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

const background = (element: Locator) => element.evaluate((cell) => getComputedStyle(cell).backgroundColor);

for (const { locale, width: screen } of LANGUAGE_SCREENS) {
  const width = screen === 'mobile' ? 'phone' : screen;
  const viewport = WIDTHS[width];
  test(`the public calendar greys the past days and says so, in ${locale} on a ${width}`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto(WORDS[locale].path);
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const calendar = page.getByTestId('availability-calendar');
    await expect(calendar.getByRole('grid').first()).toBeVisible();
    await expect(calendar.getByRole('list').getByRole('listitem')).toContainText([WORDS[locale].past]);

    const today = localDay(new Date());
    const yesterday = addDays(today, -1);
    const cell = (day: string) => calendar.locator(`[data-day="${day}"]:not([data-outside])`);
    const past = calendar.locator('td[aria-disabled="true"]:not([data-outside])');
    if (yesterday.slice(0, 7) !== today.slice(0, 7)) {
      // The first of the month: the first month shown has no day gone by.
      await expect(past).toHaveCount(0);
    } else {
      await expect(past).toHaveCount(Number(today.slice(8, 10)) - 1);
      await expect(cell(yesterday)).toHaveAttribute('aria-disabled', 'true');
      await expect(cell(yesterday)).toHaveAttribute('aria-label', WORDS[locale].label);
      await expect(cell(today)).not.toHaveAttribute('aria-disabled');
      // Not by its text's colour alone: its ground differs from a free day's white.
      expect(await background(cell(yesterday))).not.toBe(await background(cell(addDays(today, 1))));
    }
    await cell(today).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`past-days-${locale}-${width}.png`) });
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="availability-calendar"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations).toEqual([]);
  });
}

test('a date field never offers a past day, and says it is past', async ({ page }) => {
  const inquiry = new InquiryForm(page);
  await inquiry.open();
  await expect(page.getByTestId('availability-calendar')).toBeVisible();
  const today = localDay(new Date());
  const calendar = await inquiry.openCalendar('Check-in');
  const yesterday = addDays(today, -1);
  if (yesterday.slice(0, 7) !== today.slice(0, 7)) {
    // The first of the month: the calendar opens on it, and no day before it is drawn.
    await expect(calendar.locator(`[data-day="${yesterday}"]:not([data-outside])`)).toHaveCount(0);
  } else {
    await expect(dayButton(calendar, yesterday)).toBeDisabled();
    await expect(dayButton(calendar, yesterday)).toHaveAccessibleName(/, past$/);
  }
  await expect(dayButton(calendar, today)).toBeEnabled();
  await expect(dayButton(calendar, today)).not.toHaveAccessibleName(/past/);
});
