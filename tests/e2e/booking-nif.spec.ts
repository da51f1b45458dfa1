import { AxeBuilder } from '@axe-core/playwright';
import { addDays } from '../../src/shared/date-ranges.js';
import { weekdayOf } from '../../src/shared/quote.js';
import { bookingContentDir, STRIPE_KEY, STRIPE_WEBHOOK_SECRET } from '../support/server/booking-site.js';
import { FakeStripe } from '../support/server/fake-stripe.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { BookingPanel } from '../support/browser/pages/booking-panel.js';

// The booking form's optional tax number for the invoice: a Portuguese NIF with a wrong check
// digit is refused on the form, a right one goes through to the payment, in each language.

const PAGES = {
  en: {
    path: '/',
    name: 'Full Name',
    email: 'Email',
    country: 'Country of residence',
    nif: 'Invoice with a tax number (NIF) (optional)',
    accept: 'I accept the cancellation policy and the house rules.',
    submit: 'Book and pay',
  },
  'pt-PT': {
    path: '/pt/',
    name: 'Nome completo',
    email: 'E-mail',
    country: 'País de residência',
    nif: 'Fatura com número de contribuinte (NIF) (opcional)',
    accept: 'Aceito a política de cancelamento e as regras da casa.',
    submit: 'Reservar e pagar',
  },
} as const;

const today = () => new Date().toISOString().slice(0, 10);
const weekFrom = (days: number) => {
  let day = addDays(today(), days);
  while (weekdayOf(day) !== 'sat') day = addDays(day, 1);
  return { checkIn: day, checkOut: addDays(day, 7) };
};

let stripe: FakeStripe;
test.beforeAll(async () => {
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET });
});
test.afterAll(async () => stripe?.stop());

for (const locale of ['en', 'pt-PT'] as const) {
  test(`the booking form refuses a NIF by its check digit and takes a valid one, in ${locale}`, async ({
    page,
    startServer,
  }, testInfo) => {
    const texts = PAGES[locale];
    const server = await startServer({
      env: {
        CONTENT_DIR: bookingContentDir(),
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.baseUrl,
      },
    });
    stripe.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
    await page.setViewportSize({ width: 390, height: 844 });
    const panel = new BookingPanel(page, locale);
    await panel.open(server.url);
    await panel.pickStay(weekFrom(locale === 'en' ? 140 : 154), today());
    const booking = await panel.reserve();
    await booking.getByLabel(texts.name).fill('Ana Silva');
    await booking.getByLabel(texts.email).fill('ana@example.com');
    await booking.getByLabel(texts.country).selectOption('PT');
    const nif = booking.getByLabel(texts.nif);
    await nif.fill('123456780');
    await booking.getByLabel(texts.accept).check();
    await booking.getByRole('button', { name: texts.submit }).click();
    await expect(nif).toHaveAttribute('aria-invalid', 'true');
    await expect(booking.getByRole('alert')).toBeVisible();
    await nif.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`nif-refused-${locale}-phone.png`) });
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="booking-form"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`nif-refused-${locale}-desktop.png`) });

    // Keyboard: the field is reached and corrected without a mouse.
    await nif.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('123 456 789');
    await booking.getByRole('button', { name: texts.submit }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.baseUrl}/pay/cs_`));
  });
}
