import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentEditor, contentFile } from '../../../tests/support/server/content-editor.js';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';

// Readers that were handed the content once at start now read the version published since.

let sink: SmtpSink;
let t: TestApp;
beforeEach(async () => {
  sink = await SmtpSink.start();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_TO: 'owner@example.com' });
});
afterEach(async () => {
  await t.close();
  await sink.stop();
});

describe('after a publish', () => {
  it('mails in the new name and colours, and answers the new house rules', async () => {
    const file = contentFile();
    const renamed = {
      ...file,
      name: 'Casa Nova',
      colors: { primary: '#123456', background: '#fafafa' },
      booking: { ...file.booking, houseRules: { en: 'Shoes off inside.', 'pt-PT': 'Descalços.' } },
    };
    await (await contentEditor(t.app)).publishContent(renamed);

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { name: 'Ana', email: 'ana@example.com', message: 'Hello' },
    });
    expect(sent.statusCode).toBe(202);
    const [mail] = await sink.waitFor(1);
    expect(mail!.parsed.from?.value[0]?.name).toBe('Casa Nova');
    expect(mail!.parsed.html).toContain('#123456');
    const options = await t.app.inject('/api/booking/options?locale=pt-PT');
    expect(options.json().houseRules).toBe('Descalços.');
  });
});
