import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';

// Every per-address limit counts the client's real address, by the key of lib/client-key.ts.

let t: TestApp | undefined;
afterEach(async () => t?.close());

async function limitedApp(trustProxy?: string): Promise<TestApp> {
  t = await createTestApp({ SUBMISSIONS_PER_WINDOW: '2', ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) });
  return t;
}

/** One review sent from `remoteAddress` (the socket's peer), with any X-Forwarded-For given. */
function review(app: TestApp, remoteAddress: string, forwardedFor?: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/reviews',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { clientName: 'Ana', rating: 5, comment: 'Lovely lake house.' },
  });
}

async function statuses(app: TestApp, sends: Array<[string, string?]>): Promise<number[]> {
  const codes: number[] = [];
  for (const [peer, forwarded] of sends) codes.push((await review(app, peer, forwarded)).statusCode);
  return codes;
}

describe('the client address behind the limits', () => {
  it('ignores a forged X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const app = await limitedApp('127.0.0.1');
    const forged = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((fake): [string, string] => [
      '203.0.113.9',
      fake,
    ]);
    expect(await statuses(app, forged)).toEqual([201, 201, 429]);
  });

  it('behind a listed proxy, counts the first hop from the right that is not a trusted proxy', async () => {
    const app = await limitedApp('127.0.0.1,10.0.0.0/8');
    // The client forged the left-most entry; the proxies at 10.1.2.3 and 127.0.0.1 are trusted.
    const sends: Array<[string, string]> = [
      ['127.0.0.1', '1.1.1.1, 203.0.113.50, 10.1.2.3'],
      ['127.0.0.1', '2.2.2.2, 203.0.113.50, 10.1.2.3'],
      ['127.0.0.1', '3.3.3.3, 203.0.113.50, 10.1.2.3'],
      ['127.0.0.1', '203.0.113.51, 10.1.2.3'],
    ];
    expect(await statuses(app, sends)).toEqual([201, 201, 429, 201]);
  });

  it('trusts a hop count of proxies and no more', async () => {
    const app = await limitedApp('1');
    const sends: Array<[string, string]> = [
      ['127.0.0.1', '1.1.1.1, 203.0.113.60'],
      ['127.0.0.1', '2.2.2.2, 203.0.113.60'],
      ['127.0.0.1', '3.3.3.3, 203.0.113.60'],
    ];
    expect(await statuses(app, sends)).toEqual([201, 201, 429]);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as its IPv4 address', async () => {
    const app = await limitedApp();
    expect(
      await statuses(app, [['2001:db8:0:1::1'], ['2001:db8:0:1:abcd::7'], ['2001:DB8:0:1:ffff:ffff:ffff:ffff']]),
    ).toEqual([201, 201, 429]);
    expect(await statuses(app, [['2001:db8:0:2::1']])).toEqual([201]);
    expect(await statuses(app, [['192.0.2.10'], ['::ffff:192.0.2.10'], ['192.0.2.10']])).toEqual([201, 201, 429]);
  });
});
