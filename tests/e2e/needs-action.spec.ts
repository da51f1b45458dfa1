import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { houseToday } from '../../src/shared/dates.js';
import { AdminApi, bookByTransfer, submitInquiry } from '../support/browser/admin-api.js';
import { NeedsActionPage } from '../support/browser/pages/needs-action.js';
import { expect, mailEnv, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';
import { GERMAN_GUEST } from '../support/server/registration-site.js';
import { stayBody } from '../support/server/stays.js';

// The owner's home, in the browser: after logging in the owner lands on "Needs action", sees each
// group counted (a booking awaiting its transfer, a bulletin due, two inquiries, a mail the SMTP
// server refused), opens a booking from it, marks an inquiry handled and sees the count drop. On a
// phone and a desktop, axe clean at each (docs/decisions/0044-needs-action.md).

test.setTimeout(180_000);

const SHOTS = '/tmp/h-needs-shots';
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

async function axeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const [width, size] of Object.entries(VIEWPORTS)) {
  test(`the owner lands on Needs action, opens an item and marks an inquiry handled (${width})`, async ({
    page,
    startServer,
    mailSink,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const server = await startServer({ env: { CONTENT_DIR: bookingContentDir(), ...mailEnv(mailSink) } });
    const owner = await AdminApi.login(server.url);
    // First, on a server with nothing else to send: the SMTP server refuses this inquiry's mail to
    // the owner, which fails for good; then it takes mail again.
    mailSink.failWith = { code: 550, message: 'Mailbox unavailable' };
    await submitInquiry(server.url, { name: 'Olaf Open', email: 'olaf@example.com', message: 'Do you take dogs?' });
    await expect.poll(async () => (await owner.inquiries()).map((i) => i.status)).toEqual(['failed']);
    mailSink.failWith = undefined;
    const today = houseToday(Date.now());
    const waiting = await bookByTransfer(server.url, 40);
    // A phone stay that arrived today, its first guest typed at the door as German: its arrival
    // bulletin is due (while no guest is known to be foreign, none is).
    const stay = await owner.addStay(
      stayBody({
        channel: 'phone',
        checkIn: today,
        checkOut: addDays(today, 3),
        platformReference: '',
        touristTaxCollectedBy: 'owner',
        name: 'Pia Phone',
      }),
    );
    const typed = await fetch(`${server.url}/api/admin/registrations/${stay}/guests/1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: owner.cookie },
      body: JSON.stringify(GERMAN_GUEST),
    });
    expect(typed.status).toBe(200);
    await submitInquiry(server.url, {
      name: 'Hanna Handled',
      email: 'hanna@example.com',
      checkIn: addDays(today, 60),
      checkOut: addDays(today, 63),
      guests: 2,
      message: 'Is the boat included?',
    });

    await page.setViewportSize(size);
    const home = new NeedsActionPage(page);
    await home.logIn(server.url);
    await expect(home.count('bookings')).toHaveText('1 booking');
    await expect(home.count('money')).toHaveText('0 cases');
    await expect(home.count('bulletins')).toHaveText('1 bulletin');
    await expect(home.count('inquiries')).toHaveText('2 inquiries');
    await expect(home.count('mails')).toHaveText('1 mail');
    await expect(home.total).toContainText('5 things need action');
    await expect(home.mailOff).toHaveCount(0);
    await expect(home.item('bookings', waiting.code)).toContainText('Awaiting payment');
    await expect(home.item('bulletins', stay)).toContainText('Arrival bulletin due by');
    await expect(home.item('inquiries', 'Hanna Handled')).toContainText('2 guests');
    await expect(home.item('mails', 'Olaf Open')).toContainText('Mailbox unavailable');
    await axeClean(page);
    await page.screenshot({ path: `${SHOTS}/home-${width}.png`, fullPage: true });
    await home.panel.screenshot({ path: `${SHOTS}/needs-action-${width}.png` });

    // An item opens its page, and the way back leads home.
    await home.open('bookings', waiting.code);
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${waiting.code}$`));
    await expect(page.getByText(waiting.code).first()).toBeVisible();
    await page.goBack();
    await expect(home.count('inquiries')).toHaveText('2 inquiries');

    // The inquiry shows its message, its stay and its actions; marked handled, it leaves the count.
    await home.open('inquiries', 'Hanna Handled');
    const inquiry = home.inquiry('Hanna Handled');
    await expect(inquiry).toBeInViewport();
    await expect(inquiry).toContainText('Is the boat included?');
    const reply = inquiry.getByRole('link', { name: 'Reply by mail' });
    const href = (await reply.getAttribute('href')) ?? '';
    expect(href.startsWith('mailto:hanna@example.com?subject=')).toBe(true);
    expect(decodeURIComponent(href.split('subject=')[1] ?? '')).toMatch(/^Your stay at .+, .+ to .+$/);
    await inquiry.screenshot({ path: `${SHOTS}/inquiry-${width}.png` });
    await home.markHandled('Hanna Handled');
    await expect(inquiry.getByTestId('inquiry-handled')).toContainText('Handled on');
    await expect(inquiry.getByTestId('inquiry-handled')).toContainText('by the owner');
    await expect(inquiry.getByRole('button', { name: 'Mark handled' })).toHaveCount(0);
    await expect(home.count('inquiries')).toHaveText('1 inquiry');
    await expect(home.item('inquiries', 'Hanna Handled')).toHaveCount(0);
    await expect(home.total).toContainText('4 things need action');
    await inquiry.screenshot({ path: `${SHOTS}/inquiry-handled-${width}.png` });
    await axeClean(page);
  });
}

test('without SMTP_URL the home and the inquiries say mail is not set up', async ({ page, startServer }) => {
  const server = await startServer();
  await submitInquiry(server.url, { name: 'Nina Nomail', email: 'nina@example.com', message: 'Hello?' });
  await page.setViewportSize(VIEWPORTS.desktop);
  const home = new NeedsActionPage(page);
  await home.logIn(server.url);
  await expect(home.mailOff).toContainText('Mail is not set up');
  await expect(page.getByTestId('inquiries-mail-off')).toContainText('this inquiry was not mailed to you');
  await expect(home.count('inquiries')).toHaveText('1 inquiry');
  await expect(home.count('mails')).toHaveText('0 mails');
  await axeClean(page);
});

test('a bookings list with none says which lists have some, and shows them', async ({ page, startServer }) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const waiting = await bookByTransfer(server.url, 40);
  await page.setViewportSize(VIEWPORTS.desktop);
  const home = new NeedsActionPage(page);
  await home.logIn(server.url);
  const bookings = page.getByTestId('bookings-panel');
  await expect(bookings).toContainText('No bookings under “Upcoming”.');
  await bookings.getByRole('button', { name: 'Awaiting payment (1)' }).click();
  await expect(bookings.getByText(waiting.code).first()).toBeVisible();
  await expect(bookings.getByRole('combobox', { name: 'Show' })).toHaveValue('awaiting_payment');
});
