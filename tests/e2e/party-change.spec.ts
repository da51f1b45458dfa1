import { addDays } from '../../src/shared/date-ranges.js';
import { earliestToday } from '../../src/shared/dates.js';
import { logIn } from '../support/browser/admin-login.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// The owner changes who stays from the booking's page, by keyboard alone: a refusal is shown by
// its code beside the field, then the new party is saved and the page shows it
// (docs/decisions/0069-changing-a-bookings-party.md). The repricing itself is the API tests'
// (src/server/bookings/party-changes.test.ts), on both databases.

const TEXTS = {
  en: {
    change: 'Change the party',
    adults: 'Adults',
    children: "Children's ages",
    save: 'Save the party',
    same: "These are the guests the booking already has: change the adults or the children's ages.",
    changed: 'Party changed. Mail is not set up yet: the guest is mailed the new party and total once it is.',
    guests: '5 guests',
  },
  'pt-PT': {
    change: 'Alterar os hóspedes',
    adults: 'Adultos',
    children: 'Idades das crianças',
    save: 'Guardar os hóspedes',
    same: 'Estes já são os hóspedes da reserva: altere os adultos ou as idades das crianças.',
    changed:
      'Hóspedes alterados. O e-mail ainda não está configurado: o hóspede recebe os novos hóspedes e o total quando estiver.',
    guests: '5 hóspedes',
  },
} as const;

for (const locale of ['en', 'pt-PT'] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test('the owner changes the party by keyboard, told first that it is the same party', async ({
      page,
      startServer,
    }) => {
      const t = TEXTS[locale];
      const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
      const checkIn = addDays(earliestToday(), 100);
      const created = await fetch(`${server.url}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({
          checkIn,
          checkOut: addDays(checkIn, 3),
          adults: 2,
          name: 'Ana Party',
          email: 'party@example.com',
          country: 'DE',
          locale,
          paymentMethod: 'bank_transfer',
          acceptTerms: true,
        }),
      });
      expect(created.status).toBe(201);
      const { code } = (await created.json()) as { code: string };

      await logIn(page, server.url);
      await page.goto(`${server.url}/admin/bookings/${code}`);
      await page.getByRole('button', { name: t.change }).focus();
      await page.keyboard.press('Enter');
      const adults = page.getByLabel(t.adults, { exact: true });
      await expect(adults).toHaveValue('2');
      // The same party: refused by its code, beside the adults.
      await adults.focus();
      await page.keyboard.press('Enter');
      await expect(adults).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(t.same)).toBeVisible();

      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('4');
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(t.children)).toBeFocused();
      await page.keyboard.type('4');
      await page.keyboard.press('Enter');
      await expect(page.getByText(t.changed)).toBeVisible();
      await expect(page.getByText(t.guests, { exact: false })).toBeVisible();
      await expect(page.getByRole('button', { name: t.change })).toBeVisible();
    });
  });
}
