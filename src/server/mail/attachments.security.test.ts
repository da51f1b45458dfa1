import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../../tests/support/server/smtp-sink.js';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import { createSmtpMailer } from './smtp.js';

// No request can make the owner's notification carry a file, fetch a URL, or go to anyone but
// MAIL_TO. delivery.test.ts already covers CR/LF in name and e-mail, a stray "to", and <script>
// escaping; this file covers nodemailer's own option names sent as request fields, and markup
// pointing at files, cid: and data: URIs.

const OWNER = 'owner@casa.example';
const FROM = 'site@casa.example';
const SECRET = `estadia-secret-${randomUUID()}`;
// The real file's first line, when there is one: it must never appear in a mail.
const PASSWD_LINE = existsSync('/etc/passwd') ? (readFileSync('/etc/passwd', 'utf8').split('\n')[0] ?? '') : '';

let dir: string;
let secretFile: string;
let sink: SmtpSink;
let t: TestApp;
/** A web server on loopback that counts every request: nothing in these tests may fetch from it. */
let canary: Server;
let canaryHits = 0;
let canaryUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-mail-'));
  secretFile = join(dir, 'secret.txt');
  writeFileSync(secretFile, SECRET);
  canary = createServer((_request, response) => {
    canaryHits += 1;
    response.end(SECRET);
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  const address = canary.address();
  if (!address || typeof address !== 'object') throw new Error('canary not listening');
  canaryUrl = `http://127.0.0.1:${address.port}/x`;
  sink = await SmtpSink.start();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_TO: OWNER, MAIL_FROM: FROM, SUBMISSIONS_PER_WINDOW: '1000' });
});

afterAll(async () => {
  await t?.close();
  await sink?.stop();
  await new Promise<void>((resolve) => (canary ? canary.close(() => resolve()) : resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** nodemailer's message options that read files, fetch URLs, or pick recipients and headers. */
function mailOptionFields(): Record<string, unknown> {
  return {
    attachments: [
      { path: '/etc/passwd' },
      { path: secretFile },
      { href: canaryUrl },
      { filename: 'x.txt', content: SECRET },
      { path: `data:text/plain,${SECRET}` },
    ],
    html: { path: secretFile },
    text: { href: canaryUrl },
    watchHtml: { path: secretFile },
    amp: { path: secretFile },
    icalEvent: { path: '/etc/passwd' },
    alternatives: [{ contentType: 'text/x-secret', path: secretFile }],
    raw: { path: secretFile },
    attachDataUrls: true,
    headers: { 'X-Injected': 'yes', Bcc: 'victim@evil.example' },
    to: 'attacker@evil.example',
    cc: 'cc@evil.example',
    bcc: 'bcc@evil.example',
    from: 'spoof@evil.example',
    sender: 'sender@evil.example',
    replyTo: 'reply@evil.example',
    envelope: { from: 'bounce@evil.example', to: ['envelope@evil.example'] },
    list: { unsubscribe: canaryUrl },
    subject: 'Chosen subject',
    messageId: '<chosen@evil.example>',
  };
}

/** Markup a mail client might follow: a local file, a cid: part, a data: URI, a tracking pixel. */
const markup = () =>
  [
    '<img src="file:///etc/passwd">',
    '<img src="cid:secret@estadia">',
    // attachDataUrls would turn this into an attachment; its text may show, escaped, as typed.
    `<img src="data:text/plain;base64,${Buffer.from('data URI text').toString('base64')}">`,
    `<img src="${canaryUrl}">`,
    '<a href="file:///etc/passwd">open</a>',
    `<link rel="stylesheet" href="${canaryUrl}">`,
  ].join(' ');

interface Sent {
  payload: Record<string, unknown>;
  status: number;
}

async function post(payload: Record<string, unknown>): Promise<Sent> {
  const response = await t.app.inject({ method: 'POST', url: '/api/inquiries', payload });
  // Whatever the schema makes of unknown fields, the answer is one of these two.
  expect([202, 400]).toContain(response.statusCode);
  return { payload, status: response.statusCode };
}

/** Every mail that arrived for the accepted requests, checked against the rules of this file. */
async function expectOnlyHarmlessMail(accepted: number) {
  await sink.waitFor(accepted, 30_000);
  // A mail to a second recipient, or a second mail, would arrive a little later.
  await settle(500);
  expect(sink.received).toHaveLength(accepted);
  const rows = await t.app.db.selectFrom('inquiries').selectAll().execute();
  for (const mail of sink.received)
    checkMail(
      mail,
      rows.find((r) => r.messageId === mail.parsed.messageId),
    );
  expect(canaryHits).toBe(0);
}

function checkMail(mail: ReceivedMail, row: { name: string; email: string } | undefined) {
  const { parsed, raw, envelope } = mail;
  expect(row, 'the mail is one of the stored inquiries').toBeDefined();
  expect(envelope.to).toEqual([OWNER]);
  expect(envelope.from).toBe(FROM);
  expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((a) => a.address) : []).toEqual([OWNER]);
  expect(parsed.from?.value.map((a) => a.address)).toEqual([FROM]);
  // Replying reaches the visitor's own address and nobody else, whatever the name holds. (The
  // name itself is the visitor's to choose, encoded words included.)
  expect(parsed.replyTo?.value.map((a) => a.address)).toEqual([row!.email]);
  expect(parsed.replyTo?.value[0]?.group).toBeUndefined();
  expect(parsed.subject).toMatch(/^New booking inquiry from /);
  expect(parsed.cc).toBeUndefined();
  expect(parsed.bcc).toBeUndefined();
  expect(parsed.attachments).toHaveLength(0);
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  expect(head).not.toMatch(/^(cc|bcc|sender|x-injected|list-unsubscribe):/im);
  expect(raw).not.toMatch(/content-disposition|multipart\/mixed|multipart\/related|text\/calendar|text\/x-secret/i);
  for (const body of [raw, parsed.text ?? '', parsed.html || '']) {
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain(Buffer.from(SECRET).toString('base64').slice(0, 24));
    if (PASSWD_LINE) expect(body).not.toContain(PASSWD_LINE);
  }
}

describe("the owner's notification", () => {
  it('ignores every nodemailer option sent as a request field: no attachment, no fetch, no other recipient', async () => {
    const base = { name: 'Eve', email: 'eve@example.com', message: 'Hello' };
    const fields = mailOptionFields();
    const sent: Sent[] = [];
    // Each option on its own, then all of them at once.
    for (const [key, value] of Object.entries(fields))
      sent.push(await post({ ...base, name: `Eve ${key}`, [key]: value }));
    sent.push(await post({ ...base, name: 'Eve all', ...fields }));
    // The schema drops unknown fields, so every one is accepted and must arrive as one plain mail.
    // (A strict schema refusing them with 400 would be as safe; then this count is what changes.)
    const accepted = sent.filter((s) => s.status === 202).length;
    expect(accepted).toBe(sent.length);
    await expectOnlyHarmlessMail(accepted);
  });

  it('sends markup that points at files, cid: and data: URIs escaped, never followed or attached', async () => {
    const before = sink.received.length;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const payloads = [
      { name: 'Eve <img src=x>', email: 'eve@example.com', message: markup() },
      {
        name: 'Eve',
        email: 'eve@example.com',
        message: `Line one\n${markup()}\n<img src="file:${secretFile}">`,
        guests: 2,
        checkIn: day(10),
        checkOut: day(12),
      },
      // Display names that look like address lists: the name stays a name.
      { name: 'Eve <victim@evil.example>, attacker@evil.example', email: 'eve@example.com', message: 'reply to me' },
      { name: '=?utf-8?q?victim=40evil=2Eexample?=', email: 'eve@example.com', message: 'encoded word' },
      { name: '"Quoted", victim@evil.example', email: 'eve@example.com', message: 'quoted' },
    ];
    for (const payload of payloads) expect((await post(payload)).status).toBe(202);
    await expectOnlyHarmlessMail(before + payloads.length);
    for (const mail of sink.received.slice(before, before + 2)) {
      const html = mail.parsed.html || '';
      expect(html).not.toMatch(/<(img|a|link)\b/i);
      expect(html).toContain('&lt;img src=&quot;file:///etc/passwd&quot;&gt;');
      expect(html).toContain('&lt;img src=&quot;cid:secret@estadia&quot;&gt;');
      expect(html).toContain('&lt;img src=&quot;data:text/plain;base64,');
    }
  });

  it('stays harmless for 40 generated mixes of option fields and values', async () => {
    const before = sink.received.length;
    const names = Object.keys(mailOptionFields());
    const dangerous = fc.oneof(
      fc.constantFrom<unknown>(
        { path: '/etc/passwd' },
        { path: secretFile },
        { href: canaryUrl },
        [{ path: secretFile }],
        `file://${secretFile}`,
        'victim@evil.example',
        ['a@evil.example', 'b@evil.example'],
        { 'X-Injected': 'yes' },
        true,
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...names), dangerous, { minKeys: 1, maxKeys: 6 }),
        async (extra) => {
          const { status } = await post({ ...extra, name: 'Generated', email: 'gen@example.com', message: markup() });
          if (status === 202) accepted += 1;
        },
      ),
      { numRuns: 40, seed: 20_260_402 },
    );
    // None of these names is an inquiry field: each is ignored and the inquiry taken, so every one
    // of the 40 must reach the mail server, where it is checked. Fewer would test nothing.
    expect(accepted).toBe(40);
    await expectOnlyHarmlessMail(before + accepted);
  }, 60_000);
});

describe('the SMTP mailer itself', () => {
  // A second wall: even if a later change passed request data into the mail options, the
  // transport refuses to read files or fetch URLs.
  it.each([
    ['a file attachment', () => ({ attachments: [{ path: secretFile }] })],
    ['a URL attachment', () => ({ attachments: [{ href: canaryUrl }] })],
    ['an HTML body read from a file', () => ({ html: { path: secretFile } })],
    ['a text body fetched from a URL', () => ({ text: { href: canaryUrl } })],
    ['a raw message read from a file', () => ({ raw: { path: secretFile } })],
  ])('refuses %s', async (_name, options) => {
    const before = sink.received.length;
    const mailer = createSmtpMailer(sink.url);
    try {
      await expect(mailer.send({ from: FROM, to: OWNER, subject: 'x', text: 'plain', ...options() })).rejects.toThrow(
        /access|not allowed|denied/i,
      );
    } finally {
      mailer.close();
    }
    await settle(200);
    expect(sink.received.slice(before).some((m) => m.raw.includes(SECRET))).toBe(false);
    expect(canaryHits).toBe(0);
  });
});
