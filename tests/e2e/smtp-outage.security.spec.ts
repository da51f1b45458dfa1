import { expect, mailEnv, test } from '../support/browser/test-fixtures.js';
import { mailProblems, StoredReader, tallyMail } from '../support/browser/stored-submissions.js';
import { isAccepted, isRefused, runBurst } from '../support/browser/submission-burst.js';

test('with SMTP refusing connections a burst is still accepted, and every inquiry is mailed once when SMTP returns', async ({
  mailSink: sink,
  startServer,
}) => {
  test.setTimeout(150_000);
  const prefix = 'Outage';
  await sink.stop();
  // The outage is real: the SMTP port refuses connections.
  expect(await isRefused(sink.port)).toBe(true);
  const server = await startServer({ env: mailEnv(sink) });
  const results = await runBurst(server.url, { perKind: 200, concurrency: 20, prefix });
  expect(results.filter((r) => !isAccepted(r.outcome))).toEqual([]);

  // Each inquiry was tried, refused, and waits for a retry (first one after 10 s). Rows the
  // burst left untried go 20 every 2 s: 40 s bounds even all 200 of them.
  const admin = await StoredReader.login(server.url);
  const burstEnded = Date.now();
  const deadline = burstEnded + 40_000;
  let waiting = await admin.stored(prefix);
  while (waiting.inquiries.some((i) => i.attempts === 0) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    waiting = await admin.stored(prefix);
  }
  expect(waiting.reviews).toHaveLength(200);
  expect(waiting.inquiries).toHaveLength(200);
  const notWaiting = waiting.inquiries.filter(
    (i) => i.status !== 'pending' || i.attempts === 0 || !i.lastError?.includes('ECONNREFUSED'),
  );
  expect(notWaiting.map((i) => `${i.name}: ${i.status}, ${i.attempts} attempts, ${i.lastError}`)).toEqual([]);
  expect(sink.received).toHaveLength(0);

  const untriedFor = Date.now() - burstEnded;
  await sink.start();
  const smtpBack = Date.now();
  // Retries are due 10 s after the first attempt, and the outbox drains 20 rows every 2 s: the
  // 200 take some 30 s (a second refusal would add 20 s). 90 s leaves room on a busy machine.
  const sent = await admin.waitUntilAllSent(prefix, 90_000);
  const tally = tallyMail(sink.received);
  expect(mailProblems(sent.inquiries, tally)).toEqual([]);
  expect(tally.duplicates).toBe(0);
  expect(sent.inquiries.filter((i) => i.attempts < 2)).toEqual([]);
  const attempts = sent.inquiries.map((i) => i.attempts);
  const summary =
    `all tried within ${untriedFor} ms of the burst; all mailed ${Date.now() - smtpBack} ms after SMTP returned; ` +
    `attempts per inquiry ${Math.min(...attempts)} to ${Math.max(...attempts)}`;
  test.info().annotations.push({ type: 'SMTP outage', description: summary });
  console.log(`SMTP outage: ${summary}`);
});
