import type { Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { formatDayIn, houseToday } from '../../src/shared/dates.js';
import { SmtpSink } from '../support/server/smtp-sink.js';
import { expect, mailEnv, test } from '../support/browser/test-fixtures.js';
import { islandHydrated, VIEWPORTS } from '../support/browser/landing-helpers.js';
import { LandingPage } from '../support/browser/pages/landing-page.js';
import { seedApprovedReviews } from '../support/browser/admin-api.js';
import { type BuiltServer, startServer } from '../support/browser/built-server.js';

// The English interface strings /pt/ must never show: in the served HTML, after hydration, and after
// sending an inquiry and a review. Whole words, case-sensitive ("Contacto" is not "Contact").
const ENGLISH = [
  'Home',
  'About',
  'Gallery',
  'Amenities',
  'Location',
  'Contact',
  'Book Now',
  'CHECK AVAILABILITY',
  'About the House',
  'Guest Reviews',
  'Contact Us',
  'Send Message',
  'Full Name',
  'Share Your Experience',
  'Submit Review',
  'Read more',
  'No reviews found.',
  'Message Sent!',
  'We usually reply within a few hours!',
];
const englishIn = (text: string) =>
  ENGLISH.filter((phrase) => new RegExp(`(^|\\W)${phrase.replace(/[.!?]/g, '\\$&')}(?=\\W|$)`).test(text));

const servedText = (html: string) =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'");
const pageText = (page: Page) => page.locator('#root').evaluate((root) => root.textContent ?? '');

let sink: SmtpSink;
let server: BuiltServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  sink = await SmtpSink.start();
  server = await startServer({ env: { ...mailEnv(sink), SUBMISSIONS_PER_WINDOW: '1000' } });
});
test.afterAll(async () => {
  await server.stop();
  await sink.stop();
});

test('the ENGLISH list catches the strings / shows, so its absence on /pt/ means something', async ({ request }) => {
  const english = servedText(await (await request.get(`${server.url}/`)).text());
  expect(englishIn(english)).toEqual(
    ENGLISH.filter(
      (phrase) =>
        ![
          'Share Your Experience',
          'Submit Review',
          'Read more',
          'No reviews found.',
          'Message Sent!',
          'Send Message',
          'Full Name',
        ].includes(phrase),
    ),
  );
});

test('/pt/ is served in Portuguese, complete without JavaScript', async ({ request }) => {
  const response = await request.get(`${server.url}/pt/`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<html lang="pt-PT">');
  expect(englishIn(servedText(html))).toEqual([]);
  for (const portuguese of [
    'O seu recanto tranquilo no lago de Castelo de Bode',
    'Sobre a casa',
    'Contacte-nos',
    'VER DISPONIBILIDADE',
    'Costumamos responder em poucas horas!',
    'Check-in: das 15:00 às 20:00',
  ]) {
    expect(servedText(html)).toContain(portuguese);
  }
  expect((await request.get(`${server.url}/pt`, { maxRedirects: 0 })).headers().location).toBe('/pt/');
});

test('/pt/ stays Portuguese after hydration, and an inquiry and a review from it succeed in Portuguese', async ({
  page,
  consoleErrors,
}) => {
  sink.received.length = 0;
  await page.goto(`${server.url}/pt/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const inquiry = page.getByRole('form', { name: 'Pedido de reserva' });
  const review = page.getByRole('form', { name: 'Partilhe a sua experiência' });
  await expect(inquiry).toBeVisible();
  await expect(review).toBeVisible();
  await expect(page.getByText('Ainda não há opiniões.')).toBeVisible();
  expect(englishIn(await pageText(page))).toEqual([]);

  // The form's own check, in Portuguese: the browser lets a@b through, the shared schema does not.
  await inquiry.getByLabel('Nome completo').fill('Rui Costa');
  await inquiry.getByLabel('E-mail').fill('rui@localhost');
  await inquiry.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(inquiry.getByLabel('E-mail')).toHaveAccessibleDescription('Indique um endereço de e-mail válido');
  await inquiry.getByLabel('E-mail').fill('rui@example.pt');
  await inquiry.getByLabel('Mensagem').fill('Olá! A casa tem berço?');
  await inquiry.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByRole('heading', { name: 'Mensagem enviada!' })).toBeVisible();
  const [mail] = await sink.waitFor(1);
  expect(mail!.parsed.text).toContain('Language: Português');

  await review.getByRole('button', { name: 'Enviar opinião' }).click();
  await expect(review.getByLabel('Nome', { exact: true })).toHaveAccessibleDescription('Indique o seu nome');
  await review.getByLabel('Nome', { exact: true }).fill('Marta');
  await review.getByLabel('A sua opinião').fill('Uma casa maravilhosa, voltaremos!');
  await review.getByRole('button', { name: 'Enviar opinião' }).click();
  await expect(page.getByRole('heading', { name: 'Obrigado pela sua opinião!' })).toBeFocused();
  await expect(page.getByText('Será lida antes de ser publicada.')).toBeVisible();

  expect(englishIn(await pageText(page))).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a refused inquiry from /pt/ says why in Portuguese (rate limit)', async ({ page }) => {
  const strict = await startServer({ env: { ...mailEnv(sink), SUBMISSIONS_PER_WINDOW: '1' } });
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.goto(`${strict.url}/pt/`);
      await page.locator('#contact').scrollIntoViewIfNeeded();
      const inquiry = page.getByRole('form', { name: 'Pedido de reserva' });
      await inquiry.getByLabel('Nome completo').fill('Beatriz');
      await inquiry.getByLabel('E-mail').fill('beatriz@example.pt');
      await inquiry.getByRole('button', { name: 'Enviar mensagem' }).click();
      if (attempt === 0) await expect(page.getByRole('heading', { name: 'Mensagem enviada!' })).toBeVisible();
      else
        await expect(inquiry.getByRole('alert')).toHaveText(
          /^Não foi possível enviar a sua mensagem: Demasiados envios\. Tente novamente daqui a \d+ minutos?\.$/,
        );
    }
  } finally {
    await strict.stop();
  }
});

test.describe('the language switcher', () => {
  test('works without JavaScript, both ways', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: server.url,
      javaScriptEnabled: false,
      viewport: VIEWPORTS.desktop,
    });
    const page = await context.newPage();
    await page.goto('/');
    const toPortuguese = page.getByRole('banner').getByRole('link', { name: 'Português' });
    await expect(toPortuguese).toHaveAttribute('hreflang', 'pt-PT');
    await expect(toPortuguese).toHaveAttribute('lang', 'pt-PT');
    await toPortuguese.click();
    await expect(page).toHaveURL(`${server.url}/pt/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await expect(page.getByRole('heading', { name: 'Contacte-nos' })).toBeAttached();
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeAttached();
    await context.close();
  });

  test('keeps the section the visitor is at', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const landing = new LandingPage(page, 'pt-PT');
    // The link keeps the section once the header runs; before, it is a plain link to the other page's top.
    await landing.gotoWithHeader(server.url);
    await landing.nav.getByRole('link', { name: 'Localização' }).click();
    await expect(page).toHaveURL(/\/pt\/#location$/);
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(`${server.url}/#location`);
    await expect(page.getByRole('heading', { name: 'Location', exact: true })).toBeInViewport();
  });

  test('is in the mobile drawer too', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${server.url}/#amenities`);
    const landing = new LandingPage(page);
    await landing.islandHydrated('header');
    await landing.openMenu();
    const link = landing.menu.getByRole('link', { name: 'Português' });
    await expect(link).toHaveAttribute('hreflang', 'pt-PT');
    await link.click();
    await expect(page).toHaveURL(`${server.url}/pt/#amenities`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  });
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`/pt/ has no serious or critical axe violation, ${name}`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/pt/');
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await expect(page.getByRole('form', { name: 'Pedido de reserva' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Partilhe a sua experiência' })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`);
    expect(serious).toEqual([]);
    await context.close();
  });
}

test('/pt/ writes review dates and the date picker in European Portuguese', async ({ page }) => {
  await seedApprovedReviews(server.url, [{ clientName: 'Inês Data', rating: 5, comment: 'Tudo impecável.' }]);
  await page.goto(`${server.url}/pt/`);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const date = page.getByTestId('review-card').filter({ hasText: 'Inês Data' }).locator('time');
  const createdAt = await date.getAttribute('datetime');
  expect(createdAt).not.toBeNull();
  // The site's long Portuguese form, of the day at the house.
  await expect(date).toHaveText(formatDayIn(houseToday(Date.parse(createdAt!)), 'pt-PT'));

  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.getByRole('form', { name: 'Pedido de reserva' }).getByLabel('Check-in').click();
  const month = new Intl.DateTimeFormat('pt-PT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).formatToParts(
    new Date(),
  );
  const monthName = month.find((part) => part.type === 'month')!.value;
  const calendar = page.getByRole('dialog', { name: 'Escolha o dia de chegada' });
  await expect(calendar.getByRole('status')).toContainText(monthName, { ignoreCase: true });
  await expect(calendar.getByRole('grid').locator('thead')).not.toContainText('Mo');
  await expect(calendar.getByRole('button', { name: 'Mês seguinte' })).toBeVisible();
});

test('/pt/ shows and reads a typed day as "5 jan. 2027"; Enter in a date field confirms or opens it, never sends', async ({
  page,
}) => {
  await page.goto(`${server.url}/pt/`);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  // Keys typed before the form's island runs reach a plain input that reads nothing.
  await islandHydrated(page, 'inquiry');
  const form = page.getByRole('form', { name: 'Pedido de reserva' });
  const inTwoMonths = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 5));
  const month = new Intl.DateTimeFormat('pt-PT', { month: 'long', timeZone: 'UTC' }).format(inTwoMonths);
  const shown = `5 ${month.slice(0, 3)}. ${inTwoMonths.getUTCFullYear()}`;
  await form.getByLabel('Nome completo').fill('Teclado Apenas');
  await form.getByLabel('E-mail').fill('teclado@example.com');
  const checkIn = form.getByLabel('Check-in', { exact: true });
  await checkIn.focus();
  // Typed without the abbreviation's full stop, it is read and shown with it.
  await page.keyboard.type(shown.replace('.', ''));
  await page.keyboard.press('Enter');
  await expect(checkIn).toHaveValue(shown);
  await expect(checkIn).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Mensagem enviada!' })).toHaveCount(0);
  await expect(form.getByText('Verifique')).toHaveCount(0);

  const checkOut = form.getByLabel('Check-out', { exact: true });
  await checkOut.focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Escolha o dia de partida' });
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await page.keyboard.press('Space');
  await expect(calendar).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mensagem enviada!' })).toHaveCount(0);
});

test.describe("the calendars speak the page's language", () => {
  const EN_MONTHS = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const PT_MONTHS = [
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ];
  for (const browserLocale of ['en-US', 'en-GB', 'de-DE']) {
    test(`the month caption on / is English and on /pt/ Portuguese, in a ${browserLocale} browser`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ baseURL: server.url, locale: browserLocale });
      const page = await context.newPage();
      for (const [path, months, weekday] of [
        ['/', EN_MONTHS, /^(Su|Mo|Tu|We|Th|Fr|Sa)$/],
        ['/pt/', PT_MONTHS, /^(dom|seg|ter|qua|qui|sex|sáb)$/],
      ] as const) {
        await page.goto(path);
        await page.locator('#contact').scrollIntoViewIfNeeded();
        const calendar = page.getByTestId('availability-calendar');
        const caption = calendar.locator('.rdp-caption_label').first();
        await expect(caption).toHaveText(new RegExp(`^(${months.join('|')}) (de )?\\d{4}$`));
        await expect(calendar.locator('.rdp-weekday').first()).toHaveText(weekday);
      }
      await context.close();
    });
  }
});
