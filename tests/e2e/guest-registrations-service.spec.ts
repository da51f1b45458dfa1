import { AdminApi } from '../support/browser/admin-api.js';
import { logIn } from '../support/browser/admin-login.js';
import { RegistrationsPanel } from '../support/browser/pages/registrations-panel.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { addDays } from '../../src/shared/date-ranges.js';
import { houseToday } from '../../src/shared/dates.js';
import { weekdayOf } from '../../src/shared/quote.js';
import { bookingBody, bookingContentDir } from '../support/server/booking-site.js';
import { FakeSiba } from '../support/server/fake-siba.js';
import { GERMAN_GUEST, SIBA_LEGAL, sibaEnv } from '../support/server/registration-site.js';

// The owner's Guest registrations panel names the SIBA service the server sends to: SIBA's test
// service (which reports nobody), the production one, or none (file download only).

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** A confirmed booking arriving within 14 days whose one German guest has checked in, through the API. */
async function checkedInBooking(serverUrl: string) {
  let checkIn = addDays(houseToday(Date.now()), 2);
  while (weekdayOf(checkIn) !== 'sat') checkIn = addDays(checkIn, 1);
  const created = await fetch(`${serverUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: serverUrl },
    body: JSON.stringify(
      bookingBody({ checkIn, checkOut: addDays(checkIn, 7), guests: 1, paymentMethod: 'bank_transfer' }),
    ),
  });
  expect(created.status).toBe(201);
  const booking = (await created.json()) as { code: string; bookingUrl: string; totalCents: number };
  const admin = await AdminApi.login(serverUrl);
  const paid = await fetch(`${serverUrl}/api/admin/bookings/${booking.code}/mark-paid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: serverUrl, cookie: admin.cookie },
    body: JSON.stringify({ amountCents: booking.totalCents }),
  });
  expect(paid.status).toBe(200);
  const link = new URL(booking.bookingUrl);
  const saved = await fetch(
    `${serverUrl}/api${link.pathname.replace('/booking/', '/bookings/')}/guests/1${link.search}`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: serverUrl },
      body: JSON.stringify(GERMAN_GUEST),
    },
  );
  expect(saved.status).toBe(200);
  return booking.code;
}

test("the registrations panel says SIBA's test service is in use, and a bulletin it took stays due", async ({
  page,
  startServer,
}, testInfo) => {
  const siba = await FakeSiba.start();
  try {
    const server = await startServer({
      env: { ...sibaEnv(siba.testUrl), CONTENT_DIR: bookingContentDir({}, { legal: SIBA_LEGAL }) },
    });
    expect(server.output()).toContain("SIBA_URL is SIBA's test service");
    const code = await checkedInBooking(server.url);
    await logIn(page, server.url);
    const panel = new RegistrationsPanel(page);
    await expect(panel.root.getByTestId('siba-service')).toContainText('SIBA: test service.');
    await panel.send(code, 'arrival');
    await expect(page.getByText("SIBA's test service took it, which reports nobody")).toBeVisible();
    await expect(panel.bulletin(code, 'arrival').getByTestId('bulletin-test-accepted')).toContainText(
      "Taken by SIBA's test service on",
    );
    await expect(panel.state(code, 'arrival')).toHaveText('not due');
    expect(siba.accepted.map((f) => f.service)).toEqual(['test']);
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await panel.booking(code).scrollIntoViewIfNeeded();
      await panel.root.screenshot({ path: testInfo.outputPath(`siba-test-service-${name}.png`) });
    }
  } finally {
    await siba.close();
  }
});

test('the registrations panel names the production service, or file download only without credentials', async ({
  page,
  startServer,
}) => {
  const content = { CONTENT_DIR: bookingContentDir({}, { legal: SIBA_LEGAL }) };
  const plain = await startServer({ env: content });
  await logIn(page, plain.url);
  await expect(new RegistrationsPanel(page).root.getByTestId('siba-service')).toContainText(
    'SIBA: file download only.',
  );
  const siba = await FakeSiba.start();
  try {
    const production = await startServer({ env: { ...sibaEnv(siba.url), ...content } });
    expect(production.output()).not.toContain("SIBA's test service");
    await logIn(page, production.url);
    await expect(new RegistrationsPanel(page).root.getByTestId('siba-service')).toContainText(
      'SIBA: production service.',
    );
  } finally {
    await siba.close();
  }
});
