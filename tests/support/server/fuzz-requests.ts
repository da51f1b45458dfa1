import fc, { type Arbitrary } from 'fast-check';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

// Generators of hostile HTTP requests for the API fuzz tests. Every size is bounded so a run
// stays fast: strings up to ~40 KB (past the 16 KB body limit), nesting up to ~9000 levels.

/**
 * Every route the server has, as `METHOD /path`, each fuzzed by a test: the API's in
 * src/server/api-fuzz.security.test.ts (which checks it covers exactly the API part of this list),
 * the built client's in src/server/site/static-traversal.security.test.ts. A route missing here
 * fails src/server/routes-fuzzed.test.ts.
 */
export const FUZZED_API_ROUTES = [
  'GET /healthz',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /api/reviews',
  'POST /api/reviews',
  'POST /api/inquiries',
  'GET /api/availability',
  'GET /api/quote',
  'GET /api/calendar/:token.ics',
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'GET /api/admin/reviews',
  'GET /api/admin/inquiries',
  'POST /api/admin/inquiries/:id/retry',
  'POST /api/admin/inquiries/:id/handled',
  'GET /api/admin/needs-action',
  'POST /api/admin/reviews/:id/approve',
  'DELETE /api/admin/reviews/:id',
  'POST /api/admin/inquiries/:id/confirm',
  'POST /api/admin/inquiries/:id/offer',
  'POST /api/admin/inquiries/:id/decline',
  'POST /api/admin/stays',
  'GET /api/admin/stays',
  'POST /api/admin/stays/:code/guest-link',
  'GET /api/admin/feed-reservations',
  'POST /api/admin/feed-reservations/:uid/not-a-stay',
  'GET /api/admin/feed-reservations/not-stays',
  'GET /api/admin/blocks',
  'POST /api/admin/blocks',
  'DELETE /api/admin/blocks/:id',
  'GET /api/admin/feeds',
  'POST /api/admin/feeds',
  'DELETE /api/admin/feeds/:id',
  'POST /api/admin/feeds/:id/sync',
  'POST /api/admin/feeds/:id/rotate',
  'GET /api/admin/calendar',
  'POST /api/admin/calendar/rotate',
  'GET /api/admin/guest-data',
  'GET /api/admin/guest-data/audit',
  'POST /api/admin/guest-data/erase',
  'GET /api/booking/options',
  'POST /api/bookings',
  'GET /api/bookings/:code',
  'POST /api/bookings/:code/cancel',
  'PUT /api/bookings/:code/refund-account',
  'POST /api/bookings/:code/pay-balance',
  'POST /api/bookings/:code/payment-method',
  'POST /api/bookings/:code/accept-terms',
  'GET /api/bookings/:code/calendar.ics',
  'POST /api/payments/stripe/webhook',
  'GET /api/admin/bookings',
  'GET /api/admin/bookings/:code',
  'POST /api/admin/bookings/:code/accept',
  'POST /api/admin/bookings/:code/decline',
  'POST /api/admin/bookings/:code/resend-link',
  'POST /api/admin/bookings/:code/revoke-links',
  'POST /api/admin/bookings/:code/keep',
  'POST /api/admin/bookings/:code/mark-paid',
  'POST /api/admin/bookings/:code/cancel',
  'POST /api/admin/bookings/:code/refund-account/reveal',
  'POST /api/admin/payments/:paymentId/refund-sent',
  'POST /api/admin/payments/:paymentId/refund-by-transfer',
  'GET /api/review-invitations/:token',
  'PUT /api/admin/reviews/:id/reply',
  'DELETE /api/admin/reviews/:id/reply',
  'POST /api/admin/bookings/:code/dates',
  'POST /api/admin/bookings/:code/party',
  'PUT /api/admin/bookings/:code/review-request',
  'GET /api/admin/bookings/:code/mails',
  'POST /api/admin/booking-mails/:id/cancel',
  'POST /api/admin/booking-mails/:id/send-now',
  'GET /api/admin/content',
  'PUT /api/admin/content/draft',
  'POST /api/admin/content/publish',
  'GET /api/admin/content/versions',
  'GET /api/admin/content/versions/:version',
  'POST /api/admin/content/versions/:version/restore',
  'GET /api/admin/content/preview',
  'GET /api/admin/content/photos',
  'GET /photos/:file',
  'GET /api/admin/photos',
  'POST /api/admin/photos',
  'PATCH /api/admin/photos/:id',
  'DELETE /api/admin/photos/:id',
  'GET /api/bookings/:code/guests',
  'PUT /api/bookings/:code/guests/:index',
  'GET /api/admin/registrations',
  'GET /api/admin/tourist-tax',
  'PUT /api/admin/bookings/:code/tourist-tax-exemptions',
  'GET /api/admin/bookings/:code/tourist-tax-exemptions',
  'GET /api/admin/registrations/:bookingCode/siba.xml',
  'POST /api/admin/registrations/:bookingCode/mark-sent',
  'POST /api/admin/registrations/:bookingCode/send',
  'PUT /api/admin/registrations/:bookingCode/guests/:index',
  'POST /api/admin/login/options',
  'POST /api/admin/login/second-factor',
  'POST /api/admin/reauth',
  'POST /api/admin/reauth/options',
  'GET /api/admin/2fa',
  'POST /api/admin/2fa/totp/setup',
  'POST /api/admin/2fa/totp/confirm',
  'POST /api/admin/2fa/webauthn/options',
  'POST /api/admin/2fa/webauthn',
  'POST /api/admin/2fa/recovery-codes',
  'POST /api/admin/2fa/remove',
  'GET /api/admin/audit',
  'GET /api/admin/readiness',
  'GET /api/admin/preferences',
  'PUT /api/admin/preferences',
  'GET /api/admin/houses',
  'PUT /api/bookings/:code/nif',
  'GET /api/bookings/:code/documents',
  'GET /api/bookings/:code/documents/:paymentId/pdf',
  'GET /api/admin/stays/:code/documents',
  'GET /api/admin/stays/:code/documents/:paymentId/pdf',
  'PUT /api/admin/bookings/:code/nif',
  'POST /api/admin/bookings/:code/nif-correction',
  'GET /api/admin/to-invoice',
  'GET /api/admin/to-invoice.csv',
  'POST /api/admin/to-invoice/:paymentId/done',
  'GET /api/admin/reports',
  'GET /api/admin/export.csv',
] as const;
export const FUZZED_CLIENT_ROUTES = [
  'GET /',
  'GET /*',
  'GET /assets/img/:file',
  'GET /pt',
  'GET /pt/',
  'GET /privacy',
  'GET /pt/privacy',
] as const;

export interface FuzzRequest {
  method: string;
  /** Path and query as they go on the wire; inject normalises them, the raw socket does not. */
  url: string;
  headers: Record<string, string>;
  /** The bytes sent, after any Content-Encoding. */
  body?: Buffer;
  /** The body before Content-Encoding, for tests that need to know what the server will read. */
  plainBody?: Buffer;
  remoteAddress: string;
}

/** Characters that break naive code: controls, lone surrogates, invisible and direction marks, markup. */
export const oddChar: Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\u0001',
    '\b',
    '\t',
    '\n',
    '\r',
    '\u000b',
    '\u001b',
    '\u007f',
    '\u0085',
    '\u2028',
    '\u2029',
    '\ufeff',
    '\u200b',
    '\u202e',
    '\ufffd',
    '\uffff',
  ),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('😀', '👩‍👩‍👧', 'e\u0301', 'é', 'İ', 'ß', '𝔘', '\u{10ffff}', '中', 'ﷺ'),
  fc.constantFrom('<', '>', '"', "'", '&', '\\', '/', '%', '$', '{', '}', '`', ';', '=', '?', '#', '+', ' '),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
);

export const oddString = fc.string({ unit: oddChar, maxLength: 40 });

// eslint-disable-next-line no-control-regex -- the characters a one-line field refuses
const LINE_BREAKING = /[\u0000-\u001f\u007f\u2028\u2029]/;

/** Like oddChar, but what a one-line field (a name) accepts, so valid-shaped input gets past the validator. */
export const oneLineChar: Arbitrary<string> = oddChar.filter((c) => !LINE_BREAKING.test(c));

const TRICKY = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x1F',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  "' OR '1'='1",
  '"; DROP TABLE reviews; --',
  '../../../../etc/passwd',
  '%2e%2e%2f',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'Eve\r\nBcc: victim@example.com',
  '\ud800',
  '\udfff\ud800',
  'a\u0000b',
];

/** Up to ~40 KB of one repeated unit; cutting it at the length may split a surrogate pair on purpose. */
export const hugeString: Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.constant('x'), fc.string({ unit: oddChar, minLength: 1, maxLength: 3 })),
    fc.integer({ min: 1_000, max: 40_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

export const anyString: Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string(), weight: 3 },
  { arbitrary: oddString, weight: 3 },
  { arbitrary: fc.constantFrom(...TRICKY), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
);

/** A value of the wrong type or out of range for almost any field. */
export const wrongValue: Arbitrary<unknown> = fc.oneof(
  anyString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e300),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(anyString, { maxLength: 3 }),
  fc.dictionary(oddString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Number literals JSON.stringify cannot write, spliced into the text in place of a marker value. */
const NUMBER_MARKER = '\u0000number\u0000';
const ODD_NUMBERS = [
  '1e400',
  '-1e400',
  '-0',
  '1.0000000000000001',
  '9007199254740993',
  '4.9e-324',
  '1E2',
  '0.5e1',
  '00',
  '+1',
  '.5',
  '1.',
  '0x10',
];

/** One object of the valid shape with exactly one field wrong, missing, or one field too many. */
export function nearValid(valid: Arbitrary<Record<string, unknown>>): Arbitrary<string> {
  return fc
    .tuple(valid, fc.nat(), wrongValue, fc.constantFrom(...ODD_NUMBERS), fc.boolean())
    .map(([object, pick, value, number, useNumber]) => {
      const keys = [...Object.keys(object), 'unexpected', 'isApproved', 'id'];
      const key = keys[pick % keys.length]!;
      const copy: Record<string, unknown> = { ...object };
      Object.defineProperty(copy, key, {
        value: useNumber ? NUMBER_MARKER : value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return JSON.stringify(copy).replace(JSON.stringify(NUMBER_MARKER), number);
    });
}

const BROKEN_JSON = [
  '{',
  '}',
  '[',
  '{"a":}',
  "{'a':1}",
  '[1,]',
  '{"a":1,}',
  'NaN',
  'undefined',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '{"a":"\\x41"}',
  '{"a":"\\u00"}',
  '"\\ud800"',
  '1e99999',
  '-',
  '"unterminated',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  'null',
  'true',
  '0',
  '""',
  '[]',
  '{}',
  ' ',
  '\u0000',
  '{"a":"\u0000"}',
  '{"a":"\n"}',
  '/* comment */ {}',
  '{"a":1} // comment',
];

function brokenJson(valid: Arbitrary<Record<string, unknown>>): Arbitrary<string> {
  return fc.oneof(
    fc.tuple(valid, fc.nat()).map(([object, cut]) => {
      const text = JSON.stringify(object);
      return text.slice(0, cut % Math.max(1, text.length));
    }),
    fc.constantFrom(...BROKEN_JSON),
    fc.string({ unit: oddChar, maxLength: 60 }),
    fc.tuple(valid, anyString).map(([object, junk]) => JSON.stringify(object) + junk),
  );
}

const deepNesting: Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100, max: 9_000 }), fc.constantFrom(['[', ']'] as const, ['{"a":', '}'] as const))
  .map(([depth, [open, close]]) => `${open.repeat(depth)}1${close.repeat(depth)}`);

/** A valid-shaped object with one field made huge, so the body limit and the field limits both get their turn. */
function hugeField(valid: Arbitrary<Record<string, unknown>>): Arbitrary<string> {
  return fc.tuple(valid, fc.nat(), hugeString).map(([object, pick, huge]) => {
    const keys = Object.keys(object);
    const key = keys.length > 0 ? keys[pick % keys.length]! : 'huge';
    return JSON.stringify({ ...object, [key]: huge });
  });
}

/** A JSON text with one raw byte that is not UTF-8 (or an overlong form) inside a string value. */
function invalidUtf8(valid: Arbitrary<Record<string, unknown>>): Arbitrary<Buffer> {
  return fc
    .tuple(
      valid,
      fc.constantFrom([0xff], [0xfe, 0xff], [0xc0, 0xae], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80]),
    )
    .map(([object, bytes]) => {
      const text = JSON.stringify({ ...object, junk: 'MARK' });
      const at = text.indexOf('MARK');
      return Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from(bytes), Buffer.from(text.slice(at + 4))]);
    });
}

/** Request bodies for a route whose valid input `valid` generates. */
export function bodyFor(valid: Arbitrary<Record<string, unknown>>): Arbitrary<Buffer> {
  const text = fc.oneof(
    { arbitrary: nearValid(valid), weight: 4 },
    { arbitrary: valid.map((object) => JSON.stringify(object)), weight: 2 },
    { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'), weight: 2 },
    { arbitrary: brokenJson(valid), weight: 2 },
    { arbitrary: hugeField(valid), weight: 1 },
    { arbitrary: deepNesting, weight: 1 },
  );
  return fc.oneof(
    { arbitrary: text.map((t) => Buffer.from(t, 'utf8')), weight: 12 },
    { arbitrary: invalidUtf8(valid), weight: 1 },
    { arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)), weight: 1 },
  );
}

export const contentType: Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=utf-16le',
      'application/json; charset=latin1',
      'application/json;;',
      'application/json, text/plain',
      'application/json ; x=y',
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/vnd.api+json',
      'application/jsonp',
      'application/xml',
      '*/*',
      '',
      ';',
      'application/',
    ),
    weight: 4,
  },
  { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), weight: 1 },
);

/** Answers to decompress: a bomb that is small on the wire and far past the body limit once inflated. */
const GZIP_BOMB = gzipSync(Buffer.alloc(4 * 1024 * 1024, ' '));

interface Encoding {
  header?: string;
  encode: (body: Buffer) => Buffer;
}

export const contentEncoding: Arbitrary<Encoding> = fc.oneof(
  { arbitrary: fc.constant<Encoding>({ encode: (b) => b }), weight: 12 },
  {
    arbitrary: fc.constantFrom<Encoding>(
      { header: 'gzip', encode: (b) => gzipSync(b) },
      { header: 'br', encode: (b) => brotliCompressSync(b) },
      { header: 'deflate', encode: (b) => deflateSync(b) },
      { header: 'gzip', encode: (b) => b },
      { header: 'gzip', encode: () => GZIP_BOMB },
      { header: 'identity', encode: (b) => b },
      { header: 'x-unknown', encode: (b) => b },
      { header: 'gzip, br', encode: (b) => brotliCompressSync(gzipSync(b)) },
    ),
    weight: 2,
  },
);

export const acceptEncoding: Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      'gzip',
      'br',
      'deflate',
      'gzip, deflate, br',
      '*',
      'identity;q=0',
      'gzip;q=0, br;q=0, identity;q=0, *;q=0',
      'x-foo',
      ';;;q=x',
    ),
    weight: 2,
  },
  { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), weight: 1 },
);

export const SESSION_COOKIE = 'estadia_session';

/** Cookie headers that are not a valid session: empty, unknown tokens of the right shape, junk. */
export const badCookie: Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    `${SESSION_COOKIE}=`,
    `${SESSION_COOKIE}=a; ${SESSION_COOKIE}=b`,
    `__Host-${SESSION_COOKIE}=${'A'.repeat(43)}`,
    `${SESSION_COOKIE}=%E0%A4%A`,
    `${SESSION_COOKIE}="quoted"`,
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((token) => `${SESSION_COOKIE}=${token}`),
  fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map((value) => `${SESSION_COOKIE}=${value}`),
  fc.string({ unit: 'grapheme-ascii', maxLength: 80 }),
);

/** Origin headers: mostly none or the site's own (so the guards after it get their turn), else foreign or junk. */
export function foreignOrigin(site: string): Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 3 },
    { arbitrary: fc.constant(site), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        'http://evil.example',
        'null',
        `${site}.evil.example`,
        site.replace('http:', 'https:'),
        `${site}:80`,
        site.toUpperCase(),
        `${site}/`,
        '',
      ),
      weight: 2,
    },
    { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 60 }), weight: 1 },
  );
}

export const referer: Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      ':::',
      'http://evil.example/page',
      'http://estadia.test/admin',
      'http://evil.example/http://estadia.test',
      '/relative',
    ),
    weight: 1,
  },
);

export const remoteAddress = fc.constantFrom(
  '127.0.0.1',
  '::1',
  '10.1.2.3',
  '2001:db8::7',
  '::ffff:10.0.0.9',
  '192.0.2.200',
);

/** Every byte outside the unreserved set as %XX; unlike encodeURIComponent it accepts lone surrogates. */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Path parameters: traversal, broken percent-encoding, NUL, SQL, very long, unicode raw and encoded. */
export function pathParam(knownIds: string[]): Arbitrary<string> {
  return fc.oneof(
    { arbitrary: knownIds.length > 0 ? fc.constantFrom(...knownIds) : fc.uuid(), weight: 2 },
    { arbitrary: fc.uuid(), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '..%2f..%2f',
        '%2e%2e%2f%2e%2e%2fhealthz',
        '..%5c..%5c',
        '%00',
        '%',
        '%zz',
        '%E0%A4%A',
        '%c0%ae',
        '%ff',
        '~',
        '%20',
        '+',
        'null',
        'undefined',
        '0',
        '-1',
        "1' OR '1'='1",
        '%27%20OR%20%271%27%3D%271',
        ';',
        ':id',
        '*',
        '%2F',
        '%252e%252e',
        '__proto__',
        'constructor',
      ),
      weight: 3,
    },
    { arbitrary: anyString.filter((s) => s.length < 2_000).map(percentEncode), weight: 2 },
    { arbitrary: fc.integer({ min: 90, max: 5_000 }).map((n) => 'a'.repeat(n)), weight: 1 },
    { arbitrary: fc.string({ unit: oddChar, minLength: 1, maxLength: 20 }), weight: 1 },
  );
}

/** Query strings no form would send: broken escapes, repeats, prototype keys, raw odd characters. */
export const oddQuery: Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(''), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      '?',
      '?&',
      '?=',
      '?%',
      '?%zz',
      '?a=%E0%A4%A',
      '?a=%00',
      '?__proto__[x]=1',
      '?__proto__=1',
      '?constructor=1',
      '?a[]=1&a[]=2',
      '?;',
      '?a=1;b=2',
      '?%2e%2e/%2e%2e',
      '?a=1&a=2&a=3',
    ),
    weight: 2,
  },
  {
    arbitrary: fc.dictionary(oddString, anyString, { maxKeys: 4 }).map(
      (d) =>
        `?${Object.entries(d)
          .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
          .join('&')}`,
    ),
    weight: 2,
  },
  { arbitrary: fc.string({ unit: oddChar, maxLength: 30 }).map((s) => `?${s}`), weight: 1 },
);

/** A query string from chosen key/value generators, each value raw or escaped, sometimes repeated. */
export function queryOf(params: Record<string, Arbitrary<string>>): Arbitrary<string> {
  const entries = Object.entries(params).map(([key, value]) =>
    fc.option(
      fc.tuple(value, fc.boolean(), fc.boolean()).map(([v, escape, twice]) => {
        const pair = `${key}=${escape ? percentEncode(v) : v}`;
        return twice ? `${pair}&${pair}` : pair;
      }),
      { nil: undefined },
    ),
  );
  return fc.oneof(
    {
      arbitrary: fc.tuple(...entries).map((pairs) => {
        const q = pairs.filter((p) => p !== undefined).join('&');
        return q ? `?${q}` : '';
      }),
      weight: 4,
    },
    { arbitrary: oddQuery, weight: 1 },
  );
}

export const STANDARD_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Mostly the route's own method, sometimes another one. */
export function methodFor(own: string): Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant(own), weight: 9 },
    { arbitrary: fc.constantFrom(...STANDARD_METHODS), weight: 1 },
  );
}

export interface RequestShape {
  method: Arbitrary<string>;
  url: Arbitrary<string>;
  /** Bodies for routes that read one; others still get one now and then. */
  body?: Arbitrary<Buffer>;
  /** Extra headers (session cookie, Origin...) decided by the caller. */
  headers?: Arbitrary<Record<string, string | undefined>>;
}

const strayBody = bodyFor(fc.constant({}));

/** Puts the pieces together into one request: body, its content type and encoding, and the headers. */
export function fuzzRequest(shape: RequestShape): Arbitrary<FuzzRequest> {
  const body = shape.body
    ? fc.option(shape.body, { freq: 20, nil: undefined })
    : fc.option(strayBody, { freq: 2, nil: undefined });
  return fc
    .record({
      method: shape.method,
      url: shape.url,
      body,
      contentType,
      encoding: contentEncoding,
      accept: acceptEncoding,
      extra: shape.headers ?? fc.constant<Record<string, string | undefined>>({}),
      remoteAddress,
    })
    .map(({ method, url, body: plainBody, contentType: type, encoding, accept, extra, remoteAddress: ip }) => {
      const headers: Record<string, string> = {};
      if (plainBody !== undefined && type !== undefined) headers['content-type'] = type;
      if (plainBody !== undefined && encoding.header) headers['content-encoding'] = encoding.header;
      if (accept !== undefined) headers['accept-encoding'] = accept;
      for (const [name, value] of Object.entries(extra)) if (value !== undefined) headers[name] = value;
      const sent = plainBody === undefined ? undefined : encoding.encode(plainBody);
      return { method, url, headers, body: sent, plainBody, remoteAddress: ip };
    });
}

/** The request as bytes on the wire, with the target exactly as generated. */
export function toWire(
  request: FuzzRequest,
  options: { version?: string; chunked?: boolean; host?: string; rawHeaders?: readonly string[] } = {},
): Buffer {
  const lines = [
    `${request.method} ${request.url} ${options.version ?? 'HTTP/1.1'}`,
    `Host: ${options.host ?? 'estadia.test'}`,
    'Connection: close',
  ];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  lines.push(...(options.rawHeaders ?? []));
  const body = request.body;
  let payload: Buffer = Buffer.alloc(0);
  if (body !== undefined && options.chunked) {
    lines.push('Transfer-Encoding: chunked');
    const half = Math.floor(body.length / 2);
    const chunks = [body.subarray(0, half), body.subarray(half)].filter((c) => c.length > 0);
    payload = Buffer.concat([
      ...chunks.flatMap((c) => [Buffer.from(`${c.length.toString(16)}\r\n`), c, Buffer.from('\r\n')]),
      Buffer.from('0\r\n\r\n'),
    ]);
  } else if (body !== undefined) {
    lines.push(`Content-Length: ${body.length}`);
    payload = body;
  }
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), payload]);
}
