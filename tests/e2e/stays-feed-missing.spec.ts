import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { addDays, daysBetween } from '../../src/shared/date-ranges.js';
import { earliestToday } from '../../src/shared/dates.js';
import { AdminApi } from '../support/browser/admin-api.js';
import { logIn } from '../support/browser/admin-login.js';
import { FEED_MISSING_TEXTS, FeedMissingStays } from '../support/browser/pages/feed-missing-stays.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { readFixture } from '../support/fixtures/calendar-feeds.js';
import { bookingContentDir } from '../support/server/booking-site.js';
import { FeedServer } from '../support/server/feed-server.js';
import { stayBody } from '../support/server/stays.js';

// Two Airbnb stays whose events leave Airbnb's feed (decision 0037), on the owner's stays screens:
// each is flagged with its two answers; "Keep the stay" records it and the flag goes, the nights
// still held; "Cancel the stay" asks first, then cancels it and frees its nights. On a desktop and
// a phone, axe clean at each.

// An upper bound, not a wait: a feed's syncs and a few pages on a busy two-core machine.
test.setTimeout(180_000);

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
// The fixture's reservations moved so the later one starts 60 days from today: a sync leaves out
// what has ended.
const SHIFT = daysBetween('2027-01-09', addDays(earliestToday(), 60));
const STAYS = {
  kept: {
    reference: 'HMT5RJ9YAC',
    uid: '1418fb94e984-7f0d2c9a1b3e4f5061728394a5b6c7d8@airbnb.com',
    checkIn: addDays('2027-01-02', SHIFT),
    checkOut: addDays('2027-01-09', SHIFT),
    name: 'Kept Guest',
  },
  cancelled: {
    reference: 'HMB2NX7VQE',
    uid: '1418fb94e984-c4d5e6f708192a3b4c5d6e7f80910a1b@airbnb.com',
    checkIn: addDays('2027-01-09', SHIFT),
    checkOut: addDays('2027-01-12', SHIFT),
    name: 'Cancelled Guest',
  },
} as const;

/** The feed without the events of these reservation codes, as Airbnb serves it once they are cancelled. */
function feedWithout(feed: string, references: readonly string[]): string {
  return references.reduce(
    (text, reference) =>
      text.replace(
        new RegExp(`BEGIN:VEVENT\\r?\\n(?:(?!END:VEVENT)[\\s\\S])*?${reference}[\\s\\S]*?END:VEVENT\\r?\\n`),
        '',
      ),
    feed,
  );
}

/** Whether the public calendar shows the night of `day` as taken. */
async function held(request: APIRequestContext, url: string, day: string): Promise<boolean> {
  const response = await request.get(`${url}/api/availability?from=${addDays(day, -1)}&to=${addDays(day, 2)}`);
  expect(response.status()).toBe(200);
  const { unavailable } = (await response.json()) as { unavailable: Array<{ start: string; end: string }> };
  return unavailable.some((range) => range.start <= day && day < range.end);
}

async function lookAt(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

let feeds: FeedServer;
test.beforeAll(async () => {
  feeds = await FeedServer.start();
});
test.afterAll(async () => {
  await feeds?.close();
});

test('a stay its feed dropped is flagged; Keep records it and the flag goes, Cancel asks, then frees its nights', async ({
  page,
  startServer,
}, testInfo) => {
  const t = FEED_MISSING_TEXTS.en;
  const airbnb = readFixture('airbnb', SHIFT).toString('utf8');
  feeds.set('/airbnb-dropped.ics', airbnb);
  const server = await startServer({
    env: { CONTENT_DIR: bookingContentDir(), CALENDAR_ALLOW_PRIVATE_HOSTS: 'true' },
  });
  const admin = await AdminApi.login(server.url);
  const feed = await admin.addFeed('Airbnb', feeds.url('/airbnb-dropped.ics'));
  await admin.syncFeed(feed.id);
  const codes = {
    kept: await admin.addStay(
      stayBody({
        ...STAYS.kept,
        platformReference: STAYS.kept.reference,
        feedEventUid: STAYS.kept.uid,
        children: [],
      }),
    ),
    cancelled: await admin.addStay(
      stayBody({
        ...STAYS.cancelled,
        platformReference: STAYS.cancelled.reference,
        feedEventUid: STAYS.cancelled.uid,
        children: [],
      }),
    ),
  };
  // Airbnb no longer lists either: the next sync flags both and frees nothing.
  feeds.set('/airbnb-dropped.ics', feedWithout(airbnb, [STAYS.kept.reference, STAYS.cancelled.reference]));
  await admin.syncFeed(feed.id);
  expect(await held(page.request, server.url, STAYS.kept.checkIn)).toBe(true);
  expect(await held(page.request, server.url, STAYS.cancelled.checkIn)).toBe(true);

  const stays = new FeedMissingStays(page, t);
  await page.setViewportSize(VIEWPORTS.desktop);
  await logIn(page, server.url);
  await stays.openList(server.url);
  for (const code of Object.values(codes)) {
    await expect(stays.flag(stays.item(code))).toContainText(t.flag);
    await expect(stays.item(code).getByTestId('stay-status')).toHaveText(t.paid);
  }
  await lookAt(page, testInfo, 'feed-missing-list');

  // Keep, in the list on a desktop: said, recorded, the flag gone, the nights still held.
  await page.setViewportSize(VIEWPORTS.desktop);
  await stays.keep(stays.item(codes.kept));
  await expect(stays.said(t.kept(codes.kept))).toBeVisible();
  await expect(stays.flag(stays.item(codes.kept))).toHaveCount(0);
  await expect(stays.item(codes.kept).getByTestId('stay-status')).toHaveText(t.paid);
  await expect(stays.flag(stays.item(codes.cancelled))).toBeVisible();
  expect(await held(page.request, server.url, STAYS.kept.checkIn)).toBe(true);
  const kept = await page.request.get(`${server.url}/api/admin/bookings/${codes.kept}`);
  expect(await kept.json()).toMatchObject({ feedMissing: false, status: 'paid' });
  // The flag stays gone on a fresh load.
  await page.reload();
  await expect(stays.item(codes.kept)).toBeVisible();
  await expect(stays.flag(stays.item(codes.kept))).toHaveCount(0);

  // Cancel, on the stay's own page on a phone: "Back" changes nothing; confirmed, the stay is
  // cancelled and its nights are free.
  await page.setViewportSize(VIEWPORTS.phone);
  await stays
    .item(codes.cancelled)
    .getByRole('link', { name: new RegExp(codes.cancelled) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${codes.cancelled}$`));
  const stayPage = page.locator('main');
  await expect(stays.flag(stayPage)).toContainText(t.flag);
  await lookAt(page, testInfo, 'feed-missing-stay');
  await page.setViewportSize(VIEWPORTS.phone);
  await stays.cancel(stayPage, codes.cancelled, 'back');
  await expect(stays.flag(stayPage)).toBeVisible();
  expect(await held(page.request, server.url, STAYS.cancelled.checkIn)).toBe(true);
  await stays.cancel(stayPage, codes.cancelled, 'confirm');
  await expect(stays.said(t.cancelled(codes.cancelled))).toBeVisible();
  await expect(stays.flag(stayPage)).toHaveCount(0);
  await expect.poll(() => held(page.request, server.url, STAYS.cancelled.checkIn)).toBe(false);
  expect(await held(page.request, server.url, addDays(STAYS.cancelled.checkOut, -1))).toBe(false);
  expect(await held(page.request, server.url, STAYS.kept.checkIn)).toBe(true);
  const cancelled = await page.request.get(`${server.url}/api/admin/bookings/${codes.cancelled}`);
  expect(await cancelled.json()).toMatchObject({ feedMissing: false, status: 'cancelled' });

  await page.getByRole('link', { name: t.backToStays }).click();
  await page.getByLabel('Status').selectOption('cancelled');
  await expect(stays.items).toHaveCount(1);
  await expect(stays.item(codes.cancelled).getByTestId('stay-status')).toHaveText(t.cancelledStatus);
  await expect(stays.flag(stays.item(codes.cancelled))).toHaveCount(0);
  await lookAt(page, testInfo, 'feed-missing-after');
});
