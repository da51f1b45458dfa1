import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { earliestToday } from '../../src/shared/dates.js';
import { AdminApi, submitInquiry } from '../support/browser/admin-api.js';
import { OfferPage } from '../support/browser/pages/offer-page.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir, STRIPE_KEY, STRIPE_WEBHOOK_SECRET } from '../support/server/booking-site.js';
import { FakeStripe } from '../support/server/fake-stripe.js';

// The guest of an owner's offer accepts its terms, then chooses how to pay on their booking page, among the ways the site
// has set up (Stripe and the bank transfer), as the booking form asks: the transfer shows its
// details, Stripe its button; paid through the fake Stripe, the booking is confirmed and the
// choice is gone (docs/stays.md, "Offers"). English on the phone, Portuguese on the desktop, each
// looked at in both widths.

test.setTimeout(180_000);

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const SHOTS = 'test-results/e2e';

const TEXTS = {
  en: {
    choose: 'How would you like to pay?',
    stripe: "Card or MB WAY, on Stripe's secure page",
    bank: 'Bank transfer',
    payNow: 'Pay now',
    accept: 'I have read and accept these terms',
    ownerMessage: 'We have a cot for the little one.',
    acceptButton: 'Accept and continue',
    awaiting: 'Waiting for your payment',
    confirmed: 'Confirmed',
    stripeButton: 'Pay with card',
  },
  'pt-PT': {
    choose: 'Como prefere pagar?',
    stripe: 'Cartão ou MB WAY, na página segura da Stripe',
    bank: 'Transferência bancária',
    payNow: 'Pagar agora',
    accept: 'Li e aceito estas condições',
    ownerMessage: 'Temos um berço para o mais pequeno.',
    acceptButton: 'Aceitar e continuar',
    awaiting: 'A aguardar o seu pagamento',
    confirmed: 'Confirmada',
    stripeButton: 'Pay with MB WAY',
  },
} as const;

let stripe: FakeStripe;
test.beforeAll(async () => {
  stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET });
});
test.afterAll(async () => stripe?.stop());

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

for (const [locale, viewport, days] of [
  ['en', 'phone', 130],
  ['pt-PT', 'desktop', 150],
] as const) {
  test(`the guest of an offer chooses the transfer, then Stripe, and pays, in ${locale} on the ${viewport}`, async ({
    page,
    startServer,
  }) => {
    const t = TEXTS[locale];
    const server = await startServer({
      env: {
        CONTENT_DIR: bookingContentDir({ mode: 'inquiry' }),
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.baseUrl,
      },
    });
    stripe.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
    const nights = { checkIn: addDays(earliestToday(), days), checkOut: addDays(earliestToday(), days + 4) };
    await submitInquiry(server.url, { name: 'Lena Vogel', email: 'lena@example.com', guests: 2, locale, ...nights });
    const admin = await AdminApi.login(server.url);
    const [inquiry] = await admin.inquiries();
    const { code, payUrl } = await admin.offer(inquiry!.id, 70_000, { message: t.ownerMessage });

    await page.setViewportSize(VIEWPORTS[viewport]);
    const offer = new OfferPage(page, t);
    await offer.open(payUrl);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('booking-status')).toHaveText(t.awaiting);
    await expect(page.getByTestId('owner-message')).toContainText(t.ownerMessage);
    // The offer's terms first (decision 0052): no way to pay, no bank details, until accepted.
    await expect(page.getByTestId('bank-details')).toHaveCount(0);
    await expect(offer.payNow).toHaveCount(0);
    await expectAxeClean(page);
    for (const width of ['phone', 'desktop'] as const) {
      await page.setViewportSize(VIEWPORTS[width]);
      await offer.terms.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/offer-terms-${locale}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize(VIEWPORTS[viewport]);
    await offer.acceptTerms();
    // Made with the first of the site's ways; the guest may change it.
    await expect(offer.choice.getByLabel(t.stripe)).toBeChecked();

    await offer.choose('bank');
    await expect(page.getByTestId('bank-reference')).toHaveText(code);
    await expectAxeClean(page);
    for (const width of ['phone', 'desktop'] as const) {
      await page.setViewportSize(VIEWPORTS[width]);
      await offer.choice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/offer-choice-bank-${locale}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize(VIEWPORTS[viewport]);

    // Chosen again after a reload: the choice is the booking's, not the page's.
    await page.reload();
    await expect(offer.choice.getByLabel(t.bank)).toBeChecked();
    await offer.choose('stripe');
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/offer-choice-stripe-${locale}-${viewport}.png`, fullPage: true });

    await offer.payNow.click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.baseUrl}/pay/cs_`));
    await page.getByRole('button', { name: t.stripeButton }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/${code}\\?t=[\\w-]{43}&paid=1$`));
    await expect(page.getByTestId('booking-status')).toHaveText(t.confirmed);
    await expect(offer.choice).toHaveCount(0);
    await expectAxeClean(page);
  });
}
