import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { houseToday } from '../../src/shared/dates.js';
import { weekdayOf } from '../../src/shared/quote.js';
import { AdminApi, submitBooking, submitInquiry } from '../support/browser/admin-api.js';
import { logIn } from '../support/browser/admin-login.js';
import { AdminScreens } from '../support/browser/pages/admin-screens.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';
import { stayBody } from '../support/server/stays.js';

// Every admin screen keeps to a phone's width: at 390 px the page never scrolls sideways (a wide
// table scrolls in its own box), in English and in Portuguese, with a booking, an inquiry and a
// stay whose long e-mail addresses fill the tables. Each screen's tab has its own title too, in
// the admin's language.

test.setTimeout(300_000);
test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

const PHONE = 390;
const LONG_EMAIL = 'ana.maria.figueiredo.rodrigues@correio-longo.example';

const TITLES = {
  en: {
    home: 'Admin panel',
    stays: 'Stays',
    newStay: 'New stay',
    booking: (code: string) => `Booking ${code}`,
    reports: 'Reports',
    toInvoice: 'To invoice',
    touristTax: 'Tourist tax',
    content: 'Site content',
    audit: 'Audit list',
    noMails: 'None.',
  },
  pt: {
    home: 'Painel Administrativo',
    stays: 'Estadias',
    newStay: 'Nova estadia',
    booking: (code: string) => `Reserva ${code}`,
    reports: 'Relatórios',
    toInvoice: 'A faturar',
    touristTax: 'Taxa turística',
    content: 'Conteúdo do site',
    audit: 'Registo de auditoria',
    noMails: 'Nenhuma mensagem.',
  },
} as const;
type Texts = (typeof TITLES)[keyof typeof TITLES];

/** Every admin route of src/client/app/app.tsx, with the words its tab's title starts with. */
function screens(texts: Texts, code: string): Array<[string, string]> {
  return [
    ['/admin', texts.home],
    ['/admin/stays', texts.stays],
    ['/admin/stays/new', texts.newStay],
    [`/admin/bookings/${code}`, texts.booking(code)],
    ['/admin/reports', texts.reports],
    ['/admin/to-invoice', texts.toInvoice],
    ['/admin/tourist-tax', texts.touristTax],
    ['/admin/content', texts.content],
  ];
}

/** The screen drawn with its data: its requests answered and nothing still loading. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^(Loading|A carregar)/).filter({ visible: true })).toHaveCount(0);
}

async function expectEveryScreenFits(admin: AdminScreens, texts: Texts, code: string) {
  const wide: string[] = [];
  const titles: string[] = [];
  for (const [path, title] of screens(texts, code)) {
    await admin.open(path);
    await settled(admin.page);
    const tab = await admin.page.title();
    if (!tab.startsWith(`${title} - `)) titles.push(`${path}: "${tab}", not "${title} - …"`);
    const width = await admin.page.evaluate(() => document.documentElement.scrollWidth);
    if (width > PHONE) wide.push(`${path}: ${width} px`);
    // Every e-mail address shown whole, inside the screen: wrapped, never cut off.
    const cut = await admin.page.evaluate(
      (phone) =>
        [...document.querySelectorAll('main a[href^="mailto:"]')]
          .filter((a) => [...a.getClientRects()].some((r) => r.left < 0 || r.right > phone))
          .map((a) => a.textContent ?? ''),
      PHONE,
    );
    if (cut.length > 0) wide.push(`${path}: ${cut.join(', ')} cut off`);
  }
  expect(wide, 'screens wider than the phone').toEqual([]);
  expect(titles, "tabs without their screen's title").toEqual([]);
}

/** The home's small things: one audit list, an empty group's words, no command for the owner to run. */
async function expectHome(admin: AdminScreens, texts: Texts, shot: string) {
  await admin.open('/admin');
  await settled(admin.page);
  const main = admin.page.getByRole('main');
  await expect(main.getByRole('heading', { name: texts.audit, exact: true })).toHaveCount(1);
  await expect(admin.page.getByTestId('needs-action-mails')).toContainText(texts.noMails);
  await expect(main.getByText(/npm run/)).toHaveCount(0);
  await admin.page.screenshot({ path: `test-results/admin-width/home-${shot}.png`, fullPage: true });
}

test('every admin screen fits a 390 px phone and has its own title, in English and in Portuguese', async ({
  page,
  startServer,
}) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  // A Saturday some weeks ahead: an arrival day in every season.
  let checkIn = addDays(houseToday(Date.now()), 40);
  while (weekdayOf(checkIn) !== 'sat') checkIn = addDays(checkIn, 1);
  const code = await submitBooking(server.url, {
    checkIn,
    checkOut: addDays(checkIn, 7),
    guests: 2,
    name: 'Ana Maria Figueiredo Rodrigues',
    email: LONG_EMAIL,
    country: 'PT',
    locale: 'pt-PT',
    paymentMethod: 'bank_transfer',
    acceptTerms: true,
  });
  await submitInquiry(server.url, {
    name: 'Bartholomew Featherstonehaugh',
    email: `bartholomew.featherstonehaugh@${'very-long-domain'.repeat(2)}.example`,
    message: 'Is the lake warm enough for swimming in September?',
  });
  const owner = await AdminApi.login(server.url);
  await owner.addStay(
    stayBody({
      checkIn: addDays(checkIn, 60),
      checkOut: addDays(checkIn, 63),
      email: `jonas.weber.aus.muenchen@${'sehr-lange-domain'.repeat(2)}.example`,
    }),
  );

  await logIn(page, server.url);
  const admin = new AdminScreens(page, server.url);
  await expectEveryScreenFits(admin, TITLES.en, code);
  await expectHome(admin, TITLES.en, 'en');
  await admin.switchTo('Português');
  await expectEveryScreenFits(admin, TITLES.pt, code);
  await expectHome(admin, TITLES.pt, 'pt');
});

test("the reports' charts take the screen's width, as their tables do", async ({ page, startServer }) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const owner = await AdminApi.login(server.url);
  await owner.addStay(stayBody());
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, server.url);
  const admin = new AdminScreens(page, server.url);
  // stayBody's stay is in June 2027.
  await admin.open('/admin/reports?year=2027');
  const charts = page.getByTestId('report-chart');
  await expect(charts).toHaveCount(2);
  const widths = await page.getByTestId('reports').evaluate((section) => {
    const style = getComputedStyle(section);
    const inner = section.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { inner, charts: [...section.querySelectorAll('canvas')].map((c) => c.getBoundingClientRect().width) };
  });
  expect(widths.inner).toBeGreaterThan(1000);
  for (const width of widths.charts) expect(width).toBeGreaterThanOrEqual(widths.inner - 1);
  await page.screenshot({ path: 'test-results/admin-width/reports-1280.png', fullPage: true });
});
