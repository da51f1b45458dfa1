import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { addDays } from '../../src/shared/date-ranges.js';
import { earliestToday } from '../../src/shared/dates.js';
import { AdminApi } from '../support/browser/admin-api.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// When the site takes bookings, "Ask a question" may say the dates and who would stay (adults,
// children and their ages, as the booking form asks), so the owner can answer with an offer priced
// and taxed for that party. Typed at the keyboard, in English, at a phone's and a desktop's width.

test.setTimeout(90_000);

const SHOTS = 'test-results/e2e';
const demo = JSON.parse(readFileSync('content/property.json', 'utf8')) as { pricing: object };

for (const width of [390, 1280] as const) {
  test(`a question with dates and a party becomes an offer's party, at ${width} px`, async ({ page, startServer }) => {
    const server = await startServer({
      env: {
        CONTENT_DIR: bookingContentDir(
          {},
          {
            pricing: {
              ...demo.pricing,
              touristTax: { municipality: 'Test', perGuestPerNight: 200, maxNights: 7, minAge: 13 },
            },
          },
        ),
      },
    });
    await page.setViewportSize({ width, height: 900 });
    await page.goto(server.url);
    // The contact section's forms start when near (docs/decisions/0045).
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Ask a question' });
    await expect(form).toBeVisible();
    const checkIn = addDays(earliestToday(), 60);
    const checkOut = addDays(checkIn, 4);
    const typed = (day: string) =>
      new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      );
    await form.getByLabel('Message').fill('Is there a cot for our youngest?');
    await form.getByLabel('Full Name').fill('Lena Vogel');
    await form.getByLabel('Email').fill('lena@example.com');
    await form.getByLabel('Check-in', { exact: true }).fill(typed(checkIn));
    await page.keyboard.press('Escape');
    await form.getByLabel('Check-out', { exact: true }).fill(typed(checkOut));
    await page.keyboard.press('Escape');
    await form.getByLabel('Adults (18 or older)').selectOption('2');
    await form.getByLabel('Children (under 18)').selectOption('1');
    await form.getByLabel('Age of child 1').selectOption('4');
    const axe = await new AxeBuilder({ page })
      .include('#contact')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations).toEqual([]);
    await form.screenshot({ path: `${SHOTS}/question-party-${width}.png` });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();

    const admin = await AdminApi.login(server.url);
    const [inquiry] = await admin.inquiries();
    expect(inquiry).toMatchObject({ guests: 3, checkIn, checkOut });
    // The owner offers without asking again: the party is the inquiry's.
    const { code } = await admin.offer(inquiry!.id, 60_000);
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{2}$/);
  });
}
