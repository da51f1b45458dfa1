import { AxeBuilder } from '@axe-core/playwright';
import { addDays } from '../../src/shared/date-ranges.js';
import { weekdayOf } from '../../src/shared/quote.js';
import { formatAmount } from '../../src/shared/quote-text.js';
import { AdminApi } from '../support/browser/admin-api.js';
import { BookingPanel, type PanelLocale } from '../support/browser/pages/booking-panel.js';
import { expect, mailEnv, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// One party from the panel to the stored booking: the guest chooses 6 guests in the panel, lowers
// the adults to 4 in the booking form, and the summary, the price, the panel behind, the stored
// booking and the guest's mail all say 4. The site takes transfers only, so nothing is charged
// when the form is sent, and its button says "Book", not "Book and pay".

const WORDS = {
  en: {
    summary: (n: number) => `7 nights · ${n} guests`,
    adults: 'Adults (18 or older)',
    book: 'Book',
    mail: '4 guests',
  },
  'pt-PT': {
    summary: (n: number) => `7 noites · ${n} hóspedes`,
    adults: 'Adultos (18 anos ou mais)',
    book: 'Reservar',
    mail: '4 hóspedes',
  },
} as const;

const today = () => new Date().toISOString().slice(0, 10);
/** A week from a Saturday at least `days` ahead: every season's rules allow it. */
const weekFrom = (days: number) => {
  let day = addDays(today(), days);
  while (weekdayOf(day) !== 'sat') day = addDays(day, 1);
  return { checkIn: day, checkOut: addDays(day, 7) };
};

for (const locale of ['en', 'pt-PT'] as const satisfies readonly PanelLocale[]) {
  const words = WORDS[locale];

  test(`changing the party in the booking form changes its summary, its price and what is stored, in ${locale}`, async ({
    page,
    startServer,
    mailSink,
  }, testInfo) => {
    const server = await startServer({ env: { CONTENT_DIR: bookingContentDir(), ...mailEnv(mailSink) } });
    const stay = weekFrom(locale === 'en' ? 63 : 77);
    const quoteTotal = async (adults: number) => {
      const query = `checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&adults=${adults}&locale=${locale}`;
      return ((await (await page.request.get(`${server.url}/api/quote?${query}`)).json()) as { total: number }).total;
    };
    const [six, four] = [await quoteTotal(6), await quoteTotal(4)];
    // The demo house charges each guest from the fifth: the two parties' prices differ.
    expect(six).toBeGreaterThan(four);
    const money = (cents: number) => formatAmount(cents, 'EUR', locale);

    const panel = new BookingPanel(page, locale);
    await panel.open(server.url);
    await panel.chooseGuests(6);
    await panel.pickStay(stay, today());
    const form = await panel.reserve();
    const summary = form.getByTestId('stay-summary');
    const plan = form.getByTestId('booking-plan');
    await expect(summary).toContainText(words.summary(6));
    await expect(plan).toContainText(money(six));

    await form.getByLabel(words.adults, { exact: true }).selectOption('4');
    await expect(summary).toContainText(words.summary(4));
    await expect(plan).toContainText(money(four));
    await expect(plan).not.toContainText(money(six));
    // The panel behind the dialog says the same party.
    await expect(panel.panel.getByLabel(panel.texts.guests)).toHaveValue('4');
    for (const [width, size] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(size);
      await summary.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`party-${locale}-${width}.png`) });
    }

    await panel.fillDetails({ name: 'Rui Grupo', email: 'rui@example.com', country: 'PT' });
    await form.getByLabel(panel.texts.accept).check();
    // Paid by transfer later: nothing is charged by this button.
    await expect(form.getByRole('button', { name: panel.texts.submit })).toHaveCount(0);
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="booking-form"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations).toEqual([]);
    const book = form.getByRole('button', { name: words.book, exact: true });
    await book.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`party-${locale}-button.png`) });
    await book.click();
    const reference = await page.getByTestId('booking-result').getByTestId('bank-reference').textContent();
    expect(reference).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{2}$/);

    const admin = await AdminApi.login(server.url);
    const stored = (await (
      await fetch(`${server.url}/api/admin/bookings/${reference}`, { headers: { cookie: admin.cookie } })
    ).json()) as { guests: number; totalCents: number; quote: { total: number } };
    expect(stored).toMatchObject({ guests: 4, totalCents: four, quote: { total: four } });
    // The guest's mail is for the same party.
    await expect
      .poll(
        () =>
          mailSink.received.filter(
            (m) => m.parsed.text?.includes(reference as string) && m.parsed.text.includes(words.mail),
          ).length,
      )
      .toBeGreaterThan(0);
  });
}
