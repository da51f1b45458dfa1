import { AdminApi, bookByTransfer } from '../support/browser/admin-api.js';
import { logIn } from '../support/browser/admin-login.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// A booking paid by transfer and cancelled: the guest's page and the owner's say what is owed back
// and how, never a balance due; the guest gives the IBAN, the owner sees it masked and opens it.
// And the owner's "Transfer received" records a double click once, then offers the next amount.

const euros = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-IE' : 'pt-PT', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
const IBAN = 'DE89 3704 0044 0532 0130 00';

interface AdminView {
  paidCents: number;
  totalCents: number;
  payments: Array<{ kind: string }>;
}

test('a double click on "Mark received" records the transfer once, and the form then offers what is still due', async ({
  page,
  startServer,
}) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const booking = await bookByTransfer(server.url, 90);
  await logIn(page, server.url);
  await page.goto(`${server.url}/admin/bookings/${booking.code}`);
  const item = page.getByTestId('admin-booking');
  const field = item.getByLabel('Transfer received (€)');
  await expect(field).toHaveValue((booking.dueNowCents / 100).toFixed(2));
  await item.getByRole('button', { name: 'Mark received' }).dblclick();
  await expect(page.getByText('Transfer recorded.').first()).toBeVisible();
  // The form starts again, with the balance: not the deposit just recorded.
  const balance = booking.totalCents - booking.dueNowCents;
  await expect(field).toHaveValue((balance / 100).toFixed(2));
  const admin = await AdminApi.login(server.url);
  const response = await fetch(`${server.url}/api/admin/bookings/${booking.code}`, {
    headers: { cookie: admin.cookie },
  });
  const view = (await response.json()) as AdminView;
  expect(view.paidCents).toBe(booking.dueNowCents);
  expect(view.payments.filter((p) => p.kind === 'deposit')).toHaveLength(1);
});

test('a cancelled transfer booking says what is owed back; the guest gives the IBAN, the owner opens it', async ({
  browser,
  startServer,
}, testInfo) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const booking = await bookByTransfer(server.url, 90);
  const admin = await AdminApi.login(server.url);
  await admin.markPaid(booking.code, booking.dueNowCents);

  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(booking.page);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  const details = page.getByTestId('booking-details');
  await expect(page.getByTestId('booking-due')).toHaveCount(0);
  await expect(page.getByTestId('booking-owed-back')).toHaveText(
    `${euros(booking.dueNowCents, 'en')}, sent back by bank transfer: give the IBAN of the account to send it to.`,
  );
  await expect(details).not.toContainText('Still due');

  const form = page.getByTestId('refund-account');
  const ibanField = form.getByLabel('IBAN for the refund');
  await ibanField.fill('DE89 3704 0044 0532 0130 01');
  await form.getByRole('button', { name: 'Save the IBAN' }).click();
  await expect(form).toContainText('Check the IBAN: it is not a valid account number.');
  await expect(ibanField).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: testInfo.outputPath('refund-iban-en-390.png'), fullPage: true });
  await ibanField.fill(IBAN);
  await ibanField.press('Enter');
  await expect(form.getByRole('status')).toHaveText('Saved: the owner sends the refund to this account.');
  await expect(page.getByTestId('booking-owed-back')).toHaveText(
    `${euros(booking.dueNowCents, 'en')}: the owner sends it by bank transfer to the account you gave (DE89 •••• 3000).`,
  );
  await expect(form).toContainText('DE89 •••• 3000');
  await expect(page.locator('body')).not.toContainText('0532');
  await page.screenshot({ path: testInfo.outputPath('refund-saved-en-390.png'), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Português' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelada');
  await expect(page.getByTestId('booking-owed-back')).toHaveText(
    `${euros(booking.dueNowCents, 'pt-PT')}: o proprietário envia-os por transferência bancária para a conta que indicou (DE89 •••• 3000).`,
  );
  await expect(page.getByTestId('refund-account').getByRole('button', { name: 'Indicar outra conta' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('refund-saved-pt-1280.png'), fullPage: true });
  await context.close();

  const owner = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await logIn(owner, server.url);
  await owner.goto(`${server.url}/admin/bookings/${booking.code}`);
  const item = owner.getByTestId('admin-booking');
  await expect(item.getByTestId('admin-booking-status')).toHaveText('cancelled');
  await expect(item.getByTestId('admin-booking-money')).not.toContainText('due');
  const owed = item.getByTestId('admin-booking-owed-back');
  await expect(owed).toContainText(
    `${euros(booking.dueNowCents, 'en')} to the guest, by your bank transfer to DE89 •••• 3000`,
  );
  await item.getByText('History, mails and payments').click();
  await expect(item).toContainText(`(refund ${euros(booking.dueNowCents, 'en')})`);
  await expect(item).not.toContainText('cents');
  await owner.screenshot({ path: testInfo.outputPath('refund-admin-en-390.png'), fullPage: true });
  await owed.getByRole('button', { name: 'Show the whole IBAN' }).click();
  await expect(owed).toContainText(`to ${IBAN}`);
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.screenshot({ path: testInfo.outputPath('refund-admin-en-1280.png'), fullPage: true });
  await owner.getByRole('banner').getByText('Português').click();
  await expect(owner.getByTestId('admin-booking-owed-back')).toContainText(
    `${euros(booking.dueNowCents, 'pt-PT')} ao hóspede, por transferência sua para DE89 •••• 3000`,
  );
  await expect(owner.getByTestId('admin-booking-money')).not.toContainText('em dívida');
  await owner.screenshot({ path: testInfo.outputPath('refund-admin-pt-1280.png'), fullPage: true });
  await owner.close();
});
