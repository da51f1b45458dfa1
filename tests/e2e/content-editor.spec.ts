import { AxeBuilder } from '@axe-core/playwright';
import { ContentEditor } from '../support/browser/pages/content-editor.js';
import { expect, test } from '../support/browser/test-fixtures.js';

// A Summer stay (the content's season from 07-01 to 08-31, arrivals on Saturdays) next year.
function summerSaturday(): string {
  const year = new Date().getUTCFullYear() + 1;
  const day = new Date(Date.UTC(year, 6, 1));
  while (day.getUTCDay() !== 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('the owner changes the headline and the Summer price, publishes, and restores the first version as a draft', async ({
  page,
  startServer,
}) => {
  const server = await startServer();
  const checkIn = summerSaturday();
  const quoteUrl = `${server.url}/api/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 7)}&guests=2`;
  // The week's nights by price: Summer charges 180 € every night, Fridays and Saturdays included.
  const summerNights = async () =>
    ((await (await page.request.get(quoteUrl)).json()) as { lines: { kind: string; unitAmount: number }[] }).lines
      .filter((line) => line.kind === 'nights')
      .map((line) => line.unitAmount);
  expect(await summerNights()).toEqual([18000]);

  const editor = new ContentEditor(page);
  await editor.open(server.url);
  await expect(editor.status).toContainText('Live: version 1. No draft.');
  await editor.text('Headline', 'en').fill('A new headline for the lake house');
  const summer = editor.season(1);
  await expect(summer.getByLabel('Name (English)')).toHaveValue('Summer');
  await summer.getByLabel('Night (€)', { exact: true }).fill('190');
  // The quote beside the prices follows what is typed, before anything is saved.
  await editor.form.getByLabel('Check-in', { exact: true }).fill(checkIn);
  await editor.form.getByLabel('Check-out', { exact: true }).fill(addDays(checkIn, 7));
  await expect(editor.form.getByTestId('editor-quote')).toContainText('7 nights');
  await expect(editor.status).toContainText('Unsaved edits.');

  await editor.saveDraft();
  await expect(editor.status).toContainText('Draft saved');
  expect(await summerNights()).toEqual([18000]);
  await editor.publish();
  await expect(editor.status).toContainText('Live: version 2. No draft.');
  // The weekday nights take the new price; Friday and Saturday keep their own 180 €.
  expect(await summerNights()).toEqual([18000, 19000]);
  await expect(editor.text('Headline', 'en')).toHaveValue('A new headline for the lake house');
  // A guest's page, rendered by the server from the published version, shows the new headline.
  const guest = await page.context().newPage();
  await guest.goto(`${server.url}/`);
  await expect(guest.getByRole('heading', { level: 1 })).toContainText('A new headline for the lake house');
  await guest.close();

  // The history names both versions and what version 1 had that the live one changed.
  await expect(editor.versions.getByRole('listitem')).toHaveCount(2);
  await editor.versions.getByRole('button', { name: 'Changes from version 1 to the live one' }).click();
  await expect(editor.changes).toContainText('hero.headline.en');
  await expect(editor.changes).toContainText('pricing.seasons.0.nightly: 18000 → 19000');
  await editor.versions.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(editor.status).toContainText('Live: version 2. Draft saved');
  await expect(editor.season(1).getByLabel('Night (€)', { exact: true })).toHaveValue('180.00');
  // Restored as a draft only: the live price stays until it is published.
  expect(await summerNights()).toEqual([18000, 19000]);
});

test('a mistake is named on its field and language, and a second tab that saves an older draft is told so', async ({
  page,
  context,
  startServer,
}) => {
  const server = await startServer();
  const editor = new ContentEditor(page);
  await editor.open(server.url);
  await editor.text('Headline', 'en').fill('');
  await editor.text('Headline', 'pt-PT').fill('Só em português');
  await editor.saveDraft();
  await expect(editor.alert).toContainText('1 field needs attention before saving.');
  await expect(editor.text('Headline', 'en')).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.text('Headline', 'en')).toHaveAccessibleDescription('missing the en translation');
  await editor.text('Headline', 'en').fill('Headline from the first tab');

  const other = new ContentEditor(await context.newPage());
  await other.page.goto(`${server.url}/admin/content`);
  await expect(other.status).toContainText('Live: version 1. No draft.');
  await other.text('Headline', 'en').fill('Headline from the second tab');

  await editor.saveDraft();
  await expect(editor.status).toContainText('Draft saved');
  await other.saveDraft();
  await expect(other.alert).toContainText('changed in another tab');
  // Nothing was lost silently: the second tab keeps its text until its owner loads the latest draft.
  await expect(other.text('Headline', 'en')).toHaveValue('Headline from the second tab');
  await other.alert.getByRole('button', { name: 'Load the latest draft' }).click();
  await expect(other.text('Headline', 'en')).toHaveValue('Headline from the first tab');
});

test('the owner reorders the amenities by keyboard, adds a cancellation tier, changes the house rules and the AL number, drops the tourist tax; guests see them', async ({
  page,
  startServer,
}) => {
  const server = await startServer();
  const editor = new ContentEditor(page);
  await editor.open(server.url);
  const axe = await new AxeBuilder({ page })
    .include('form[aria-label="Site content"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The second amenity goes first, by keyboard; the focus follows it to its new place.
  await expect(editor.item('Amenity 2').getByLabel('Title (English)')).toHaveValue('Nature & Peace');
  await editor.item('Amenity 2').getByRole('button', { name: 'Move amenity 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor.item('Amenity 1').getByLabel('Title (English)')).toHaveValue('Nature & Peace');
  await expect(editor.item('Amenity 2').getByLabel('Title (English)')).toHaveValue('Private Lake Access');
  await expect(editor.item('Amenity 1').getByRole('button', { name: 'Move amenity 1 down' })).toBeFocused();
  await expect(editor.item('Amenity 1').getByLabel('Icon')).toHaveValue('trees');

  const booking = editor.section('Booking and payment');
  await booking.getByRole('button', { name: 'Add a cancellation tier' }).click();
  await editor.item('Cancellation tier 4').getByLabel('Days before arrival, at least').fill('14');
  await editor.item('Cancellation tier 4').getByLabel('Refund (%)').fill('25');
  await booking.getByLabel('Hours an offer holds the dates').fill('72');
  await editor.text('House rules', 'en').fill('No parties. Dogs are welcome by arrangement.');
  await editor.text('House rules', 'pt-PT').fill('Sem festas. Cães bem-vindos mediante acordo.');
  await editor.form.getByLabel('AL registration number').fill('98765/AL');
  // An optional charge unticked is left out of the content (the sample house, in Abrantes, has none).
  await editor.form.getByRole('checkbox', { name: 'Charge a tourist tax' }).check();
  await editor.form.getByLabel('Tourist tax per guest and night (€)').fill('2.50');
  await editor.form.getByRole('checkbox', { name: 'Charge a tourist tax' }).uncheck();
  await expect(editor.form.getByLabel('Tourist tax per guest and night (€)')).toHaveCount(0);
  // The unit's details for the police's bulletin, which no page shows.
  const unit = editor.section('Mail colours and the SIBA unit');
  await unit.getByRole('checkbox', { name: "The unit's details for the foreigners' bulletin (SIBA)" }).check();
  await unit.getByLabel('NIF').fill('123456789');
  await unit.getByLabel('Street address').fill('Rua do Lago, 12');
  await unit.getByLabel('Town').fill('Tomar');
  await unit.getByLabel('Postcode').fill('2300');
  await unit.getByLabel('Contact person').fill('Ana Silva');

  // A tier's refund above 100 % is named on its own field before anything is saved.
  await editor.item('Cancellation tier 4').getByLabel('Refund (%)').fill('250');
  await editor.saveDraft();
  // The refund and the SIBA postcode: the count's plural comes from the catalog.
  await expect(editor.alert).toContainText('2 fields need attention before saving.');
  await expect(editor.item('Cancellation tier 4').getByLabel('Refund (%)')).toHaveAccessibleDescription(
    'must be from 0 to 100',
  );
  await editor.item('Cancellation tier 4').getByLabel('Refund (%)').fill('25');
  await expect(unit.getByLabel('Postcode')).toHaveAccessibleDescription(/must be a Portuguese postcode/);
  await unit.getByLabel('Postcode').fill('2300-123');

  await editor.publish();
  await expect(editor.status).toContainText('Live: version 2. No draft.');
  const live = (await (await page.request.get(`${server.url}/api/admin/content`)).json()) as {
    published: { content: { booking: { offerHoldHours: number } } };
  };
  expect(live.published.content.booking.offerHoldHours).toBe(72);

  const guest = await page.context().newPage();
  await guest.goto(`${server.url}/`);
  await expect(guest.getByTestId('amenity').first().getByRole('heading')).toHaveText('Nature & Peace');
  await expect(guest.getByTestId('amenity').nth(1).getByRole('heading')).toHaveText('Private Lake Access');
  await expect(guest.getByTestId('registration-number')).toContainText('98765/AL');
  await guest.goto(`${server.url}/pt/`);
  await expect(guest.getByTestId('registration-number')).toContainText('98765/AL');
  await guest.close();

  const checkIn = summerSaturday();
  const quote = (await (
    await page.request.get(`${server.url}/api/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 7)}&guests=2`)
  ).json()) as { lines: { kind: string }[] };
  expect(quote.lines.map((line) => line.kind)).toEqual(['nights', 'cleaning']);

  const options = async (locale: string) =>
    (await (await page.request.get(`${server.url}/api/booking/options?locale=${locale}`)).json()) as {
      cancellation: { daysBeforeArrival: number; refundPercent: number }[];
      houseRules: string;
    };
  const english = await options('en');
  expect(english.houseRules).toBe('No parties. Dogs are welcome by arrangement.');
  expect(english.cancellation).toContainEqual({ daysBeforeArrival: 14, refundPercent: 25 });
  expect(english.cancellation).toHaveLength(4);
  expect((await options('pt-PT')).houseRules).toBe('Sem festas. Cães bem-vindos mediante acordo.');
  const published = (await (await page.request.get(`${server.url}/api/admin/content`)).json()) as {
    published: { content: { legal: { siba?: Record<string, string> } } };
  };
  expect(published.published.content.legal.siba).toEqual({
    nif: '123456789',
    address: 'Rua do Lago, 12',
    town: 'Tomar',
    postcode: '2300-123',
    contactName: 'Ana Silva',
  });
});
