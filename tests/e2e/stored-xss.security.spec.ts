import type { Browser, Locator, Page } from '@playwright/test';
import { SmtpSink } from '../support/server/smtp-sink.js';
import { COMMENT_PREVIEW_CHARS } from '../../src/client/lib/constants.js';
import { type CspRecorder, recordCspViolations } from '../support/browser/csp-recorder.js';
import { type BuiltServer, startServer, TEST_ADMIN_PASSWORD } from '../support/browser/built-server.js';
import { LOGIN_TIMEOUT_MS } from '../support/browser/admin-login.js';
import { expect, mailEnv, test } from '../support/browser/test-fixtures.js';

// Stored XSS: markup and script that a visitor stores as a review or an inquiry come back to the
// public page, the admin panel and the owner's mail as text, and nothing of it runs or is built.
// Every check looks at the DOM as well as at window.__xss: the CSP would stop most of these
// payloads from running even if they were injected, and the point is that none is injected.

// One line, at most 80 characters: fits both a review's and an inquiry's name.
const NAME = '<img src=x onerror="window.__xss=1">"><svg onload=window.__xss=1>{{7*7}}';
// Longer than the card's preview, so Read more cuts through it and then shows all of it.
const MESSAGE = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload=window.__xss=1>',
  "'><svg/onload=alert(1)>",
  '</script><script>window.__xss=1</script>',
  '</p></article><iframe src="javascript:parent.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">click me</a> javascript:window.__xss=1',
  '{{7*7}} ${7*7} #{7*7}',
  '<style>/*__xss*/body{display:none}</style>',
  '&lt;b&gt;already escaped&lt;/b&gt; &amp; <!-- comment -->',
].join('\n');
expect(NAME.length).toBeLessThanOrEqual(80);
expect(MESSAGE.length).toBeGreaterThan(COMMENT_PREVIEW_CHARS);

let sink: SmtpSink;
let server: BuiltServer;

test.beforeAll(async () => {
  // Its own database and a real mailbox: the inquiry must be mailed, and the payloads must not
  // reach other files' pages.
  sink = await SmtpSink.start();
  server = await startServer({ env: mailEnv(sink) });
});
test.afterAll(async () => {
  await server.stop();
  await sink.stop();
});

interface Watched {
  page: Page;
  csp: CspRecorder;
  problems: string[];
}

/** A page that keeps its console errors, uncaught errors, dialogs and CSP violations. */
async function watch(page: Page): Promise<Watched> {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => {
    problems.push(`dialog ${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return { page, csp: await recordCspViolations(page), problems };
}

/** Nothing from the payloads was built into the page, ran, or was refused by the CSP. */
async function expectInert({ page, csp, problems }: Watched) {
  await expect(
    page.locator('img[src="x"], svg[onload], iframe[src^="javascript:"], a[href^="javascript:"]'),
  ).toHaveCount(0);
  // React sets no on* attribute of its own: any one here came from a payload.
  const handlers = await page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName}[${a.name}]`),
    ),
  );
  expect(handlers).toEqual([]);
  // Only the site's own scripts: the bundle, on / the JSON-LD, and the page's data block, which the
  // renderer writes right after #root, outside anything a payload is rendered into
  // (docs/decisions/0023-page-carries-its-content.md).
  const scripts = await page.evaluate(() =>
    [...document.scripts]
      .filter(
        (s) =>
          !s.src.startsWith(`${location.origin}/assets/`) &&
          s.type !== 'application/ld+json' &&
          !(s.type === 'application/json' && s.id === 'page-data' && s.previousElementSibling?.id === 'root'),
      )
      .map((s) => s.outerHTML),
  );
  expect(scripts).toEqual([]);
  expect(
    await page.evaluate(
      () => [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('__xss')).length,
    ),
  ).toBe(0);
  await expect(page.locator('body')).toBeVisible();
  // Last, so that a handler waiting on a failed image load has had its chance to run or be refused.
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await csp.violations()).toEqual([]);
  expect(problems).toEqual([]);
}

/** The exact text of each element, and that none of them holds an element of its own. */
async function expectLiteral(elements: Locator, texts: string[]) {
  expect(await elements.evaluateAll((els) => els.map((el) => el.textContent))).toEqual(texts);
  expect(await elements.evaluateAll((els) => els.map((el) => el.childElementCount))).toEqual(texts.map(() => 0));
}

async function adminPage(browser: Browser): Promise<Watched> {
  const page = await (await browser.newContext()).newPage();
  const watched = await watch(page);
  await watched.csp.goto(`${server.url}/login`);
  await page.getByLabel('Password').fill(TEST_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
  // Attached, not visible: an injected <style> could hide the page, and expectInert should say so.
  await expect(page.locator('h1', { hasText: 'Admin panel' })).toBeAttached();
  return watched;
}

test('a review of markup and script is text on the public page and in /admin, before and after approval', async ({
  page,
  browser,
}) => {
  // A visitor sends it with the review form.
  const visitor = await watch(page);
  await visitor.csp.goto(`${server.url}/`);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Share Your Experience' });
  await form.getByLabel('Name').fill(NAME);
  await form.getByLabel('Your review').fill(MESSAGE);
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your review!' })).toBeVisible();
  await expectInert(visitor);

  // Pending in /admin: its name and comment are text.
  const admin = await adminPage(browser);
  try {
    const rows = admin.page.getByTestId('admin-review');
    await admin.page.getByRole('button', { name: 'Pending', exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.getByText('Pending', { exact: true })).toBeVisible();
    await expectLiteral(rows.locator('p'), [NAME, MESSAGE]);
    await expectInert(admin);

    await rows.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.page.getByRole('status').filter({ hasText: 'Review approved successfully!' })).toBeVisible();
    await admin.page.getByRole('button', { name: 'Approved', exact: true }).click();
    await expect(rows.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(rows.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expectLiteral(rows.locator('p'), [NAME, MESSAGE]);
    await expectInert(admin);
  } finally {
    await admin.page.context().close();
  }

  // Public: the card shows the cut text, then all of it with Read more. (A new visitor: the first
  // one's browser may keep the public list for its short max-age.)
  const publicPage = await (await browser.newContext()).newPage();
  try {
    const reader = await watch(publicPage);
    await reader.csp.goto(`${server.url}/`);
    await publicPage.locator('#reviews').scrollIntoViewIfNeeded();
    const card = publicPage.getByTestId('review-card');
    await expect(card).toHaveCount(1);
    await expectLiteral(card.locator('h3'), [NAME]);
    await expectLiteral(card.locator('p'), [`“${MESSAGE.slice(0, COMMENT_PREVIEW_CHARS)}...”`]);
    await expectInert(reader);
    await card.getByRole('button', { name: 'Read more' }).click();
    await expectLiteral(card.locator('p'), [`“${MESSAGE}”`]);
    await expectInert(reader);
  } finally {
    await publicPage.context().close();
  }
});

test('an inquiry of markup and script is text in /admin and in the mail, whose HTML part is escaped', async ({
  request,
  browser,
}) => {
  sink.received.length = 0;
  const sent = await request.post(`${server.url}/api/inquiries`, {
    data: { name: NAME, email: 'mallory@example.com', guests: 2, message: MESSAGE },
  });
  expect(sent.status()).toBe(202);

  const [mail] = await sink.waitFor(1);
  const html = mail!.parsed.html || '';
  const text = mail!.parsed.text ?? '';
  expect(html).not.toBe('');
  // The visitor's markup may not stand in the HTML part as markup; as escaped text it may.
  for (const raw of ['<script', '</script', '<img', '<svg', '<iframe', '<style', '<a ', '<!--'])
    expect(html, raw).not.toContain(raw);
  expect(html).toContain(
    '&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;&quot;&gt;&lt;svg onload=window.__xss=1&gt;{{7*7}}',
  );
  expect(html).toContain(
    '&lt;script&gt;window.__xss=1&lt;/script&gt;<br/>&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;<br/>',
  );
  expect(html).toContain('&amp;lt;b&amp;gt;already escaped&amp;lt;/b&amp;gt; &amp;amp; &lt;!-- comment --&gt;');
  // The plain-text part and the subject keep what was typed.
  expect(text).toContain(`Name: ${NAME}`);
  expect(text).toContain(`Message:\n${MESSAGE}`);
  expect(mail!.parsed.subject).toBe(`New booking inquiry from ${NAME}`);

  // The HTML part as a mail program would show it: in a browser, with no CSP to help.
  const mailView = await (await browser.newContext()).newPage();
  try {
    const dialogs: string[] = [];
    mailView.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await mailView.setContent(html);
    await expect(mailView.locator('p:has(strong)').first()).toHaveText(`Name: ${NAME}`);
    await expect(mailView.locator('p:has(strong)').last()).toHaveText(`Message: ${MESSAGE.replaceAll('\n', '')}`);
    await expect(mailView.locator('img, svg, script, iframe, style, a')).toHaveCount(0);
    expect(await mailView.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  } finally {
    await mailView.context().close();
  }

  // /admin's inquiries panel.
  const admin = await adminPage(browser);
  try {
    const item = admin.page.getByTestId('admin-inquiry');
    await expect(item).toHaveCount(1);
    // The guest's name, and the message quoted as the guest wrote it.
    await expectLiteral(item.locator('p, blockquote'), [NAME, MESSAGE]);
    await expectInert(admin);
  } finally {
    await admin.page.context().close();
  }
});
