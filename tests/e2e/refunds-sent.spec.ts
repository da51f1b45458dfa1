import { AxeBuilder } from '@axe-core/playwright';
import { formatShortDay, houseToday } from '../../src/shared/dates.js';
import { AdminApi, bookByTransfer } from '../support/browser/admin-api.js';
import { NeedsActionPage } from '../support/browser/pages/needs-action.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// A cancelled booking paid by transfer: its refund waits in "Needs action" until the owner, on a
// phone, opens the stay and says with the keyboard the day the transfer went out; the stay then
// says when it was sent, in English and in Portuguese, and nothing waits any more
// (docs/decisions/0060-a-transfer-refund-marked-sent.md).

test.setTimeout(120_000);
test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

const euros = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-IE' : 'pt-PT', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );

test('the owner marks a transfer refund sent on a phone, from Needs action to the stay', async ({
  page,
  startServer,
}, testInfo) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const booking = await bookByTransfer(server.url, 90);
  const admin = await AdminApi.login(server.url);
  await admin.markPaid(booking.code, booking.dueNowCents);
  const cancelled = await fetch(booking.api.replace('?', '/cancel?'), { method: 'POST' });
  expect(cancelled.status).toBe(200);
  const amount = booking.dueNowCents;
  const today = houseToday(Date.now());

  const home = new NeedsActionPage(page);
  await home.logIn(server.url);
  await expect(home.count('refunds')).toHaveText('1 refund');
  await expect(home.item('refunds', booking.code)).toContainText(
    `${euros(amount, 'en')} to send back by bank transfer since ${formatShortDay(today, 'en')}`,
  );
  await home.open('refunds', booking.code);

  const item = page.getByTestId('admin-booking');
  const refunds = item.getByTestId('admin-booking-transfer-refunds');
  await expect(refunds).toContainText(`${euros(amount, 'en')} by bank transfer, still to send`);
  const day = refunds.getByLabel('Day it went out');
  await expect(day).toHaveValue(today);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('refund-to-send-en-390.png'), fullPage: true });

  // With the keyboard: the day's field takes the focus, and Enter sends the form.
  await day.focus();
  await expect(day).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Refund recorded as sent.').first()).toBeVisible();
  await expect(refunds).toHaveText(`${euros(amount, 'en')} sent by bank transfer on ${formatShortDay(today, 'en')}`);
  await expect(refunds.getByRole('button')).toHaveCount(0);
  await expect(item.getByTestId('admin-booking-owed-back')).toHaveCount(0);
  await expect(item.getByTestId('admin-booking-money')).toContainText(`refunded ${euros(amount, 'en')}`);
  await page.screenshot({ path: testInfo.outputPath('refund-sent-en-390.png'), fullPage: true });

  await page.getByRole('banner').getByText('Português').click();
  await expect(page.getByTestId('admin-booking-transfer-refunds')).toHaveText(
    `${euros(amount, 'pt-PT')} enviados por transferência bancária a ${formatShortDay(today, 'pt-PT')}`,
  );
  await page.screenshot({ path: testInfo.outputPath('refund-sent-pt-390.png'), fullPage: true });

  await page.goto(`${server.url}/admin`);
  await expect(page.getByTestId('needs-action-refunds').getByTestId('count')).toHaveText('0 reembolsos');
});
