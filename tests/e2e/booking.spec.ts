import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { weekdayOf } from '../../src/shared/quote.js';
import { bookingContentDir, STRIPE_KEY, STRIPE_WEBHOOK_SECRET } from '../support/server/booking-site.js';
import { FakeStripe } from '../support/server/fake-stripe.js';
import { formatDay } from '../../src/shared/dates.js';
import { expect, mailEnv, test } from '../support/browser/test-fixtures.js';
import { AdminPanels } from '../support/browser/pages/admin-panels.js';
import { BookingPanel } from '../support/browser/pages/booking-panel.js';

// A guest books and pays through the fake Stripe's Checkout page, in each language, and comes back
// to their booking page, which shows the payment confirmed once the webhook was read back.

const PAGES = {
  en: {
    path: '/',
    summary: '7 nights · 2 guests',
    name: 'Full Name',
    email: 'Email',
    country: 'Country of residence',
    accept: 'I accept the cancellation policy and the house rules.',
    submit: 'Book and pay',
    confirmed: 'Confirmed',
    deposit: 'Deposit (30%)',
    noWithdrawal: /no right of withdrawal/,
    cancel: 'Cancel booking',
    cancelled: /Your booking is cancelled\. Refund: €/,
    addToCalendar: 'Add to calendar (.ics)',
  },
  'pt-PT': {
    path: '/pt/',
    summary: '7 noites · 2 hóspedes',
    name: 'Nome completo',
    email: 'E-mail',
    country: 'País de residência',
    accept: 'Aceito a política de cancelamento e as regras da casa.',
    submit: 'Reservar e pagar',
    confirmed: 'Confirmada',
    deposit: 'Pré-pagamento (30%)',
    noWithdrawal: /direito de livre resolução/,
    cancel: 'Cancelar a reserva',
    cancelled: /A sua reserva foi cancelada\. Reembolso: /,
    addToCalendar: 'Adicionar ao calendário (.ics)',
  },
} as const;

const today = () => new Date().toISOString().slice(0, 10);
/** A week from a Saturday at least `days` ahead: every season's rules allow it. */
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

async function bookingServer(
  start: (options: { env: Record<string, string> }) => Promise<{ url: string }>,
  env: Record<string, string> = {},
) {
  const server = await start({
    env: {
      ...env,
      CONTENT_DIR: bookingContentDir(),
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.baseUrl,
    },
  });
  stripe.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
  return server;
}

async function fillBooking(page: Page, locale: keyof typeof PAGES, stay: { checkIn: string; checkOut: string }) {
  const texts = PAGES[locale];
  const panel = new BookingPanel(page, locale);
  await page.locator('#book').scrollIntoViewIfNeeded();
  await panel.chooseGuests(2);
  await panel.pickStay(stay, today());
  const booking = await panel.reserve();
  // The stay chosen in the panel is summed up, not asked again.
  await expect(booking.getByTestId('stay-summary')).toContainText(texts.summary);
  await expect(booking.getByLabel('Check-in', { exact: true })).toHaveCount(0);
  await booking.getByLabel(texts.name).fill('Ana Silva');
  await booking.getByLabel(texts.email).fill('ana@example.com');
  await booking.getByLabel(texts.country).selectOption('DE');
  await expect(booking.getByTestId('booking-plan')).toContainText(texts.deposit);
  await expect(booking.getByTestId('no-withdrawal')).toHaveText(texts.noWithdrawal);
  await expect(booking).not.toContainText(/\bsinal\b/i);
  // Keyboard: the acceptance box is reached and ticked without a mouse.
  await booking.getByLabel(texts.accept).focus();
  await page.keyboard.press('Space');
  await expect(booking.getByLabel(texts.accept)).toBeChecked();
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="booking-form"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await booking.getByRole('button', { name: texts.submit }).click();
}

for (const locale of ['en', 'pt-PT'] as const) {
  test(`a guest books in ${locale}, pays the deposit on the Checkout page and sees the booking confirmed, then cancels it`, async ({
    page,
    startServer,
  }) => {
    const texts = PAGES[locale];
    const server = await bookingServer(startServer);
    await page.goto(`${server.url}${texts.path}`);
    await fillBooking(page, locale, weekFrom(locale === 'en' ? 70 : 84));

    await expect(page).toHaveURL(new RegExp(`^${stripe.baseUrl}/pay/cs_`));
    await page.getByRole('button', { name: locale === 'en' ? 'Pay with card' : 'Pay with MB WAY' }).click();

    await expect(page).toHaveURL(/\/booking\/[2-9A-Z]{4}-[2-9A-Z]{2}\?t=[\w-]{43}&paid=1$/);
    await expect(page.getByTestId('booking-status')).toHaveText(texts.confirmed);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('booking-paid')).not.toHaveText(/^€?0([.,]00)?\s?€?$/);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await page.getByRole('button', { name: texts.cancel }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(locale === 'en' ? 'You will get back' : 'Receberá de volta');
    await dialog.getByRole('button', { name: texts.cancel }).click();
    await expect(page.getByRole('status').filter({ hasText: texts.cancelled })).toBeVisible();
    await expect(page.getByTestId('booking-status')).toHaveText(locale === 'en' ? 'Cancelled' : 'Cancelada');
    // A stay that will not happen offers no calendar event, now or on the next visit.
    await page.reload();
    await expect(page.getByTestId('booking-status')).toHaveText(locale === 'en' ? 'Cancelled' : 'Cancelada');
    await expect(page.getByRole('link', { name: texts.addToCalendar })).toHaveCount(0);
  });
}

test('a guest who pays by bank transfer gets the IBAN and reference, and the booking page shows them; the owner moves the stay', async ({
  page,
  startServer,
  mailSink,
}) => {
  const server = await bookingServer(startServer, mailEnv(mailSink));
  const stay = weekFrom(112);
  const bookingPanel = new BookingPanel(page);
  await bookingPanel.open(server.url);
  await bookingPanel.pickStay(stay, today());
  const booking = await bookingPanel.reserve();
  await booking.getByLabel('Full Name').fill('Bea Transfer');
  await booking.getByLabel('Email').fill('bea@example.com');
  await booking.getByLabel('Country of residence').selectOption('GB');
  await booking.getByLabel('Bank transfer').check();
  await booking.getByLabel(PAGES.en.accept).check();
  // A transfer is made later: the button charges nothing, and says so.
  await booking.getByRole('button', { name: 'Book', exact: true }).click();
  const result = page.getByTestId('booking-result');
  await expect(result.getByTestId('bank-iban')).toHaveText('PT50 0002 0123 1234 5678 9015 4');
  // The booking exists: the dialog's way out no longer offers to change its dates.
  await expect(bookingPanel.dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  const reference = await result.getByTestId('bank-reference').textContent();
  expect(reference).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{2}$/);
  // Mail is set up here: the page may say the link was mailed.
  await expect(result).toContainText('Keep this link: it is also in the e-mail we sent you.');
  await result.getByRole('link', { name: 'Open your booking page' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Waiting for your payment');
  await expect(page.getByTestId('bank-reference')).toHaveText(reference as string);
  // The IBAN wraps between its groups of four, never inside one.
  await expect(page.getByTestId('bank-iban').locator('span.whitespace-nowrap')).toHaveText([
    'PT50',
    '0002',
    '0123',
    '1234',
    '5678',
    '9015',
    '4',
  ]);
  await expect(page.getByRole('link', { name: PAGES.en.addToCalendar })).toBeVisible();

  // The owner sees it waiting for payment, marks the deposit received, and it is confirmed.
  const panels = new AdminPanels(page);
  await panels.logIn(server.url);
  const panel = panels.bookings;
  await panel.getByLabel('Show').selectOption('awaiting_payment');
  const item = panel.getByTestId('admin-booking').filter({ hasText: reference as string });
  await expect(item.getByTestId('admin-booking-status')).toHaveText('awaiting payment');
  // A typo is said under the amount, and nothing is recorded; the amount offered is the deposit.
  const amount = item.getByLabel('Transfer received (€)');
  const deposit = await amount.inputValue();
  expect(deposit).toMatch(/^\d+\.\d{2}$/);
  await amount.fill('12,3x');
  await item.getByRole('button', { name: 'Mark received' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription('Enter an amount in euros, such as 120 or 120.50.');
  await expect(item.getByTestId('admin-booking-status')).toHaveText('awaiting payment');
  await amount.fill(deposit);
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await item.getByRole('button', { name: 'Mark received' }).click();
  await panel.getByLabel('Show').selectOption('upcoming');
  await expect(
    panel
      .getByTestId('admin-booking')
      .filter({ hasText: reference as string })
      .getByTestId('admin-booking-status'),
  ).toHaveText('confirmed');

  // The owner moves the stay two weeks later: a check-in in the past is refused on its field; the
  // price stays as agreed, the guest is mailed the new dates, and the stay's mails follow them.
  const confirmed = panel.getByTestId('admin-booking').filter({ hasText: reference as string });
  await confirmed.getByRole('button', { name: 'Change dates' }).click();
  await expect(confirmed).toContainText('The price stays as agreed');
  const checkIn = confirmed.getByLabel('New check-in');
  await checkIn.fill(addDays(today(), -3));
  await confirmed.getByRole('button', { name: 'Save dates' }).click();
  await expect(checkIn).toHaveAttribute('aria-invalid', 'true');
  await expect(checkIn).toHaveAccessibleDescription('Check-in cannot be in the past');
  const moved = { checkIn: addDays(stay.checkIn, 14), checkOut: addDays(stay.checkOut, 14) };
  await checkIn.fill(moved.checkIn);
  await confirmed.getByLabel('New check-out').fill(moved.checkOut);
  await confirmed.getByRole('button', { name: 'Save dates' }).click();
  await expect(confirmed).toContainText(`${formatDay(moved.checkIn)} – ${formatDay(moved.checkOut)}`);
  await expect
    .poll(
      () =>
        mailSink.received.filter((m) => m.parsed.subject === `New dates for your booking at Casa do Lago: ${reference}`)
          .length,
    )
    .toBe(1);
  const mailsUrl = `${server.url}/api/admin/bookings/${reference}/mails`;
  const mails = async () =>
    (
      (await (await page.request.get(mailsUrl)).json()) as {
        items: Array<{ kind: string; sendAt: string; state: string }>;
      }
    ).items;
  await expect.poll(async () => (await mails()).find((m) => m.kind === 'dates_changed')?.state).toBe('sent');
  const planned = await mails();
  expect(planned.find((m) => m.kind === 'arrival')?.sendAt.slice(0, 10)).toBe(addDays(moved.checkIn, -3));
  expect(planned.find((m) => m.kind === 'review_request')?.sendAt.slice(0, 10)).toBe(addDays(moved.checkOut, 1));
  await confirmed.getByText('History, mails and payments').click();
  await expect(confirmed).toContainText(
    `Dates changed from ${stay.checkIn} – ${stay.checkOut} to ${moved.checkIn} – ${moved.checkOut}`,
  );
  const list = confirmed.getByTestId('booking-mails');
  await expect(list).toContainText('dates changed: sent');
  await expect(list).toContainText('arrival: scheduled');

  // The review request, on by default, is turned off for this stay: its planned mail is cancelled.
  const ask = confirmed.getByLabel('Ask for a review after the stay');
  await expect(ask).toBeChecked();
  await ask.click();
  await expect(ask).not.toBeChecked();
  await expect(list).toContainText('review request: cancelled');
});

test('without SMTP_URL, the booking made says no e-mail was sent with its link', async ({ page, startServer }) => {
  const server = await bookingServer(startServer, {});
  const bookingPanel = new BookingPanel(page);
  await bookingPanel.open(server.url);
  await bookingPanel.pickStay(weekFrom(119), today());
  const booking = await bookingPanel.reserve();
  await booking.getByLabel('Full Name').fill('Nia Nomail');
  await booking.getByLabel('Email').fill('nia@example.com');
  await booking.getByLabel('Country of residence').selectOption('GB');
  await booking.getByLabel('Bank transfer').check();
  await booking.getByLabel(PAGES.en.accept).check();
  // Nothing is charged now by transfer: the button says Book.
  await booking.getByRole('button', { name: 'Book', exact: true }).click();
  const result = page.getByTestId('booking-result');
  await expect(result.getByTestId('bank-iban')).toBeVisible();
  await expect(result).toContainText(
    'Keep this link: it is your way back to your booking, and no e-mail has been sent with it yet.',
  );
  await expect(result).not.toContainText('e-mail we sent you');
});

test('a disputed card payment is flagged in the owner’s booking with its amount and the deadline to answer', async ({
  page,
  startServer,
}) => {
  const server = await bookingServer(startServer);
  const created = (await (
    await fetch(`${server.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...weekFrom(140),
        guests: 2,
        name: 'Dora Dispute',
        email: 'dora@example.com',
        country: 'DE',
        locale: 'en',
        paymentMethod: 'stripe',
        acceptTerms: true,
      }),
    })
  ).json()) as { code: string; checkoutUrl: string };
  const session = await stripe.completeSession(created.checkoutUrl.split('/').at(-1) as string, 'card');
  const respondBy = new Date(`${addDays(today(), 9)}T23:59:00Z`);
  await stripe.openDispute(session.payment_intent as string, respondBy.getTime());

  const panels = new AdminPanels(page);
  await panels.logIn(server.url);
  const item = panels.bookings.getByTestId('admin-booking').filter({ hasText: created.code });
  await expect(item.getByTestId('admin-booking-dispute')).toHaveText(
    /^disputed €[\d,.]+ \(needs response\): answer in Stripe by .+$/,
  );
  await expect(item.getByTestId('admin-booking-status')).toHaveText('confirmed');
});
