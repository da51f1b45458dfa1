import { AxeBuilder } from '@axe-core/playwright';
import { addDays } from '../../src/shared/date-ranges.js';
import { houseToday } from '../../src/shared/dates.js';
import { AdminApi, submitInquiry } from '../support/browser/admin-api.js';
import { AdminHomeIn } from '../support/browser/pages/admin-home-in.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// An inquiry that does not say how many stay: the Portuguese owner's offer form asks for the
// adults and the children's ages (in Portuguese, on its fields) and takes the owner's message,
// rather than failing with the server's English words. Looked at on a phone and a desktop.

const SHOTS = 'test-results/e2e';
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`the offer form asks for the party the inquiry did not give, in Portuguese (${width})`, async ({
    browser,
    startServer,
  }) => {
    const server = await startServer({
      env: {
        CONTENT_DIR: bookingContentDir({
          mode: 'inquiry',
          bankTransfer: { iban: 'PT50000201231234567890154', holder: 'Casa do Lago' },
        }),
      },
    });
    const today = houseToday(Date.now());
    const nights = { checkIn: addDays(today, 60), checkOut: addDays(today, 63) };
    await submitInquiry(server.url, { name: 'Rita Pereira', email: 'rita@example.com', locale: 'pt-PT', ...nights });
    const context = await browser.newContext({ locale: 'pt-PT', viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const home = new AdminHomeIn(page, 'pt-PT');
    await home.logIn(server.url);
    const rita = home.inquiry('Rita Pereira');
    await rita.getByRole('button', { name: 'Fazer uma proposta' }).click();
    await expect(rita.getByTestId('offer-party-missing')).toBeVisible();
    await rita.getByLabel('Mensagem', { exact: false }).last().fill('Temos um berço.');
    await rita.getByRole('button', { name: 'Enviar a proposta' }).click();
    await expect(rita.getByText('Indique quantos adultos ficam (pelo menos 1).')).toBeVisible();
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await rita.screenshot({ path: `${SHOTS}/offer-form-pt-${width}.png` });
    await rita.getByLabel('Adultos').fill('2');
    await rita.getByLabel('Idades das crianças', { exact: false }).fill('4');
    await rita.getByRole('button', { name: 'Enviar a proposta' }).click();
    // This server has no SMTP_URL: the owner is told to pass the link on, never that it was mailed.
    const made = rita.getByText('Proposta feita', { exact: false });
    await expect(made).toBeVisible();
    await expect(made).toContainText('O e-mail ainda não está configurado');
    await expect(made).toContainText('/booking/');
    await expect(rita.getByText('Proposta enviada', { exact: false })).toHaveCount(0);
    // Answered: the inquiry is handled.
    const admin = await AdminApi.login(server.url);
    const [inquiry] = await admin.inquiries();
    expect(inquiry).toMatchObject({ handledBy: 'owner' });
    await context.close();
  });
}
