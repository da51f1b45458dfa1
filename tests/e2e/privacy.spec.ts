import type { Page } from '@playwright/test';
import type { BuiltServer } from '../support/browser/built-server.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { afterGlideHome, property, VIEWPORTS } from '../support/browser/landing-helpers.js';

const LANGUAGES = [
  {
    home: '/',
    privacy: '/privacy',
    showMap: 'Show map',
    forget: 'Forget',
    privacyLink: 'Privacy',
    reviewForm: 'Share Your Experience',
    registration: 'Registration (AL) no. 154321/AL',
  },
  {
    home: '/pt/',
    privacy: '/pt/privacy',
    showMap: 'Mostrar o mapa',
    forget: 'Esquecer',
    privacyLink: 'Privacidade',
    reviewForm: 'Partilhe a sua experiência',
    registration: 'Registo AL n.º 154321/AL',
  },
] as const;

const MAP_STAND_IN = 'Map stand-in';

/**
 * Records every request that leaves the site. None reaches the network (the machine has none, and
 * a test must not depend on Google): the map's address answers a local stand-in page, anything
 * else from outside is refused, after being recorded.
 */
async function recordOutside(page: Page, server: BuiltServer): Promise<string[]> {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${server.url}/`) && !url.startsWith('data:')) outside.push(url);
  });
  await page.route(
    (url) => url.origin !== server.url && url.protocol !== 'data:',
    (route) =>
      route.request().url().startsWith('https://www.google.com/maps?')
        ? route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html><title>${MAP_STAND_IN}</title><body>${MAP_STAND_IN}</body>`,
          })
        : route.abort(),
  );
  return outside;
}

/** Scrolls from the top of the page to its very bottom, a frame at least per half a window, as the page grows. */
async function scrollThroughPage(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  for (let step = 0; step < 200; step++) {
    const atBottom = await page.evaluate(async () => {
      window.scrollBy({ top: Math.round(window.innerHeight / 2), behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    if (atBottom) return;
  }
  throw new Error('never reached the bottom of the page');
}

/** Everything that loads as the visitor scrolls has loaded: the forms, the calendar, the reviews. */
async function lazyPartsLoaded(page: Page, reviewForm: string) {
  await expect(page.getByRole('form', { name: reviewForm })).toBeVisible();
  await expect(page.locator('#contact form')).toBeVisible();
  await expect(page.getByTestId('availability-calendar')).toBeVisible();
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`privacy by default, ${name}`, () => {
    test.use({ viewport });

    for (const language of LANGUAGES) {
      test(`${language.home}: nothing leaves the site until '${language.showMap}'; the choice holds over a reload until '${language.forget}'`, async ({
        page,
        server,
      }) => {
        const outside = await recordOutside(page, server);
        await page.goto(language.home);
        await scrollThroughPage(page);
        await lazyPartsLoaded(page, language.reviewForm);
        const location = page.locator('#location');
        await expect(location.getByTestId('map-placeholder')).toContainText(property.name);
        await expect(location.getByTestId('map-placeholder')).toContainText(property.contact.address);
        await expect(location.locator('iframe')).toHaveCount(0);
        expect(outside).toEqual([]);

        // The plain link opens the map elsewhere, and sends nothing from here.
        const open = location.getByRole('link', {
          name: language.home === '/' ? 'Open in Google Maps' : 'Abrir no Google Maps',
        });
        await expect(open).toHaveAttribute('href', 'https://www.google.com/maps?q=Aldeia%20do%20Mato%2C%20Portugal');
        await expect(open).toHaveAttribute('target', '_blank');
        await expect(open).toHaveAttribute('rel', 'noopener noreferrer');

        await location.getByRole('button', { name: language.showMap }).click();
        await expect(page.frameLocator('#location iframe').locator('body')).toHaveText(MAP_STAND_IN);
        expect(
          outside.filter(
            (url) => !url.startsWith('https://www.google.com/maps?q=Aldeia%20do%20Mato%2C%20Portugal&output=embed'),
          ),
        ).toEqual([]);
        expect(outside.length).toBeGreaterThan(0);

        // Remembered in this browser: the map loads by itself on the next visit.
        outside.length = 0;
        await page.reload();
        // The map loads only near the viewport, and the page's glide to its top would undo an earlier scroll.
        await afterGlideHome(page);
        await page.locator('#location').scrollIntoViewIfNeeded();
        await expect(page.frameLocator('#location iframe').locator('body')).toHaveText(MAP_STAND_IN);
        expect(outside[0]).toMatch(/^https:\/\/www\.google\.com\/maps\?q=/);

        // Forgotten: the placeholder is back, and the next visit sends nothing anywhere again.
        await page.locator('#location').getByRole('button', { name: language.forget, exact: true }).click();
        await expect(page.locator('#location iframe')).toHaveCount(0);
        await expect(page.locator('#location').getByRole('button', { name: language.showMap })).toBeVisible();
        outside.length = 0;
        await page.reload();
        await scrollThroughPage(page);
        await lazyPartsLoaded(page, language.reviewForm);
        await expect(page.locator('#location').getByTestId('map-placeholder')).toBeVisible();
        await expect(page.locator('#location iframe')).toHaveCount(0);
        expect(outside).toEqual([]);
      });
    }
  });
}

test.describe('the registration number and the complaints book', () => {
  for (const language of LANGUAGES) {
    for (const path of [language.home, language.privacy]) {
      test(`the footer of ${path} shows them in its language`, async ({ page }) => {
        await page.goto(path);
        const footer = page.getByRole('contentinfo');
        await expect(footer.getByTestId('registration-number')).toHaveText(language.registration);
        const book = footer.getByRole('link', { name: 'Livro de Reclamações' });
        await expect(book).toHaveAttribute('href', 'https://www.livroreclamacoes.pt');
        await expect(book).toHaveAttribute('target', '_blank');
        await expect(footer.getByRole('link', { name: language.privacyLink })).toHaveAttribute(
          'href',
          language.privacy,
        );
      });
    }
  }
});

test.describe('the privacy page', () => {
  let server: BuiltServer;
  test.beforeEach(async ({ startServer }) => {
    server = await startServer({
      env: { INQUIRY_RETENTION_DAYS: '30', SUBMISSION_WINDOW_MINUTES: '20', BACKUP_KEEP_DAYS: '21' },
    });
  });

  test('states the configured durations and the controller, in English and Portuguese, without a script', async ({
    page,
  }) => {
    await page.goto(`${server.url}/privacy`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(`Privacy - ${property.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
    await expect(page.getByTestId('inquiry-retention')).toContainText(
      'deleted from the site 30 days after it was mailed to us, or 30 days after you sent it if it could not be mailed',
    );
    await expect(page.getByTestId('review-retention')).toContainText(
      'neither published nor deleted 90 days after you sent it is deleted',
    );
    await expect(page.getByTestId('log-retention')).toContainText('never hold your address');
    await expect(page.getByTestId('backup-retention')).toContainText(
      'Each copy is kept for 21 days and deleted the night after, so what is deleted from the site is gone from its copies within 21 days and a day.',
    );
    await expect(page.getByTestId('address-retention')).toContainText('20 minutes after it began');
    await expect(page.getByTestId('address-retention')).toContainText('15 minutes after it began');
    await expect(page.getByTestId('controller-name')).toHaveText(property.name);
    await expect(page.getByRole('link', { name: property.contact.email })).toHaveAttribute(
      'href',
      `mailto:${property.contact.email}`,
    );
    await expect(page.getByText('Visitors get no cookies.')).toBeVisible();
    await expect(page.locator('script')).toHaveCount(0);

    await page.getByRole('link', { name: 'Português' }).click();
    await expect(page).toHaveURL(`${server.url}/pt/privacy`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await expect(page).toHaveTitle(`Privacidade - ${property.name}`);
    await expect(page.getByTestId('inquiry-retention')).toContainText(
      'É apagado do site 30 dias depois de nos ser enviado por e-mail, ou 30 dias depois de o enviar',
    );
    await expect(page.getByTestId('review-retention')).toContainText(
      'não tenhamos publicado nem apagado 90 dias depois de a enviar é apagada',
    );
    await expect(page.getByTestId('log-retention')).toContainText('nunca contêm o seu endereço');
    await expect(page.getByTestId('backup-retention')).toContainText(
      'Cada cópia é guardada durante 21 dias e apagada na noite seguinte, pelo que o que é apagado do site desaparece das cópias em 21 dias e um dia.',
    );
    await expect(page.getByTestId('address-retention')).toContainText('20 minutos depois de começar');
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(`${server.url}/privacy`);

    // Back to the house, in the page's language.
    await page.goto(`${server.url}/pt/privacy`);
    await page.getByRole('link', { name: `Voltar à ${property.name}` }).click();
    await expect(page).toHaveURL(`${server.url}/pt/`);
  });

  for (const language of LANGUAGES) {
    test(`${language.home}: the footer and both forms lead to ${language.privacy}`, async ({ page }) => {
      await page.goto(`${server.url}${language.home}`);
      await page.getByRole('contentinfo').getByRole('link', { name: language.privacyLink }).click();
      await expect(page).toHaveURL(`${server.url}${language.privacy}`);

      await page.goto(`${server.url}${language.home}`);
      const contactLink = page.locator('#contact').getByRole('link', { name: language.privacyLink });
      await contactLink.scrollIntoViewIfNeeded();
      // The form and the calendar above the link load as they near the screen and move it: a
      // click while one arrives can land on it instead.
      await expect(page.locator('#contact [aria-busy="true"]')).toHaveCount(0);
      await contactLink.click();
      await expect(page).toHaveURL(`${server.url}${language.privacy}`);
      await expect(page.getByTestId('inquiry-retention')).toContainText('30');

      await page.goto(`${server.url}${language.home}`);
      const reviewForm = page.getByRole('form', { name: language.reviewForm });
      await page.locator('#reviews').scrollIntoViewIfNeeded();
      await reviewForm.getByRole('link', { name: language.privacyLink }).click();
      await expect(page).toHaveURL(`${server.url}${language.privacy}`);
    });
  }
});
