import { format } from 'date-fns';
import { submitInquiry } from '../support/browser/admin-api.js';
import { dayButton, isoDay } from '../support/browser/date-picker.js';
import { holdRequests } from '../support/browser/hold-requests.js';
import { AdminPanels } from '../support/browser/pages/admin-panels.js';
import { InquiryForm } from '../support/browser/pages/inquiry-form.js';
import { expect, MAIL_OWNER, mailEnv, test } from '../support/browser/test-fixtures.js';

// Tests that read the owner's mail get a server and a mailbox of their own (mailServer, mailSink);
// the others use the worker's server.

// The owner's mail writes days in the long form of every owner mail, "25 November 2026" (decision 0055).
const longDay = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);

/** The `day` of next month, a local Date. */
const nextMonthDay = (day: number) => new Date(new Date().getFullYear(), new Date().getMonth() + 1, day);

test("the contact section shows the property's details and links", async ({ page }) => {
  const inquiry = new InquiryForm(page);
  await inquiry.open();
  const section = page.locator('section#contact');
  await expect(section.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await expect(section.getByText('Ready to experience Casa do Lago? Send us your booking request!')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  await expect(section.getByRole('link', { name: '+351 000 000 000' })).toHaveAttribute('href', 'tel:+351000000000');
  await expect(section.getByRole('link', { name: 'reservas@casa-do-lago.example' })).toHaveAttribute(
    'href',
    'mailto:reservas@casa-do-lago.example',
  );
  await expect(section.getByText('Check-in: 15:00 - 20:00')).toBeVisible();
  await expect(section.getByText('Check-out: until 11:00')).toBeVisible();
  const instagram = section.getByRole('link', { name: 'Follow us on Instagram' });
  await expect(instagram).toHaveAttribute('target', '_blank');
  await expect(instagram).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(section.getByText('We usually reply within a few hours!')).toBeVisible();
  await expect(inquiry.field('Message')).toHaveAttribute('rows', '6');
  await expect(inquiry.field('Guests')).toHaveAttribute('min', '1');
  await expect(inquiry.field('Guests')).toHaveAttribute('max', '7');
});

test("an inquiry with both dates picked is confirmed and reaches the owner's mailbox", async ({
  page,
  mailSink: sink,
  mailServer,
}) => {
  const inquiry = new InquiryForm(page);
  await inquiry.open(mailServer.url);
  await inquiry.fill({
    name: 'Inês Marques',
    email: 'ines@example.com',
    guests: '3',
    message: 'We would love the canoe.',
  });
  const checkIn = nextMonthDay(10);
  const checkOut = nextMonthDay(14);
  await inquiry.pickDay('Check-in', isoDay(checkIn), 1);
  // The check-out calendar opens on the check-in's month.
  await inquiry.pickDay('Check-out', isoDay(checkOut));
  // In the page's language, as its calendars: "Dec 10, 2026".
  const month = new Intl.DateTimeFormat('en-US', { month: 'short' }).format(checkIn);
  await expect(inquiry.field('Check-in')).toHaveValue(`${month} 10, ${checkIn.getFullYear()}`);

  await inquiry.send();
  await expect(inquiry.sent).toBeVisible();
  await expect(page.getByText("Thank you for contacting us. We'll get back to you as soon as possible.")).toBeVisible();
  await expect(inquiry.form).toHaveCount(0);

  const [mail] = await sink.waitFor(1);
  expect(mail!.envelope.to).toEqual([MAIL_OWNER]);
  expect(mail!.parsed.subject).toBe('New booking inquiry from Inês Marques');
  expect(mail!.parsed.text).toContain(`Check-in: ${longDay(checkIn)}`);
  expect(mail!.parsed.text).toContain(`Check-out: ${longDay(checkOut)}`);
  expect(mail!.parsed.text).toContain('Guests: 3');
});

test('while sending, the button says so and a second submit is ignored', async ({
  page,
  mailSink: sink,
  mailServer,
}) => {
  const inquiry = new InquiryForm(page);
  await inquiry.open(mailServer.url);
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/inquiries')) posts += 1;
  });
  const held = await holdRequests(page, '**/api/inquiries');
  await inquiry.fill({ name: 'Duarte', email: 'duarte@example.com' });
  await inquiry.send();
  await expect(inquiry.form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await inquiry.field('Email').press('Enter');
  held.release();
  await expect(inquiry.sent).toBeVisible();
  expect(posts).toBe(1);
  await sink.waitFor(1);
});

test("a refused request shows the server's message inline, and a failed one the error text", async ({
  page,
  mailSink,
  startServer,
}) => {
  const strict = await startServer({ env: { ...mailEnv(mailSink), SUBMISSIONS_PER_WINDOW: '1' } });
  const inquiry = new InquiryForm(page);
  await inquiry.open(strict.url);
  const send = async () => {
    await inquiry.fill({ name: 'Beatriz', email: 'beatriz@example.com' });
    await inquiry.send();
  };
  await send();
  await expect(inquiry.sent).toBeVisible();

  await page.reload();
  await inquiry.scrollTo();
  await send();
  await expect(inquiry.error).toHaveText(
    /^There was an error sending your message: Too many submissions\. Please try again in \d+ minutes\.$/,
  );
  await expect(inquiry.field('Full Name')).toHaveValue('Beatriz');

  await page.route('**/api/inquiries', (route) => route.abort('connectionrefused'));
  await inquiry.send();
  await expect(inquiry.error).toHaveText(/^There was an error sending your message: .+/);
  await expect(inquiry.error).not.toContainText('Too many');
});

test("works by keyboard alone: dates typed in the page's language are read and sent", async ({
  page,
  mailSink: sink,
  mailServer,
}) => {
  const inquiry = new InquiryForm(page);
  await inquiry.open(mailServer.url);
  const inTwoMonths = new Date(new Date().getFullYear(), new Date().getMonth() + 2, 5);
  // The English page's calendars and date fields are English: "Jan 5, 2027".
  const typed = format(inTwoMonths, 'MMM d, yyyy');
  await inquiry.field('Full Name').focus();
  await page.keyboard.type('Keyboard Only');
  await page.keyboard.press('Tab');
  await page.keyboard.type('keys@example.com');
  await page.keyboard.press('Tab');
  await expect(inquiry.field('Check-in')).toBeFocused();
  await page.keyboard.type(typed);
  await page.keyboard.press('Escape');
  await expect(inquiry.field('Check-in')).toHaveValue(typed);
  await inquiry.field('Message').focus();
  await page.keyboard.type('Typed, not clicked.');
  await page.keyboard.press('Tab');
  await expect(inquiry.sendButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(inquiry.sent).toBeVisible();
  const [mail] = await sink.waitFor(1);
  expect(mail!.parsed.text).toContain(`Check-in: ${longDay(inTwoMonths)}`);
});

test('the check-out calendar starts the day after check-in', async ({ page }) => {
  const inquiry = new InquiryForm(page);
  await inquiry.open();
  await inquiry.pickDay('Check-in', isoDay(nextMonthDay(10)), 1);
  const calendar = await inquiry.openCalendar('Check-out');
  await expect(dayButton(calendar, isoDay(nextMonthDay(10)))).toBeDisabled();
  await expect(dayButton(calendar, isoDay(nextMonthDay(11)))).toBeEnabled();
});

test('a problem found before sending is shown on its own, not as a failed send', async ({ page }) => {
  const inquiry = new InquiryForm(page);
  await inquiry.open();
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/inquiries')) posted = true;
  });
  // The browser's own check lets a@b through; the shared schema wants a domain with a dot.
  await inquiry.fill({ name: 'Teresa', email: 'teresa@localhost' });
  await inquiry.send();
  await expect(inquiry.field('Email')).toHaveAccessibleDescription('Please enter a valid e-mail address');
  await expect(inquiry.field('Email')).toBeFocused();
  expect(posted).toBe(false);
});

test('a typed date that does not parse says "Date input not valid."', async ({ page }) => {
  const inquiry = new InquiryForm(page);
  await inquiry.open();
  const checkIn = inquiry.field('Check-in');
  await checkIn.fill('32 de banana');
  await inquiry.field('Full Name').click();
  await expect(inquiry.form.getByText('Date input not valid.')).toBeVisible();
  await expect(checkIn).toHaveAttribute('aria-invalid', 'true');
});

test('the admin sees a failed inquiry with its error and sends it with Retry now', async ({
  page,
  mailSink: sink,
  mailServer,
}) => {
  sink.failWith = { code: 550, message: 'No such mailbox' };
  await submitInquiry(mailServer.url, { name: 'Carla Failed', email: 'carla@example.com', guests: 2 });

  const panels = new AdminPanels(page);
  await panels.logIn(mailServer.url);
  await expect(page.getByRole('heading', { name: 'Inquiries', exact: true })).toBeVisible();
  const item = panels.inquiry('Carla Failed');
  await expect(async () => {
    await panels.refreshInquiries();
    await expect(item.getByTestId('delivery-state')).toHaveText('failed', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(item).toContainText('550');
  await expect(item).toContainText('carla@example.com');

  sink.failWith = undefined;
  await item.getByRole('button', { name: 'Retry now' }).click();
  await sink.waitFor(1);
  await expect(async () => {
    await panels.refreshInquiries();
    await expect(item.getByTestId('delivery-state')).toHaveText('sent', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(item.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
});

test('the date fields offer no night as free until the availability is known, and say why', async ({
  page,
  mailSink: sink,
  mailServer,
}) => {
  // The availability held back, then refused: the calendars must not show every night as free.
  const held: Array<() => void> = [];
  await page.route('**/api/availability?*', (route) =>
    new Promise<void>((resolve) => held.push(resolve)).then(() => route.abort('connectionrefused')),
  );
  const inquiry = new InquiryForm(page);
  await inquiry.open(mailServer.url);
  await inquiry.field('Check-in', { exact: true }).click();
  await expect(inquiry.calendar.getByRole('status')).toHaveText('Checking which nights are free…');
  await expect(inquiry.calendar.locator('.rdp-day_button')).toHaveCount(0);

  // It fails: the field says so and offers a retry.
  await expect.poll(() => held.length).toBeGreaterThan(0);
  held.splice(0).forEach((release) => release());
  await expect(inquiry.calendar.getByRole('alert')).toContainText('Availability could not be checked.');
  await expect(inquiry.calendar.locator('.rdp-day_button')).toHaveCount(0);

  // Sending stays possible with a typed day: the server still checks the nights.
  const inTwoMonths = new Date(new Date().getFullYear(), new Date().getMonth() + 2, 5);
  await inquiry.field('Check-in', { exact: true }).fill(format(inTwoMonths, 'MMM d, yyyy'));
  await inquiry.fill({ name: 'Offline Calendar', email: 'offline@example.com', message: 'Is this week free?' });
  await inquiry.send();
  await expect(inquiry.sent).toBeVisible();
  await sink.waitFor(1);

  // The retry brings the calendar once the server answers.
  await page.unroute('**/api/availability?*');
  await page.route('**/api/availability?*', (route) => route.abort('connectionrefused'));
  await page.reload();
  // The calendar above the form shares the query and refetches it as it hydrates: let it fail
  // first, so that only the button below can bring the nights.
  await page.getByRole('heading', { name: 'Availability', exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByText('The availability could not be loaded.')).toBeVisible();
  await inquiry.scrollTo();
  await inquiry.field('Check-in', { exact: true }).click();
  await expect(inquiry.calendar.getByRole('alert')).toContainText('Availability could not be checked.');
  await page.unroute('**/api/availability?*');
  await inquiry.calendar.getByRole('button', { name: 'Try again' }).click();
  await expect(inquiry.calendar.locator('.rdp-day_button').first()).toBeVisible();
});
