import { AxeBuilder } from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { weekdayOf } from '../../src/shared/quote.js';
import { AdminApi } from '../support/browser/admin-api.js';
import { AdminPanels } from '../support/browser/pages/admin-panels.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// The guest's booking page shows the terms the guest accepted: the policy as dates of the stay,
// the house rules, the no-withdrawal notice, the owner's legal identity and the AL number; the
// owner's admin shows the same stored terms after the policy was changed in the editor
// (docs/decisions/0035-terms-snapshot.md).

const today = () => new Date().toISOString().slice(0, 10);
/** A week from a Saturday at least `days` ahead: every season's rules allow it. */
const weekFrom = (days: number) => {
  let day = addDays(today(), days);
  while (weekdayOf(day) !== 'sat') day = addDays(day, 1);
  return { checkIn: day, checkOut: addDays(day, 7) };
};
const longDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

const OWNER = {
  name: 'Maria Santos (example)',
  address: 'Rua do Lago 1, Aldeia do Mato, 2200-000 Abrantes, Portugal',
};
const PAGES = {
  en: {
    tiers: (checkIn: string) => [
      `Until ${longDay(addDays(checkIn, -60), 'en')}: full refund.`,
      `From ${longDay(addDays(checkIn, -59), 'en')} to ${longDay(addDays(checkIn, -30), 'en')}: 50% of what you paid is refunded.`,
      `From ${longDay(addDays(checkIn, -29), 'en')}: no refund.`,
    ],
    rules: /^No parties or events\./,
    noWithdrawal: /^A booking for set dates carries no right of withdrawal/,
    party: ['Your contract is with', 'NIF (tax number): 123456789', 'Alojamento Local registration: 154321/AL'],
  },
  'pt-PT': {
    tiers: (checkIn: string) => [
      `Até ${longDay(addDays(checkIn, -60), 'pt-PT')}: reembolso total.`,
      `De ${longDay(addDays(checkIn, -59), 'pt-PT')} a ${longDay(addDays(checkIn, -30), 'pt-PT')}: reembolso de 50% do valor pago.`,
      `A partir de ${longDay(addDays(checkIn, -29), 'pt-PT')}: sem reembolso.`,
    ],
    rules: /^Não são permitidas festas nem eventos\./,
    noWithdrawal: /^Uma reserva para datas determinadas não confere direito de livre resolução/,
    party: ['O seu contrato é com', 'NIF: 123456789', 'Registo de Alojamento Local: 154321/AL'],
  },
} as const;

async function call(url: string, path: string, init: { method?: string; cookie?: string; body?: unknown } = {}) {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: url,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Phone and desktop screenshots of what is on screen now, kept with the test's results. */
async function screens(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the guest page shows the accepted terms as dates, the owner and the AL number; the admin shows the stored terms after the policy changed', async ({
  page,
  startServer,
}, testInfo) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const admin = await AdminApi.login(server.url);
  const bookings: Array<{ locale: keyof typeof PAGES; code: string; url: string; checkIn: string }> = [];
  for (const [i, locale] of (['en', 'pt-PT'] as const).entries()) {
    const stay = weekFrom(100 + 14 * i);
    const created = await call(server.url, '/api/bookings', {
      method: 'POST',
      body: {
        ...stay,
        guests: 2,
        name: locale === 'en' ? 'Ana Terms' : 'João Termos',
        email: `terms-${locale}@example.com`,
        country: 'DE',
        locale,
        paymentMethod: 'bank_transfer',
        acceptTerms: true,
      },
    });
    await call(server.url, `/api/admin/bookings/${created.code as string}/mark-paid`, {
      method: 'POST',
      cookie: admin.cookie,
      body: { amountCents: created.dueNowCents },
    });
    bookings.push({ locale, code: created.code as string, url: created.bookingUrl as string, checkIn: stay.checkIn });
  }

  // The owner publishes another policy: 90+ days 100 %, later nothing.
  const state = (await call(server.url, '/api/admin/content', { cookie: admin.cookie })) as {
    published: { version: number; content: { booking: Record<string, unknown> } };
  };
  const content = state.published.content;
  const saved = await call(server.url, '/api/admin/content/draft', {
    method: 'PUT',
    cookie: admin.cookie,
    body: {
      baseVersion: state.published.version,
      content: {
        ...content,
        booking: {
          ...content.booking,
          cancellation: [
            { daysBeforeArrival: 90, refundPercent: 100 },
            { daysBeforeArrival: 0, refundPercent: 0 },
          ],
        },
      },
    },
  });
  await call(server.url, '/api/admin/content/publish', {
    method: 'POST',
    cookie: admin.cookie,
    body: { baseVersion: saved.baseVersion },
  });

  for (const booking of bookings) {
    const texts = PAGES[booking.locale];
    await page.goto(booking.url);
    const terms = page.getByTestId('booking-terms');
    await expect(terms.getByTestId('terms-cancellation').getByRole('listitem')).toHaveText(
      texts.tiers(booking.checkIn),
    );
    await expect(terms.getByTestId('terms-house-rules')).toHaveText(texts.rules);
    await expect(terms.getByTestId('terms-no-withdrawal')).toHaveText(texts.noWithdrawal);
    await expect(terms).toContainText(texts.party[0]);
    const party = terms.getByTestId('terms-party');
    for (const line of [OWNER.name, OWNER.address, texts.party[1], texts.party[2]])
      await expect(party).toContainText(line);
    await screens(page, testInfo, `guest-${booking.locale}`);
  }

  const panels = new AdminPanels(page);
  await panels.logIn(server.url);
  const item = panels.bookings.getByTestId('admin-booking').filter({ hasText: bookings[0]!.code });
  await item.getByText('Terms accepted').click();
  const stored = item.getByTestId('admin-booking-terms');
  await expect(stored).toContainText('60+ days before arrival: 100% back');
  await expect(stored).toContainText('30+ days before arrival: 50% back');
  await expect(stored).not.toContainText('90+ days');
  await expect(stored).toContainText('deposit 30%, balance 30 days before arrival');
  await expect(stored).toContainText(PAGES.en.tiers(bookings[0]!.checkIn)[0]!);
  await expect(stored).toContainText('No parties or events.');
  await item.scrollIntoViewIfNeeded();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await item.screenshot({ path: testInfo.outputPath(`admin-terms-${width}.png`) });
  }
});

const SWITCHED = {
  en: {
    other: 'Português',
    otherLang: 'pt-PT',
    policyTitle: 'Cancellation policy',
    note: 'Estes termos são apresentados em English, a língua em que os aceitou.',
  },
  'pt-PT': {
    other: 'English',
    otherLang: 'en',
    policyTitle: 'Política de cancelamento',
    note: 'These terms are shown in Português, the language in which you accepted them.',
  },
} as const;

test('the accepted terms stay in the language they were accepted in when the guest reads the page in another', async ({
  page,
  startServer,
}, testInfo) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  for (const [i, locale] of (['en', 'pt-PT'] as const).entries()) {
    const stay = weekFrom(120 + 14 * i);
    const created = await call(server.url, '/api/bookings', {
      method: 'POST',
      body: {
        ...stay,
        guests: 2,
        name: 'Ana Língua',
        email: `lang-${locale}@example.com`,
        country: 'PT',
        locale,
        paymentMethod: 'bank_transfer',
        acceptTerms: true,
      },
    });
    const words = SWITCHED[locale];
    await page.goto(created.bookingUrl as string);
    const terms = page.getByTestId('booking-terms');
    await expect(terms.getByTestId('terms-language')).toHaveCount(0);
    await page.getByRole('link', { name: words.other }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', words.otherLang);
    // The page speaks the other language; the terms, all of them, the booking's.
    await expect(terms).toHaveAttribute('lang', locale);
    await expect(terms.getByTestId('terms-language')).toHaveText(words.note);
    await expect(terms.getByTestId('terms-language')).toHaveAttribute('lang', words.otherLang);
    await expect(terms.getByRole('heading', { level: 2 }).first()).toHaveText(words.policyTitle);
    await expect(terms.getByTestId('terms-cancellation').getByRole('listitem')).toHaveText(
      PAGES[locale].tiers(stay.checkIn),
    );
    await expect(terms.getByTestId('terms-house-rules')).toHaveText(PAGES[locale].rules);
    await expect(terms.getByTestId('terms-no-withdrawal')).toHaveText(PAGES[locale].noWithdrawal);
    for (const line of PAGES[locale].party.slice(1)) await expect(terms).toContainText(line);
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="booking-terms"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations).toEqual([]);
    await screens(page, testInfo, `terms-${locale}-read-in-${words.otherLang}`);
  }
});
