import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDayIn } from '../../shared/dates.js';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';

// The owner's changes to a booking, on two servers sharing one database and one real SMTP server:
// new dates move the nights and the stay's planned mails (a mail sent for the old dates goes again
// for the new ones, once; one the owner cancelled stays cancelled), and the review request that is
// switched off is never sent.

let sink: SmtpSink;
let site: TestApp & { clock: TestClock };
let other: TestApp;
let cookie: string;

beforeAll(async () => {
  sink = await SmtpSink.start();
  site = await createBookingSite({
    env: { SUBMISSIONS_PER_WINDOW: '1000', SMTP_URL: sink.url, MAIL_TO: 'owner@example.com' },
  });
  other = await createTestApp(
    {
      DATABASE_URL: site.databaseUrl,
      CONTENT_DIR: site.app.config.contentDir,
      SMTP_URL: sink.url,
      MAIL_TO: 'owner@example.com',
    },
    { now: site.clock.now },
  );
  cookie = await login(site.app);
});
afterAll(async () => {
  await other?.app.close();
  await site?.close();
  await sink?.stop();
});

const on = (app: TestApp, method: 'POST' | 'PUT', url: string, payload: object = {}) =>
  app.app.inject({ method, url, headers: { cookie, origin: 'http://estadia.test' }, ...json(payload) });
const admin = (url: string, payload: object = {}) => on(site, 'POST', url, payload);
const changeDates = (code: string, checkIn: string, checkOut: string, app: TestApp = site) =>
  on(app, 'POST', `/api/admin/bookings/${code}/dates`, { checkIn, checkOut });
const mailList = async (code: string) =>
  (await site.app.inject({ url: `/api/admin/bookings/${code}/mails`, headers: { cookie } })).json().items as Array<{
    id: string;
    kind: string;
    sendAt: string;
    state: string;
  }>;
const bothServersRun = () => Promise.all([site.app.bookingJobs.runOnce(), other.app.bookingJobs.runOnce()]);
const idOf = async (code: string) =>
  (await site.app.db.selectFrom('bookings').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const mailsTo = (email: string, subject: string | RegExp) =>
  sink.received.filter(
    (m) =>
      m.envelope.to.includes(email) &&
      (typeof subject === 'string' ? m.parsed.subject === subject : subject.test(m.parsed.subject ?? '')),
  );

/** Until every mail due by the test's clock has left the outbox (sent through the sink). */
async function delivered() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const waiting = await site.app.db
      .selectFrom('mailOutbox')
      .select('key')
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', new Date(site.clock.now()).toISOString())
      .execute();
    if (waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error(`mails still waiting: ${waiting.map((w) => w.key).join(', ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A stay booked by transfer on 10 January 2027 and paid in full. */
async function paidStay(checkIn: string, checkOut: string, email: string, locale = 'en') {
  site.clock.set(Date.UTC(2027, 0, 10, 10));
  const created = await book(site.app, { paymentMethod: 'bank_transfer', checkIn, checkOut, email, locale });
  expect(created.status).toBe(201);
  const { totalCents } = (await site.app.inject({ url: apiPathOf(created.body.bookingUrl) })).json();
  expect(
    (await admin(`/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: totalCents })).json(),
  ).toMatchObject({ status: 'paid' });
  return { ...created.body, totalCents: totalCents as number };
}

describe("changing a booking's dates", () => {
  it('moves the nights, mails the guest a new .ics, and sends the arrival mail again on the new day, once', async () => {
    const guest = 'mover@example.com';
    const stay = await paidStay('2027-06-14', '2027-06-17', guest);
    // The arrival mail for the old dates goes at 09:00 in Lisbon (08:00 UTC in summer), three days before.
    site.clock.set(Date.parse('2027-06-11T08:00:00Z'));
    await bothServersRun();
    await delivered();
    const arrivalSubject = 'Your arrival at Casa do Lago: how to get there and in';
    expect(mailsTo(guest, arrivalSubject)).toHaveLength(1);

    const changed = await changeDates(stay.code, '2027-06-21', '2027-06-24', other);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      checkIn: '2027-06-21',
      checkOut: '2027-06-24',
      totalCents: stay.totalCents,
    });
    expect(changed.json().history.at(-1)).toMatchObject({
      from: 'paid',
      to: 'paid',
      by: 'owner',
      at: '2027-06-11T08:00:00.000Z',
      note: 'Dates changed from 2027-06-14 – 2027-06-17 to 2027-06-21 – 2027-06-24',
    });

    // The nights, the public availability and the iCal export follow at once.
    const id = await idOf(stay.code);
    expect(
      await site.app.db
        .selectFrom('calendarBlocks')
        .select(['startDate', 'endDate'])
        .where('bookingId', '=', id)
        .execute(),
    ).toEqual([{ startDate: '2027-06-21', endDate: '2027-06-24' }]);
    const unavailable = (await other.app.inject({ url: '/api/availability?from=2027-06-01&to=2027-06-30' })).json()
      .unavailable as Array<{ start: string; end: string }>;
    expect(unavailable).toContainEqual({ start: '2027-06-21', end: '2027-06-24' });
    expect(unavailable.some((r) => r.start <= '2027-06-14' && r.end > '2027-06-14')).toBe(false);
    const { exportUrl } = (await site.app.inject({ url: '/api/admin/calendar', headers: { cookie } })).json();
    const feed = (await other.app.inject({ url: new URL(exportUrl as string).pathname })).body;
    expect(feed).toContain('DTSTART;VALUE=DATE:20270621');
    expect(feed).not.toContain('DTSTART;VALUE=DATE:20270614');

    // The planned mails follow the new dates; the one sent for the old dates stays in the list as sent.
    const planned = await mailList(stay.code);
    expect(
      planned.filter((m) => m.state === 'scheduled' && m.kind !== 'dates_changed').map((m) => [m.kind, m.sendAt]),
    ).toEqual([
      ['arrival', '2027-06-18T08:00:00.000Z'],
      ['reminder', '2027-06-20T08:00:00.000Z'],
      ['review_request', '2027-06-25T09:00:00.000Z'],
    ]);
    expect(planned.filter((m) => m.kind === 'arrival').map((m) => m.state)).toEqual(['sent', 'scheduled']);

    // The guest is told, in their language, with the stay's new dates for their calendar.
    await delivered();
    const [told] = mailsTo(guest, `New dates for your booking at Casa do Lago: ${stay.code}`);
    expect(told?.parsed.text).toContain(
      `your stay now runs from ${formatDayIn('2027-06-21', 'en')} to ${formatDayIn('2027-06-24', 'en')} (before: ${formatDayIn('2027-06-14', 'en')} to ${formatDayIn('2027-06-17', 'en')})`,
    );
    const ics = told?.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    const event = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('dtstart')?.toString()).toBe('2027-06-21');
    expect(event.getFirstPropertyValue('dtend')?.toString()).toBe('2027-06-24');
    expect(event.getFirstPropertyValue('sequence')).toBe(1);

    // Nothing on the old days; the arrival mail goes on the new day, once, with two servers.
    site.clock.set(Date.parse('2027-06-13T08:00:00Z'));
    await bothServersRun();
    site.clock.set(Date.parse('2027-06-18T07:59:00Z'));
    await bothServersRun();
    await delivered();
    expect(mailsTo(guest, arrivalSubject)).toHaveLength(1);
    expect(mailsTo(guest, 'See you tomorrow at Casa do Lago')).toHaveLength(0);
    site.clock.set(Date.parse('2027-06-18T08:00:00Z'));
    await bothServersRun();
    await bothServersRun();
    await delivered();
    const arrivals = mailsTo(guest, arrivalSubject);
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]!.parsed.text).toContain(`Your stay begins on ${formatDayIn('2027-06-21', 'en')}.`);
    site.clock.set(Date.parse('2027-06-20T08:00:00Z'));
    await bothServersRun();
    await bothServersRun();
    await delivered();
    expect(mailsTo(guest, arrivalSubject)).toHaveLength(2);
    expect(mailsTo(guest, 'See you tomorrow at Casa do Lago')).toHaveLength(1);
  });

  it("keeps a planned mail the owner cancelled cancelled, through two changes, each told in the guest's language", async () => {
    const guest = 'cancelled-reminder@example.com';
    const stay = await paidStay('2027-05-03', '2027-05-06', guest, 'pt-PT');
    const reminder = (await mailList(stay.code)).find((m) => m.kind === 'reminder')!;
    expect((await admin(`/api/admin/booking-mails/${reminder.id}/cancel`)).statusCode).toBe(204);
    expect((await changeDates(stay.code, '2027-05-10', '2027-05-13')).statusCode).toBe(200);
    expect((await changeDates(stay.code, '2027-05-17', '2027-05-20')).statusCode).toBe(200);
    const states = (await mailList(stay.code)).map((m) => [m.kind, m.state, m.sendAt]);
    expect(states).toContainEqual(['arrival', 'scheduled', '2027-05-14T08:00:00.000Z']);
    expect(states.filter(([kind]) => kind === 'reminder').map(([, state]) => state)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    site.clock.set(Date.parse('2027-05-16T08:00:00Z'));
    await bothServersRun();
    await delivered();
    // In the guest's language, each change its own mail.
    expect(mailsTo(guest, 'Até amanhã na Casa do Lago')).toHaveLength(0);
    const told = mailsTo(guest, `Novas datas da sua reserva na Casa do Lago: ${stay.code}`);
    expect(told).toHaveLength(2);
    expect(
      told.filter((m) => m.parsed.text?.includes(`passa a ser de ${formatDayIn('2027-05-17', 'pt-PT')}`)),
    ).toHaveLength(1);
    expect(mailsTo(guest, 'A sua chegada à Casa do Lago: como chegar e entrar')).toHaveLength(1);
  });

  it('cancels a mail queued for the old dates and not yet sent, and sends it for the new ones', async () => {
    const guest = 'queued@example.com';
    const stay = await paidStay('2027-12-06', '2027-12-09', guest);
    await delivered();
    const id = await idOf(stay.code);
    // The mail server refuses for now: the arrival mail for the old dates waits in the outbox.
    sink.failWith = { code: 451, message: 'Try again later' };
    try {
      site.clock.set(Date.parse('2027-12-03T09:00:00Z'));
      await bothServersRun();
      const deadline = Date.now() + 20_000;
      const tried = () =>
        site.app.db
          .selectFrom('mailOutbox')
          .select(['status', 'attempts'])
          .where('key', '=', `booking:${id}:arrival`)
          .executeTakeFirst();
      while (!((await tried())?.attempts ?? 0)) {
        if (Date.now() > deadline) throw new Error('the arrival mail was never tried');
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await tried()).toMatchObject({ status: 'pending' });
    } finally {
      sink.failWith = undefined;
    }
    expect((await changeDates(stay.code, '2027-12-13', '2027-12-16')).statusCode).toBe(200);
    const arrivals = (await mailList(stay.code)).filter((m) => m.kind === 'arrival');
    expect(arrivals.map((m) => m.state).sort()).toEqual(['cancelled', 'scheduled']);
    expect(arrivals.find((m) => m.state === 'scheduled')?.sendAt).toBe('2027-12-10T09:00:00.000Z');
    site.clock.set(Date.parse('2027-12-10T09:00:00Z'));
    await bothServersRun();
    await delivered();
    const sent = mailsTo(guest, 'Your arrival at Casa do Lago: how to get there and in');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.parsed.text).toContain(`Your stay begins on ${formatDayIn('2027-12-13', 'en')}.`);
  });

  it('refuses taken nights with 409 dates_unavailable and changes nothing; bad dates are a 400 on their field', async () => {
    const first = await paidStay('2027-11-01', '2027-11-04', 'first@example.com');
    await paidStay('2027-11-08', '2027-11-11', 'second@example.com');
    const id = await idOf(first.code);
    // In a stated order: PostgreSQL returns rows in any order it likes without one.
    const snapshot = async () => ({
      booking: await site.app.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      blocks: await site.app.db
        .selectFrom('calendarBlocks')
        .selectAll()
        .where('bookingId', '=', id)
        .orderBy('id')
        .execute(),
      mails: await site.app.db
        .selectFrom('mailOutbox')
        .select('key')
        .where('key', 'like', `booking:${id}:%`)
        .orderBy('key')
        .execute(),
      history: await site.app.db
        .selectFrom('bookingEvents')
        .select('seq')
        .where('bookingId', '=', id)
        .orderBy('seq')
        .execute(),
    });
    const before = await snapshot();
    const taken = await changeDates(first.code, '2027-11-09', '2027-11-12');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'dates_unavailable', field: 'checkIn' });
    expect(await snapshot()).toEqual(before);

    const refused = async (checkIn: string, checkOut: string) => {
      const answer = await changeDates(first.code, checkIn, checkOut);
      return [answer.statusCode, answer.json().error.field];
    };
    expect(await refused('2027-11-05', '2027-11-05')).toEqual([400, 'checkOut']);
    expect(await refused('2027-02-30', '2027-11-05')).toEqual([400, 'checkIn']);
    expect(await refused('2027-01-09', '2027-01-12')).toEqual([400, 'checkIn']);
    expect(await refused('2027-11-01', '2027-11-04')).toEqual([400, 'checkIn']);

    // Its own nights do not stand in its way: one night later overlaps the old stay.
    expect((await changeDates(first.code, '2027-11-02', '2027-11-05')).json()).toMatchObject({ checkIn: '2027-11-02' });
    await site.app.inject({ method: 'POST', url: apiPathOf(first.bookingUrl, '/cancel') });
    const over = await changeDates(first.code, '2027-11-20', '2027-11-23');
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('conflict');
  });

  it('moves a balance not yet due with the stay, keeping its distance from arrival, and never before today', async () => {
    site.clock.set(Date.UTC(2027, 0, 10, 10));
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-07-31',
      checkOut: '2027-08-07',
      email: 'balance-mover@example.com',
    });
    expect(created.status).toBe(201);
    const before = (await site.app.inject({ url: apiPathOf(created.body.bookingUrl) })).json();
    expect(before.balanceDueOn).toMatch(/^2027-0[67]-\d\d$/);
    const daysBefore = (Date.parse('2027-07-31') - Date.parse(before.balanceDueOn)) / 86_400_000;

    const later = await changeDates(created.body.code, '2027-09-04', '2027-09-11');
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().balanceDueOn).toBe(
      new Date(Date.parse('2027-09-04') - daysBefore * 86_400_000).toISOString().slice(0, 10),
    );

    // So near that the plan's day has passed: the balance is due today, as a booking made now would pay it.
    const sooner = await changeDates(created.body.code, '2027-01-23', '2027-01-30');
    expect(sooner.statusCode, sooner.body).toBe(200);
    expect(sooner.json().balanceDueOn).toBe('2027-01-10');
  });

  it('gives the same nights to one of two changes made at once on two servers', async () => {
    const a = await paidStay('2027-09-06', '2027-09-09', 'a@example.com');
    const b = await paidStay('2027-09-13', '2027-09-16', 'b@example.com');
    const answers = await Promise.all([
      changeDates(a.code, '2027-09-20', '2027-09-23', site),
      changeDates(b.code, '2027-09-21', '2027-09-24', other),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(loser.json().error.code).toBe('dates_unavailable');
    const blocks = await site.app.db
      .selectFrom('calendarBlocks')
      .select(['startDate', 'bookingId'])
      .where('startDate', '>=', '2027-09-01')
      .where('startDate', '<', '2027-10-01')
      .orderBy('startDate')
      .execute();
    const winner = answers[0]!.statusCode === 200 ? a : b;
    const kept = winner === a ? b : a;
    expect(blocks.map((x) => [x.startDate, x.bookingId])).toEqual(
      [
        [kept === a ? '2027-09-06' : '2027-09-13', await idOf(kept.code)],
        [winner === a ? '2027-09-20' : '2027-09-21', await idOf(winner.code)],
      ].sort((x, y) => x[0]!.localeCompare(y[0]!)),
    );
  });
});

describe('the review request switch', () => {
  const thanks = 'Thank you for staying at Casa do Lago';
  const switchTo = (code: string, enabled: boolean) =>
    on(other, 'PUT', `/api/admin/bookings/${code}/review-request`, { enabled });

  it('switched off, no mail and no invitation after check-out; switched back on before, one', async () => {
    const off = await paidStay('2027-10-04', '2027-10-07', 'no-review@example.com');
    const back = await paidStay('2027-10-11', '2027-10-14', 'review-again@example.com');
    expect((await switchTo(off.code, false)).json()).toMatchObject({ reviewRequest: 'off' });
    expect((await switchTo(back.code, false)).json()).toMatchObject({ reviewRequest: 'off' });
    expect((await mailList(back.code)).find((m) => m.kind === 'review_request')?.state).toBe('cancelled');
    expect((await switchTo(back.code, true)).json()).toMatchObject({ reviewRequest: 'on' });
    expect((await switchTo(back.code, 'yes' as unknown as boolean)).json().error).toMatchObject({ field: 'enabled' });

    // Each completed on its check-out day, asked the next day at 10:00 in Lisbon (09:00 UTC in October).
    for (const day of ['2027-10-07', '2027-10-08', '2027-10-14', '2027-10-15', '2027-10-20']) {
      site.clock.set(Date.parse(`${day}T09:00:00Z`));
      await bothServersRun();
      await bothServersRun();
    }
    await delivered();
    expect(mailsTo('no-review@example.com', thanks)).toHaveLength(0);
    expect(mailsTo('review-again@example.com', thanks)).toHaveLength(1);
    const invited = await site.app.db.selectFrom('reviewInvitations').select('bookingId').execute();
    expect(invited.map((i) => i.bookingId)).not.toContain(await idOf(off.code));
    expect(invited.map((i) => i.bookingId)).toContain(await idOf(back.code));

    const list = (await site.app.inject({ url: '/api/admin/bookings?status=past', headers: { cookie } })).json()
      .items as Array<{ code: string; reviewRequest: string }>;
    expect(list.find((b) => b.code === off.code)?.reviewRequest).toBe('off');
    expect(list.find((b) => b.code === back.code)?.reviewRequest).toBe('sent');
    const late = await switchTo(back.code, false);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'conflict', field: 'enabled' });
  });
});
