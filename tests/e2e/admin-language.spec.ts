import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { logIn } from '../support/browser/admin-login.js';
import { AdminApi } from '../support/browser/admin-api.js';
import { AdminScreens } from '../support/browser/pages/admin-screens.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { stayBody } from '../support/server/stays.js';

// The owner's language for the admin (docs/decisions/0046-admin-language.md): an owner whose
// browser speaks English opens the admin in English, switches to Português, and every admin screen
// then speaks Portuguese, `<html lang="pt-PT">` included; the choice is the server's, so a new
// browser (a new login) opens in Portuguese too; switching back to English sticks as well. On a
// phone and a desktop, axe clean.

test.setTimeout(240_000);
test.use({ locale: 'en-US' });

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

const TEXTS = {
  en: {
    lang: 'en',
    title: 'Admin panel',
    logOut: 'Log out',
    home: 'Bookings',
    stays: 'Stays',
    newStay: 'New stay',
    booking: (code: string) => `Booking ${code}`,
    reports: /^Reports \d{4}$/,
    toInvoice: 'To invoice by hand',
    // The booking's dates, party and status in words (stayBody: 7 to 10 June 2027, 2 adults and a child, paid on Airbnb).
    stay: 'Jun 7, 2027 – Jun 10, 2027, 3 guests',
    status: 'paid',
  },
  pt: {
    lang: 'pt-PT',
    title: 'Painel Administrativo',
    logOut: 'Sair',
    home: 'Reservas',
    stays: 'Estadias',
    newStay: 'Nova estadia',
    booking: (code: string) => `Reserva ${code}`,
    reports: /^Relatórios \d{4}$/,
    toInvoice: 'A faturar à mão',
    stay: '7 jun. 2027 – 10 jun. 2027, 3 hóspedes',
    status: 'paga',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** The header of the screen, in `texts`' language. */
async function expectHeader(admin: AdminScreens, texts: Texts) {
  await expect(admin.htmlLang()).toHaveAttribute('lang', texts.lang);
  await expect(admin.title).toHaveText(texts.title);
  await expect(admin.header.getByRole('button', { name: texts.logOut, exact: true })).toBeVisible();
}

/** Every admin screen, each with its header and its own heading in `texts`' language. */
async function expectEveryScreen(admin: AdminScreens, texts: Texts, code: string, shots: string) {
  const screens: Array<[string, string | RegExp | undefined]> = [
    ['/admin', texts.home],
    ['/admin/stays', texts.stays],
    ['/admin/stays/new', texts.newStay],
    [`/admin/bookings/${code}`, texts.booking(code)],
    ['/admin/reports', texts.reports],
    ['/admin/to-invoice', texts.toInvoice],
    // The tourist tax panel's own texts are another change's (admin-pt-panels.spec.ts): the header here.
    ['/admin/tourist-tax', undefined],
  ];
  for (const [path, heading] of screens) {
    await admin.open(path);
    await expectHeader(admin, texts);
    if (heading) await expect(admin.heading(heading).first()).toBeVisible();
  }
  await admin.open(`/admin/bookings/${code}`);
  await expect(admin.heading(texts.booking(code))).toBeVisible();
  const booking = admin.page.getByTestId('admin-booking');
  await expect(booking).toContainText(texts.stay);
  await expect(booking.getByTestId('admin-booking-status')).toHaveText(texts.status);
  await expectAxeClean(admin.page);
  await admin.page.screenshot({ path: `test-results/e2e/admin-language-booking-${shots}.png`, fullPage: true });
  // The editor keeps a header of its own until it joins the frame; it speaks the chosen language.
  await admin.page.goto(`${admin.url}/admin/content`);
  await expect(admin.htmlLang()).toHaveAttribute('lang', texts.lang);
}

async function newOwnerPage(browser: Browser, url: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ locale: 'en-US', viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await logIn(page, url);
  return { context, admin: new AdminScreens(page, url) };
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`an English browser's owner switches the admin to Português, which every screen and a new login keep (${size})`, async ({
    page,
    browser,
    startServer,
  }) => {
    const server = await startServer();
    const owner = await AdminApi.login(server.url);
    const created = await fetch(`${server.url}/api/admin/stays`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify(stayBody()),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { code } = (await created.json()) as { code: string };

    await page.setViewportSize(viewport);
    await logIn(page, server.url);
    const admin = new AdminScreens(page, server.url);
    // Never chosen: the browser's language.
    await expectHeader(admin, TEXTS.en);
    await expect(admin.heading(TEXTS.en.home)).toBeVisible();
    await expect(admin.language('English')).toHaveAttribute('aria-pressed', 'true');
    await expectAxeClean(page);

    // The switch redraws the screen at once, without a reload.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await admin.switchTo('Português');
    await expectHeader(admin, TEXTS.pt);
    await expect(admin.heading(TEXTS.pt.home)).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expectAxeClean(page);
    await page.screenshot({ path: `test-results/e2e/admin-language-home-pt-${size}.png`, fullPage: true });
    await expectEveryScreen(admin, TEXTS.pt, code, `pt-${size}`);

    // Another browser, a new login: the owner's choice, kept by the server.
    const other = await newOwnerPage(browser, server.url, viewport);
    try {
      await expectHeader(other.admin, TEXTS.pt);
      await expect(other.admin.heading(TEXTS.pt.home)).toBeVisible();
      await other.admin.switchTo('English');
      await expectHeader(other.admin, TEXTS.en);
      await expect(other.admin.heading(TEXTS.en.home)).toBeVisible();
      await expectEveryScreen(other.admin, TEXTS.en, code, `en-${size}`);
    } finally {
      await other.context.close();
    }
    // The first browser reads the choice again at its next load.
    await admin.open('/admin');
    await expectHeader(admin, TEXTS.en);
  });
}
