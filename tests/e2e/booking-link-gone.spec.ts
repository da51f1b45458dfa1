import { AdminApi, bookByTransfer } from '../support/browser/admin-api.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// A guest link that ended (90 days after the stay) or that the owner revoked answers 410 `gone`:
// the booking page says so in the guest's language and whom to ask for a new link.

const TEXTS = {
  en: {
    gone: 'This booking link has ended. A link stops working 90 days after the stay, or when we send you a new one.',
    ask: 'Write to us and we will send you a new link:',
  },
  'pt-PT': {
    gone: 'Este link de reserva já terminou. Um link deixa de funcionar 90 dias depois da estadia, ou quando lhe enviamos um novo.',
    ask: 'Escreva-nos e enviamos-lhe um novo link:',
  },
} as const;

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

test('a revoked guest link shows, in the EN and PT browser, that it ended and whom to ask', async ({
  browser,
  startServer,
}, testInfo) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const booking = await bookByTransfer(server.url, 30);
  const { page: url, api } = booking;
  expect((await fetch(api)).status).toBe(200);

  const admin = await AdminApi.login(server.url);
  const revoked = await fetch(`${server.url}/api/admin/bookings/${booking.code}/revoke-links`, {
    method: 'POST',
    headers: { origin: server.url, cookie: admin.cookie },
  });
  expect(revoked.status).toBe(200);
  const gone = await fetch(api);
  expect(gone.status).toBe(410);
  expect(((await gone.json()) as { error: { code: string } }).error.code).toBe('gone');

  for (const locale of ['en', 'pt-PT'] as const) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ locale, viewport });
      const page = await context.newPage();
      await page.goto(url);
      const alert = page.getByTestId('booking-link-gone');
      await expect(alert).toContainText(TEXTS[locale].gone);
      await expect(alert).toContainText(TEXTS[locale].ask);
      await expect(alert.getByRole('link')).toHaveAttribute('href', /^mailto:.+@/);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.screenshot({ path: testInfo.outputPath(`link-gone-${locale}-${name}.png`), fullPage: true });
      await context.close();
    }
  }
});
