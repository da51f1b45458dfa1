import { AdminApi, bookByTransfer } from '../support/browser/admin-api.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// The guest's own page tells the truth of the moment: what is still due as amounts with their
// days and how to pay them, the times and whom to ask, the address once the stay is confirmed,
// and the whole page (its title and its price lines too) in either of the site's languages.

const euros = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-IE' : 'pt-PT', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
const longDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'pt-PT', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

test('the guest page says what is due by when, reads in both languages, and gives the address once confirmed', async ({
  browser,
  startServer,
}, testInfo) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const booking = await bookByTransfer(server.url, 60);
  const guest = (await (await fetch(booking.api)).json()) as { balanceDueOn: string; dueNowCents: number };
  expect(guest.dueNowCents).toBe(booking.dueNowCents);
  const balance = booking.totalCents - booking.dueNowCents;

  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(booking.page);
  const due = page.getByTestId('booking-due');
  await expect(due.getByRole('listitem')).toHaveText([
    `${euros(booking.dueNowCents, 'en')} by ${longDay(booking.bankTransfer.dueBy, 'en')}`,
    `${euros(balance, 'en')} by ${longDay(guest.balanceDueOn, 'en')}`,
  ]);
  await expect(due).toContainText('By bank transfer: the details are below.');
  await expect(page.getByTestId('booking-details')).toContainText(
    /Held for you until\s*\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}/,
  );
  await expect(page).toHaveTitle(`Your booking ${booking.code} · Casa do Lago`);
  const house = page.getByTestId('house-essentials');
  await expect(house).toContainText('Check-in from 15:00 to 20:00; check-out until 11:00.');
  await expect(house.getByRole('link', { name: '+351 000 000 000' })).toHaveAttribute('href', 'tel:+351000000000');
  await expect(house).not.toContainText('Rua do Lago');
  await page.screenshot({ path: testInfo.outputPath('guest-page-en-phone.png'), fullPage: true });

  await page.getByRole('link', { name: 'Português' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  await expect(page).toHaveTitle(`A sua reserva ${booking.code} · Casa do Lago`);
  await expect(due.getByRole('listitem').first()).toHaveText(
    `${euros(booking.dueNowCents, 'pt-PT')} até ${longDay(booking.bankTransfer.dueBy, 'pt-PT')}`,
  );
  await expect(page.getByTestId('booking-details')).toContainText(/\d noites ×/);
  await expect(page.getByTestId('booking-details')).not.toContainText('nights');
  await expect(page.getByRole('link', { name: 'English' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('guest-page-pt-phone.png'), fullPage: true });

  const admin = await AdminApi.login(server.url);
  await admin.markPaid(booking.code, booking.dueNowCents);
  await page.reload();
  await expect(page.getByTestId('booking-status')).toHaveText('Confirmada');
  await expect(due.getByRole('listitem')).toHaveText([
    `${euros(balance, 'pt-PT')} até ${longDay(guest.balanceDueOn, 'pt-PT')}`,
  ]);
  // The held booking's transfer box gives way to the balance's, for its amount and day.
  await expect(page.getByRole('heading', { name: /faça a transferência/ })).toHaveCount(0);
  const bank = page.getByTestId('bank-details');
  await expect(bank.getByRole('heading')).toHaveText(
    'O pré-pagamento foi recebido: pague o restante por transferência bancária',
  );
  await expect(bank).toContainText(euros(balance, 'pt-PT'));
  await expect(bank).toContainText(longDay(guest.balanceDueOn, 'pt-PT'));
  await expect(house).toContainText('Rua do Lago 1');
  await expect(house.getByRole('link', { name: 'Abrir o mapa' })).toHaveAttribute('href', /openstreetmap\.org/);
  await context.close();
});
