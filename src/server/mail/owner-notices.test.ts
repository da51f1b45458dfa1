import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { FeedServer } from '../../../tests/support/server/feed-server.js';
import { type ReceivedMail, SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { checkNightHolders } from '../bookings/night-holders.js';

// The owner's mails about no one booking (an inquiry, the calendar's check, a feed's alerts) speak
// the admin's language, as every owner mail does (decisions 0055 and 0065): each is sent in English
// and in Portuguese of Portugal here, through the real delivery to an SMTP server.

let sink: SmtpSink;
let feeds: FeedServer;
let site: TestApp & { clock: TestClock };
let cookie: string;

beforeAll(async () => {
  sink = await SmtpSink.start();
  feeds = await FeedServer.start();
  site = await createBookingSite({
    env: {
      SMTP_URL: sink.url,
      MAIL_TO: 'owner@casa.example',
      MAIL_FROM: 'site@casa.example',
      CALENDAR_ALLOW_PRIVATE_HOSTS: 'true',
      SUBMISSIONS_PER_WINDOW: '1000',
    },
  });
  cookie = await login(site.app);
});
afterAll(async () => {
  await site?.close();
  await feeds?.close();
  await sink?.stop();
});

const headers = () => ({ cookie, origin: 'http://estadia.test' });
async function speak(locale: 'en' | 'pt-PT') {
  const response = await site.app.inject({
    method: 'PUT',
    url: '/api/admin/preferences',
    headers: headers(),
    ...json({ locale }),
  });
  expect(response.statusCode, response.body).toBe(204);
}

/** The next mail the sink receives whose subject matches, waiting for the delivery worker. */
async function mailMatching(subject: RegExp): Promise<ReceivedMail> {
  site.app.deliveries.notify();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = sink.received.find((m) => subject.test(m.parsed.subject ?? ''));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no mail ${String(subject)}: ${sink.received.map((m) => m.parsed.subject).join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the owner's other mails, in the admin's language", () => {
  it('writes an inquiry in English, then in Portuguese, with its days in that language', async () => {
    const inquiry = (name: string) =>
      site.app.inject({
        method: 'POST',
        url: '/api/inquiries',
        ...json({
          name,
          email: 'guest@example.com',
          guests: 2,
          checkIn: '2027-05-10',
          checkOut: '2027-05-13',
          message: 'Is May free?',
        }),
      });
    await speak('en');
    expect((await inquiry('Ann Lee')).statusCode).toBe(202);
    const english = await mailMatching(/Ann Lee/);
    expect(english.parsed.subject).toBe('New booking inquiry from Ann Lee');
    expect(english.parsed.text).toContain('Check-in: 10 May 2027');
    expect(english.parsed.text).toContain('Check-out: 13 May 2027');
    expect(english.parsed.text).toContain('Guests: 2');
    expect(english.parsed.html).toContain('lang="en"');

    await speak('pt-PT');
    expect((await inquiry('Rui Costa')).statusCode).toBe(202);
    const portuguese = await mailMatching(/Rui Costa/);
    expect(portuguese.parsed.subject).toBe('Novo pedido de informação de Rui Costa');
    expect(portuguese.parsed.text).toContain('Entrada: 10 de maio de 2027');
    expect(portuguese.parsed.text).toContain('Saída: 13 de maio de 2027');
    expect(portuguese.parsed.text).toContain('Hóspedes: 2');
    expect(portuguese.parsed.text).toContain('Mensagem: Is May free?');
    expect(portuguese.parsed.text).not.toMatch(/Check-in|Guests|New booking/);
    expect(portuguese.parsed.html).toContain('lang="pt"');
  });

  it("writes the calendar check's findings in English, then in Portuguese, with statuses in words", async () => {
    const lose = async (checkIn: string, checkOut: string) => {
      const booked = await book(site.app, { paymentMethod: 'bank_transfer', checkIn, checkOut });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const { id } = await site.app.db
        .selectFrom('bookings')
        .select('id')
        .where('code', '=', booked.body.code)
        .executeTakeFirstOrThrow();
      // A booking whose hold went: the alarm the check exists for.
      await site.app.db.deleteFrom('calendarBlocks').where('bookingId', '=', id).execute();
      return booked.body.code;
    };
    await speak('en');
    const first = await lose('2027-03-08', '2027-03-11');
    expect(await checkNightHolders(site.app.bookings)).toHaveLength(1);
    const english = await mailMatching(/^Check your calendar/);
    expect(english.parsed.text).toContain(
      `Booking ${first} (awaiting payment, 8 March 2027 to 11 March 2027) does not hold exactly its nights.`,
    );

    await speak('pt-PT');
    const second = await lose('2027-04-12', '2027-04-15');
    expect(await checkNightHolders(site.app.bookings)).toHaveLength(2);
    const portuguese = await mailMatching(/^Verifique o calendário/);
    expect(portuguese.parsed.text).toContain(
      `A reserva ${second} (a aguardar pagamento, 12 de abril de 2027 a 15 de abril de 2027) não ocupa exatamente as suas noites.`,
    );
    expect(portuguese.parsed.text).toContain(`A reserva ${first} (a aguardar pagamento,`);
    expect(portuguese.parsed.text).not.toMatch(/awaiting|Booking|does not hold/);
  });

  it("writes a feed's failing and recovered alerts in English, then in Portuguese", async () => {
    const alerts = async (name: string) => {
      feeds.set(`/${name}.ics`, { status: 500 });
      const added = await site.app.inject({
        method: 'POST',
        url: '/api/admin/feeds',
        headers: headers(),
        payload: { name, url: feeds.url(`/${name}.ics`) },
      });
      expect(added.statusCode, added.body).toBe(201);
      const { id } = added.json() as { id: string };
      const sync = async () =>
        expect(
          (await site.app.inject({ method: 'POST', url: `/api/admin/feeds/${id}/sync`, headers: headers() }))
            .statusCode,
        ).toBe(200);
      await sync();
      // Failing since 31 minutes ago, as if the first sync had run then.
      await site.app.db
        .updateTable('calendarFeeds')
        .set({ failingSince: new Date(Date.now() - 31 * 60_000).toISOString() })
        .where('id', '=', id)
        .execute();
      await sync();
      const failing = await mailMatching(new RegExp(name));
      feeds.set(`/${name}.ics`, 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n');
      await sync();
      const recovered = sink.received.filter((m) => m.parsed.subject?.includes(name))[1];
      return { failing, recovered };
    };
    await speak('en');
    const english = await alerts('Airbnb');
    expect(english.failing.parsed.subject).toMatch(
      /^Calendar feed "Airbnb" has been failing since \d{1,2} [A-Z][a-z]+ \d{4}/,
    );
    expect(english.failing.parsed.text).toContain('Last error');
    expect(english.recovered?.parsed.subject).toBe('Calendar feed "Airbnb" works again');

    await speak('pt-PT');
    const portuguese = await alerts('Vrbo');
    expect(portuguese.failing.parsed.subject).toMatch(/^O calendário «Vrbo» falha desde \d{1,2} de [a-zç]+ de \d{4}/);
    expect(portuguese.failing.parsed.text).toContain('Último erro');
    expect(portuguese.failing.parsed.text).toContain('500');
    expect(portuguese.failing.parsed.text).not.toMatch(/Last error|could not be imported/);
    expect(portuguese.recovered?.parsed.subject).toBe('O calendário «Vrbo» voltou a funcionar');
  });
});

describe('an inquiry declined with mail set up', () => {
  it('answers mailed: true, and the guest gets the answer in their language', async () => {
    const sent = await site.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      ...json({ name: 'Inês Dias', email: 'ines@example.com', message: 'Há vagas?', locale: 'pt-PT' }),
    });
    expect(sent.statusCode).toBe(202);
    const { id } = await site.app.db
      .selectFrom('inquiries')
      .select('id')
      .where('email', '=', 'ines@example.com')
      .executeTakeFirstOrThrow();
    const declined = await site.app.inject({
      method: 'POST',
      url: `/api/admin/inquiries/${id}/decline`,
      headers: headers(),
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ mailed: true });
    const answer = await mailMatching(/^O seu pedido de informação/);
    expect(answer.envelope.to).toEqual(['ines@example.com']);
  });
});
