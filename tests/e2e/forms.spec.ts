import { AxeBuilder } from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { weekdayOf } from '../../src/shared/quote.js';
import { islandHydrated, LANGUAGE_SCREENS, VIEWPORTS } from '../support/browser/landing-helpers.js';
import { BookingPanel, PANEL_TEXTS } from '../support/browser/pages/booking-panel.js';
import { FORM_TEXTS, FormErrors, type FormLocale } from '../support/browser/pages/form-errors.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// The guest forms refuse the way GOV.UK's do (docs/decisions/0043-form-errors.md): every refused
// field at once, each described by its words, a summary of links at the top announced as an
// alert, the focus on the first field, never a browser's own bubble; after a send, the focus is on
// the result's heading. A skip link passes the gallery, and "Book now" takes the focus to where the
// booking starts. By the keyboard, in English on a desktop and Portuguese on a phone (LANGUAGE_SCREENS);
// the booking dialog in each language on both.

const LOCALES: FormLocale[] = ['en', 'pt-PT'];
type Width = keyof typeof VIEWPORTS;
const WIDTHS: Width[] = ['mobile', 'desktop'];

async function expectAxeClean(page: Page, selector: string) {
  const axe = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations).toEqual([]);
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

const today = () => new Date().toISOString().slice(0, 10);
/** A week from a Saturday at least `days` ahead: every season's rules allow it. */
const weekFrom = (days: number) => {
  let day = addDays(today(), days);
  while (weekdayOf(day) !== 'sat') day = addDays(day, 1);
  return { checkIn: day, checkOut: addDays(day, 7) };
};

for (const { locale, width } of LANGUAGE_SCREENS) {
  const texts = FORM_TEXTS[locale];
  test(`the inquiry and review forms show every problem at once and the sent inquiry's heading takes the focus (${locale}, ${width})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(VIEWPORTS[width]);
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/(inquiries|reviews)$/.test(r.url())) posted = true;
    });
    await page.goto(texts.path);
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await islandHydrated(page, 'inquiry');
    const inquiry = new FormErrors(page, page.getByRole('form', { name: texts.inquiry.form }));
    await expect(inquiry.form).toHaveAttribute('novalidate', '');

    await inquiry.pressButton(texts.inquiry.send);
    await inquiry.expectRefused(texts.inquiryEmpty, texts.summaryTitle);
    expect(posted).toBe(false);
    await inquiry.summary.scrollIntoViewIfNeeded();
    await shot(page, testInfo, `inquiry-refused-${locale}-${width}`);
    await expectAxeClean(page, '#contact');

    // Left under the fixed header by a scroll, the summary's link and the field it leads to
    // come into view below the header when focused (their scroll margin).
    await inquiry.scrollUnderHeader(inquiry.field(texts.inquiry.email));
    await inquiry.links().nth(1).focus();
    await inquiry.expectBelowHeader(inquiry.summary);
    await shot(page, testInfo, `inquiry-summary-in-view-${locale}-${width}`);
    await inquiry.scrollUnderHeader(inquiry.field(texts.inquiry.email));
    await inquiry.field(texts.inquiry.email).focus();
    await inquiry.expectBelowHeader(inquiry.form.getByText(texts.inquiry.email, { exact: true }));
    await shot(page, testInfo, `inquiry-field-in-view-${locale}-${width}`);
    await inquiry.field(texts.inquiry.name).focus();

    // Back to the summary by Shift+Tab, its second link to the e-mail field.
    await page.keyboard.press('Shift+Tab');
    await expect(inquiry.links().nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(inquiry.field(texts.inquiry.email)).toBeFocused();
    // The same problems on a second try: said again, the focus on the first field again.
    await inquiry.pressButton(texts.inquiry.send);
    await inquiry.expectRefused(texts.inquiryEmpty, texts.summaryTitle);

    // Typed, then Enter in a field: sent, and the outcome's heading has the focus.
    await page.keyboard.type('Rita Lopes');
    await inquiry.field(texts.inquiry.email).focus();
    await page.keyboard.type('rita@example.com');
    await page.keyboard.press('Enter');
    const sent = page.getByRole('heading', { name: texts.inquiry.sent });
    await expect(sent).toBeFocused();
    await shot(page, testInfo, `inquiry-sent-${locale}-${width}`);

    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await islandHydrated(page, 'reviews');
    posted = false;
    const review = new FormErrors(page, page.getByRole('form', { name: texts.review.form }));
    await expect(review.form).toHaveAttribute('novalidate', '');
    await review.pressButton(texts.review.send);
    await review.expectRefused(texts.reviewEmpty, texts.summaryTitle);
    expect(posted).toBe(false);
    await review.summary.scrollIntoViewIfNeeded();
    await shot(page, testInfo, `review-refused-${locale}-${width}`);
    await expectAxeClean(page, '#reviews');

    // Typed, then sent by the keyboard: the result's heading has the focus, in view below the
    // fixed header; "Write another review" brings back an empty form.
    await review.field(texts.review.name).focus();
    await page.keyboard.type('Rita Lopes');
    await review.field(texts.review.comment).focus();
    await page.keyboard.type('Quiet mornings on the lake.');
    await review.pressButton(texts.review.send);
    const thanks = page.getByRole('heading', { name: texts.review.sent });
    await expect(thanks).toBeFocused();
    await expect(thanks).toBeInViewport();
    await expect(page.getByTestId('review-sent')).toHaveRole('status');
    await expect(page.getByTestId('review-sent')).toContainText(texts.review.sentText);
    await expect(review.form).toHaveCount(0);
    await shot(page, testInfo, `review-sent-${locale}-${width}`);
    await expectAxeClean(page, '#reviews');
    await page.getByRole('button', { name: texts.review.another }).click();
    await expect(review.field(texts.review.name)).toHaveValue('');
    await expect(review.field(texts.review.comment)).toHaveValue('');
  });

  test(`a skip link, shown when focused, passes the gallery by the keyboard (${locale}, ${width})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(VIEWPORTS[width]);
    await page.goto(texts.path);
    const skip = page.getByRole('link', { name: texts.skipGallery });
    // Out of sight until focused.
    expect((await skip.boundingBox())?.width ?? 0).toBeLessThan(2);
    // Tab from the About section: the skip link comes before any of the gallery's controls.
    await page.locator('#about').scrollIntoViewIfNeeded();
    await page.locator('#about').evaluate((about) => {
      about.setAttribute('tabindex', '-1');
      (about as HTMLElement).focus();
    });
    for (let i = 0; i < 30 && !(await skip.evaluate((link) => link === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.closest('#gallery') ?? null)).toBeNull();
    await expect(skip).toBeInViewport();
    expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await shot(page, testInfo, `skip-gallery-${locale}-${width}`);
    await expectAxeClean(page, 'main');

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    // The next stop is past the whole gallery.
    const past = await page.evaluate(() => {
      const gallery = document.getElementById('gallery');
      const focused = document.activeElement;
      return (
        !!gallery &&
        !!focused &&
        focused !== document.body &&
        !gallery.contains(focused) &&
        !!(gallery.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING)
      );
    });
    expect(past).toBe(true);
  });
}

// The dialog itself on both screens, in each language: its refusals are the booking's own words.
for (const locale of LOCALES) {
  const texts = FORM_TEXTS[locale];
  test(`the booking dialog refuses every empty field at once, and Book now and the phone's Reserve take the focus to the panel (${locale})`, async ({
    page,
    startServer,
  }, testInfo) => {
    const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
    for (const width of WIDTHS) {
      await page.setViewportSize(VIEWPORTS[width]);
      const panel = new BookingPanel(page, locale);
      await page.goto(`${server.url}${texts.path}`);
      await islandHydrated(page, 'header');
      if (width === 'desktop') {
        await page.locator('header').getByRole('link', { name: texts.bookNow, exact: true }).focus();
        await page.keyboard.press('Enter');
      } else {
        await panel.bar.getByRole('link', { name: PANEL_TEXTS[locale].reserve }).focus();
        await page.keyboard.press('Enter');
      }
      await expect(page.locator('#book')).toBeFocused();
      // The next Tab is the panel's first field, once its date fields' code has come (a disabled
      // stand-in until then).
      await panel.panel.getByRole('combobox', { name: 'Check-in', exact: true }).waitFor();
      await page.keyboard.press('Tab');
      await expect(panel.panel.getByLabel('Check-in', { exact: true })).toBeFocused();

      await panel.pickStay(weekFrom(width === 'mobile' ? 100 : 130), today());
      await panel.reserve();
      const booking = new FormErrors(page, panel.form);
      await expect(booking.form).toHaveAttribute('novalidate', '');
      // The site takes transfers only: nothing is charged at once, so the button says "Book".
      await booking.pressButton(PANEL_TEXTS[locale].book);
      await booking.expectRefused(texts.bookingEmpty, texts.summaryTitle);
      await shot(page, testInfo, `booking-refused-${locale}-${width}`);
      await expectAxeClean(page, '[data-testid="book-stay"]');
      await page.keyboard.press('Escape');
      await expect(panel.dialog).toHaveCount(0);
    }
  });
}
