import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/date-ranges.js';
import { formatDayIn, houseToday } from '../../src/shared/dates.js';
import { weekdayOf } from '../../src/shared/quote.js';
import { AdminApi } from '../support/browser/admin-api.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { CheckInPart, type CheckInTexts } from '../support/browser/pages/check-in.js';
import { RegistrationsPanel } from '../support/browser/pages/registrations-panel.js';
import { logIn } from '../support/browser/admin-login.js';
import { bookingBody, bookingContentDir } from '../support/server/booking-site.js';
import { BAD_DOCUMENT, FakeSiba } from '../support/server/fake-siba.js';
import { GERMAN_GUEST, PORTUGUESE_GUEST, SIBA_LEGAL, sibaEnv } from '../support/server/registration-site.js';

// A confirmed booking arriving within 14 days: its guests check in online on their booking page,
// in its language, one Portuguese (names only) and one German (the bulletin's fields); then the owner
// downloads the arrival bulletin for SIBA and marks it sent, or sends it to the fake SIBA.

const TEXTS: Record<
  'en' | 'pt-PT',
  CheckInTexts & { germany: string; passport: string; fieldError: string; sameAsFirst: string; picker: string }
> = {
  en: {
    title: 'Check in online',
    guest: (n) => `Guest ${n}`,
    surname: 'Surname(s)',
    givenNames: 'Given name(s)',
    nationality: 'Nationality',
    birthDate: 'Date of birth',
    birthDateHint: 'Day/month/year, such as 17/05/1980, or choose it on the calendar.',
    birthPlace: 'Place of birth (optional)',
    documentType: 'Identity document',
    documentNumber: 'Document number',
    documentCountry: 'Issuing country',
    residenceCountry: 'Country of residence',
    residenceTown: 'Town of residence',
    save: (n) => `Save guest ${n}`,
    saved: (n) => `Guest ${n} is saved.`,
    germany: 'Germany',
    passport: 'Passport',
    fieldError: 'Enter a real date of birth as day/month/year, like 17/05/1980',
    sameAsFirst: 'Same as guest 1',
    picker: 'Choose on a calendar',
  },
  'pt-PT': {
    title: 'Check-in online',
    guest: (n) => `Hóspede ${n}`,
    surname: 'Apelido(s)',
    givenNames: 'Nome(s) próprio(s)',
    nationality: 'Nacionalidade',
    birthDate: 'Data de nascimento',
    birthDateHint: 'Dia/mês/ano, por exemplo 17/05/1980, ou escolha-a no calendário.',
    birthPlace: 'Local de nascimento (opcional)',
    documentType: 'Documento de identificação',
    documentNumber: 'Número do documento',
    documentCountry: 'País emissor',
    residenceCountry: 'País de residência',
    residenceTown: 'Localidade de residência',
    save: (n) => `Guardar hóspede ${n}`,
    saved: (n) => `O hóspede ${n} está guardado.`,
    germany: 'Alemanha',
    passport: 'Passaporte',
    fieldError: 'Indique uma data de nascimento que exista, como dia/mês/ano, por exemplo 17/05/1980',
    sameAsFirst: 'Igual ao hóspede 1',
    picker: 'Escolher num calendário',
  },
};

const PROGRESS = { en: '2 of 2 guests checked in.', 'pt-PT': '2 de 2 hóspedes com check-in feito.' };

/** A week from the first Saturday at least `days` ahead (2: within the 14 days); every season allows it. */
function weekFrom(days: number) {
  let day = addDays(houseToday(Date.now()), days);
  while (weekdayOf(day) !== 'sat') day = addDays(day, 1);
  return { checkIn: day, checkOut: addDays(day, 7) };
}

/** A server taking bookings, with the unit's SIBA details, and a bank-transfer booking the owner marked paid. */
async function confirmedBookingOn(
  start: (options: { env: Record<string, string> }) => Promise<{ url: string }>,
  locale: 'en' | 'pt-PT',
  env: Record<string, string> = {},
  daysAhead = 2,
) {
  const stay = weekFrom(daysAhead);
  const server = await start({ env: { ...env, CONTENT_DIR: bookingContentDir({}, { legal: SIBA_LEGAL }) } });
  const created = await fetch(`${server.url}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(bookingBody({ ...stay, locale, paymentMethod: 'bank_transfer' })),
  });
  expect(created.status).toBe(201);
  const booking = (await created.json()) as { code: string; bookingUrl: string; totalCents: number };
  const admin = await AdminApi.login(server.url);
  const paid = await fetch(`${server.url}/api/admin/bookings/${booking.code}/mark-paid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: admin.cookie },
    body: JSON.stringify({ amountCents: booking.totalCents }),
  });
  expect(paid.status).toBe(200);
  const link = new URL(booking.bookingUrl);
  return { server, code: booking.code, path: `${link.pathname}${link.search}`, checkIn: stay.checkIn };
}

async function expectNoAxeViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.violations).toEqual([]);
}

/** Both guests check in on the booking page; the German one first with a date that does not exist. */
async function checkInBothGuests(
  page: Page,
  path: string,
  locale: 'en' | 'pt-PT',
  documentNumber: string = GERMAN_GUEST.documentNumber,
) {
  const texts = TEXTS[locale];
  const checkIn = new CheckInPart(page, texts);
  await page.goto(path);
  await expect(checkIn.root.getByRole('heading', { name: texts.title, exact: true })).toBeVisible();
  await expect(page.getByTestId('check-in-notice')).toContainText('Lei 23/2007');
  await expectNoAxeViolations(page, '[data-testid="check-in"]');

  // In English, the Portuguese guest checks in by the keyboard alone.
  if (locale === 'en') await checkIn.checkInNamesByKeyboard(1, { ...PORTUGUESE_GUEST, nationality: 'Portugal' });
  else {
    await checkIn.fillNames(1, { ...PORTUGUESE_GUEST, nationality: 'Portugal' });
    await expect(checkIn.guest(1).getByLabel(texts.birthDate)).toHaveCount(0);
    await checkIn.save(1);
  }
  // The saved state's heading takes the focus, as every form's outcome does.
  await expect(checkIn.savedHeading(1)).toBeFocused();
  await expect(checkIn.guest(1).getByLabel(texts.birthDate)).toHaveCount(0);

  await checkIn.fillForeign(2, {
    ...GERMAN_GUEST,
    documentNumber,
    // A day that does not exist, typed as the page writes days.
    birthDate: '30/02/1980',
    nationality: texts.germany,
    documentType: texts.passport,
    documentCountry: texts.germany,
    residenceCountry: texts.germany,
  });
  await checkIn.save(2);
  const birthDate = checkIn.guest(2).getByLabel(texts.birthDate);
  await expect(birthDate).toHaveAttribute('aria-invalid', 'true');
  await expect(birthDate).toHaveAccessibleDescription(`${texts.birthDateHint} ${texts.fieldError}`);
  await expect(birthDate).toBeFocused();
  await expect(checkIn.guest(2).getByRole('alert').getByRole('link')).toHaveText([texts.fieldError]);
  await birthDate.fill('17/05/1980');
  await checkIn.save(2);
  await expect(checkIn.progress).toHaveText(PROGRESS[locale]);
  await expect(checkIn.savedHeading(2)).toBeFocused();
  await expect(birthDate).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, '[data-testid="check-in"]');
}

for (const locale of ['pt-PT', 'en'] as const) {
  test(`guests check in online (${locale}) and the owner downloads the arrival bulletin and marks it sent`, async ({
    page,
    startServer,
  }) => {
    if (locale === 'pt-PT') await page.setViewportSize({ width: 390, height: 844 });
    const { server, code, path } = await confirmedBookingOn(startServer, locale);
    await checkInBothGuests(page, `${server.url}${path}`, locale);
    // At 390 px the forms fit the screen: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );

    await logIn(page, server.url);
    const panel = new RegistrationsPanel(page);
    await expect(panel.booking(code).getByTestId('registration-checked-in')).toHaveText('Checked in: 2/2');
    await expect(panel.state(code, 'arrival')).toHaveText('not due');
    const xml = await panel.download(code, 'arrival');
    expect(xml).toContain('http://sef.pt/BAws');
    expect(xml).toContain(GERMAN_GUEST.surname);
    expect(xml).not.toContain('Ávila');
    // This server has no SIBA credentials: no Send button, the file is the way.
    await expect(panel.bulletin(code, 'arrival').getByRole('button', { name: 'Mark arrival as sent' })).toBeVisible();
    await expect(panel.sendButton(code, 'arrival')).toHaveCount(0);
    await expect(panel.sendButton(code, 'departure')).toHaveCount(0);
    await panel.markSent(code, 'arrival');
    await expect(panel.state(code, 'arrival')).toHaveText('sent');
    await expect(panel.bulletin(code, 'arrival')).toContainText('marked as uploaded on');
    await expect(panel.state(code, 'departure')).toHaveText('not due');
    await expectNoAxeViolations(page, '[data-testid="registrations-panel"]');
  });
}

test('the owner sends the arrival bulletin to SIBA, reads its refusal, corrects the guest and sends again', async ({
  page,
  startServer,
}) => {
  const siba = await FakeSiba.start();
  try {
    const { server, code, path } = await confirmedBookingOn(startServer, 'en', sibaEnv(siba.url));
    await checkInBothGuests(page, `${server.url}${path}`, 'en', BAD_DOCUMENT);
    await logIn(page, server.url);
    const panel = new RegistrationsPanel(page);
    await panel.send(code, 'arrival');
    await expect(panel.bulletin(code, 'arrival').getByRole('note')).toContainText(
      'Refused by SIBA (32, guest line 1): Documento de identificação inválido',
    );
    await expect(panel.state(code, 'arrival')).toHaveText('not due');

    const guest = await panel.correctGuest(code, 2);
    const texts = TEXTS.en;
    await guest.getByLabel(texts.surname).fill(GERMAN_GUEST.surname);
    await guest.getByLabel(texts.givenNames).fill(GERMAN_GUEST.givenNames);
    await guest.getByLabel(texts.nationality).selectOption({ label: texts.germany });
    await guest.getByLabel(texts.birthDate).fill(GERMAN_GUEST.birthDate);
    await guest.getByLabel(texts.documentType).selectOption({ label: texts.passport });
    await guest.getByLabel(texts.documentNumber).fill(GERMAN_GUEST.documentNumber);
    await guest.getByLabel(texts.documentCountry).selectOption({ label: texts.germany });
    await guest.getByLabel(texts.residenceCountry).selectOption({ label: texts.germany });
    await guest.getByLabel(texts.residenceTown).fill(GERMAN_GUEST.residenceTown);
    await guest.getByRole('button', { name: texts.save(2) }).click();
    await expect(guest.getByRole('status')).toHaveText('Guest 2 is saved.');

    await panel.send(code, 'arrival');
    await expect(panel.state(code, 'arrival')).toHaveText('sent');
    await expect(panel.bulletin(code, 'arrival')).toContainText('sent to SIBA on');
    expect(siba.accepted).toHaveLength(1);
    expect(siba.accepted[0]?.xml).toContain(GERMAN_GUEST.documentNumber);
    await expectNoAxeViolations(page, '[data-testid="registrations-panel"]');
  } finally {
    await siba.close();
  }
});

test('before its 14 days, the booking page says from which day online check-in opens', async ({
  page,
  startServer,
}) => {
  const { server, path, checkIn } = await confirmedBookingOn(startServer, 'en', {}, 30);
  await page.goto(`${server.url}${path}`);
  await expect(page.getByTestId('check-in')).toContainText(
    `Online check-in opens on ${formatDayIn(addDays(checkIn, -14), 'en')}.`,
  );
  await expect(page.getByRole('button', { name: TEXTS.en.save(1) })).toHaveCount(0);
});

for (const locale of ['pt-PT', 'en'] as const) {
  test(`on a phone (${locale}), the date of birth is typed or picked, guest 2 takes guest 1's country and town, and a reload shows the saved names but never the document`, async ({
    page,
    startServer,
  }) => {
    const texts = TEXTS[locale];
    await page.setViewportSize(locale === 'pt-PT' ? { width: 390, height: 844 } : { width: 1280, height: 900 });
    const { server, code, path } = await confirmedBookingOn(startServer, locale);
    const checkIn = new CheckInPart(page, texts);
    await page.goto(`${server.url}${path}`);
    await checkIn.fillForeign(1, {
      ...GERMAN_GUEST,
      birthDate: '17/05/1980',
      nationality: texts.germany,
      documentType: texts.passport,
      documentCountry: texts.germany,
      residenceCountry: texts.germany,
    });
    await checkIn.save(1);
    await expect(checkIn.savedHeading(1)).toBeFocused();

    // Guest 2: the names, then "Same as guest 1" for the country and town, the date from the calendar.
    const second = checkIn.guest(2);
    await checkIn.fillNames(2, { surname: GERMAN_GUEST.surname, givenNames: 'Gisela', nationality: texts.germany });
    await second.getByRole('button', { name: texts.sameAsFirst }).click();
    await expect(second.getByLabel(texts.residenceCountry)).toHaveValue('DEU');
    await expect(second.getByLabel(texts.residenceTown)).toHaveValue(GERMAN_GUEST.residenceTown);
    await second.getByLabel(texts.picker).fill('1982-02-03');
    await expect(second.getByLabel(texts.birthDate)).toHaveValue('03/02/1982');
    await second.getByLabel(texts.documentType).selectOption({ label: texts.passport });
    await second.getByLabel(texts.documentNumber).fill('C01X00T48');
    await second.getByLabel(texts.documentCountry).selectOption({ label: texts.germany });
    await checkIn.save(2);
    await expect(checkIn.progress).toHaveText(PROGRESS[locale]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );

    // Reloaded: each guest's names and details are there again; the document and the date of birth are not.
    await page.reload();
    await expect(checkIn.progress).toHaveText(PROGRESS[locale]);
    for (const [n, givenNames] of [
      [1, GERMAN_GUEST.givenNames],
      [2, 'Gisela'],
    ] as const) {
      const part = checkIn.guest(n);
      await expect(part.getByLabel(texts.surname)).toHaveValue(GERMAN_GUEST.surname);
      await expect(part.getByLabel(texts.givenNames)).toHaveValue(givenNames);
      await expect(part.getByLabel(texts.nationality)).toHaveValue('DEU');
      await expect(part.getByLabel(texts.residenceTown)).toHaveValue(GERMAN_GUEST.residenceTown);
      await expect(part.getByLabel(texts.documentNumber)).toHaveValue('');
      await expect(part.getByLabel(texts.birthDate)).toHaveValue('');
      await expect(part.getByTestId('guest-sealed-note')).toBeVisible();
    }
    await expect(page.locator('body')).not.toContainText(GERMAN_GUEST.documentNumber);
    await expectNoAxeViolations(page, '[data-testid="check-in"]');

    // The bulletin holds both, each with the date of birth as chosen.
    const admin = await AdminApi.login(server.url);
    const file = await fetch(`${server.url}/api/admin/registrations/${code}/siba.xml?movement=arrival`, {
      headers: { cookie: admin.cookie },
    });
    expect(file.status).toBe(200);
    const xml = await file.text();
    expect(xml).toContain('1980-05-17');
    expect(xml).toContain('1982-02-03');
    expect(xml).toContain('Gisela');
  });
}
