import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults that serve http://localhost:3000 from the embedded SQLite file', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      databaseUrl: 'file:./data/estadia.sqlite',
      siteUrl: 'http://localhost:3000',
      trustProxy: false,
      adminPassword: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'file:/var/lib/estadia/db.sqlite',
      ADMIN_PASSWORD: 'a-long-enough-password',
      SITE_URL: 'https://casa.example/',
      TRUST_PROXY: '127.0.0.1, ::1,10.0.0.0/8',
      SUBMISSIONS_PER_WINDOW: '3',
      SUBMISSION_WINDOW_MINUTES: '5',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'file:/var/lib/estadia/db.sqlite',
      adminPassword: 'a-long-enough-password',
      siteUrl: 'https://casa.example',
      trustProxy: ['127.0.0.1', '::1', '10.0.0.0/8'],
      submissionLimit: { max: 3, windowMs: 300_000 },
    });
  });

  it('names every bad variable in one readable message', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        SITE_URL: 'ftp://x',
        ADMIN_PASSWORD: 'short',
        DATABASE_URL: 'mysql://x',
        TRUST_PROXY: 'maybe',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'SITE_URL', 'ADMIN_PASSWORD', 'DATABASE_URL', 'TRUST_PROXY']) {
      expect(message).toContain(`${name}:`);
    }
    expect(message).not.toMatch(/\n\s+at /);
  });

  it('takes TRUST_PROXY as a list of addresses and ranges or a hop count, and refuses true', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8' }).trustProxy).toEqual(['fd00::/8']);
    for (const [value, said] of [
      ['true', /TRUST_PROXY: "true" would believe any X-Forwarded-For.*such as 127\.0\.0\.1,::1.*such as 1\)/],
      ['127.0.0.1,proxy.local', /TRUST_PROXY: "proxy\.local" is not an address or CIDR range/],
      ['10.0.0.0/33', /TRUST_PROXY: "10\.0\.0\.0\/33" is not/],
    ] as const) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(said);
    }
  });

  it('reads the mail settings, MAIL_FROM defaulting to MAIL_TO', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      MAIL_TO: 'owner@casa.example',
      INQUIRY_RETENTION_DAYS: '30',
      CONTENT_DIR: '/srv/casa',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://user:pass@mail.example:587',
      requireTls: true,
      to: 'owner@casa.example',
      from: 'owner@casa.example',
    });
    expect(config.inquiryRetentionDays).toBe(30);
    expect(config.contentDir).toBe('/srv/casa');
    expect(loadConfig({}).inquiryRetentionDays).toBe(90);
  });

  it('requires MAIL_TO with SMTP_URL, and refuses bad mail settings by name', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example' })).toThrow(/MAIL_TO: is required when SMTP_URL is set/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example', MAIL_TO: 'a@b.example' })).toThrow(/SMTP_URL:/);
    expect(() => loadConfig({ MAIL_TO: 'not an address' })).toThrow(/MAIL_TO:/);
    expect(() => loadConfig({ INQUIRY_RETENTION_DAYS: '0' })).toThrow(/INQUIRY_RETENTION_DAYS:/);
  });

  it('takes a PostgreSQL URL with a pool size, and refuses a bad pool size by name', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://estadia:secret@db.internal:5432/estadia',
      DATABASE_POOL_SIZE: '20',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://estadia:secret@db.internal:5432/estadia',
      databasePoolSize: 20,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://h/db' }).databasePoolSize).toBe(10);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE:/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://' })).toThrow(/DATABASE_URL:/);
  });

  it('takes the Stripe keys as a pair, and refuses one without the other or a key of the wrong kind, by name', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_xyz',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).stripe,
    ).toEqual({ secretKey: 'sk_test_abc123', webhookSecret: 'whsec_xyz', apiUrl: 'http://127.0.0.1:12111' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_xyz' })).toThrow(/STRIPE_SECRET_KEY: is required/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_xyz' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
  });

  it('reads the content from the database by default, or from the files, and refuses anything else by name', () => {
    expect(loadConfig({}).contentSource).toBe('database');
    expect(loadConfig({ CONTENT_SOURCE: 'files' }).contentSource).toBe('files');
    expect(() => loadConfig({ CONTENT_SOURCE: 'git' })).toThrow(/CONTENT_SOURCE: must be database .* or files/);
  });

  it('takes the SIBA credentials as three, with the data key, and refuses each missing one by name', () => {
    const key = Buffer.alloc(32, 1).toString('hex');
    const siba = {
      SIBA_UNIT_CODE: '123456789',
      SIBA_ESTABLISHMENT: '00',
      SIBA_ACCESS_KEY: 'k',
      SIBA_URL: 'https://siba.ssi.gov.pt/baws/boletinsalojamento.asmx',
    };
    expect(loadConfig({ ...siba, DATA_ENCRYPTION_KEY: key }).siba).toEqual({
      credentials: { unit: '123456789', establishment: '00', accessKey: 'k' },
      url: 'https://siba.ssi.gov.pt/baws/boletinsalojamento.asmx',
      service: 'production',
      idCardCode: 'B',
    });
    expect(loadConfig({}).siba).toMatchObject({ credentials: undefined, service: 'file' });
    expect(() => loadConfig({ SIBA_UNIT_CODE: '123456789', DATA_ENCRYPTION_KEY: key })).toThrow(
      /SIBA_ESTABLISHMENT: is required[\s\S]*SIBA_ACCESS_KEY: is required/,
    );
    expect(() => loadConfig(siba)).toThrow(/DATA_ENCRYPTION_KEY: is required when SIBA_UNIT_CODE is set/);
  });

  it('refuses SIBA credentials without SIBA_URL, naming both services, and a SIBA_URL that is not https', () => {
    const key = Buffer.alloc(32, 1).toString('hex');
    const siba = {
      SIBA_UNIT_CODE: '123456789',
      SIBA_ESTABLISHMENT: '00',
      SIBA_ACCESS_KEY: 'k',
      DATA_ENCRYPTION_KEY: key,
    };
    expect(() => loadConfig(siba)).toThrow(
      /SIBA_URL: is required with the SIBA credentials: https:\/\/siba\.ssi\.gov\.pt\/baws\/boletinsalojamento\.asmx \(production\) or https:\/\/siba\.ssi\.gov\.pt\/bawsdev\/boletinsalojamento\.asmx \(test/,
    );
    for (const url of [
      'http://siba.ssi.gov.pt/baws/boletinsalojamento.asmx',
      'http://10.0.0.5/baws/boletinsalojamento.asmx',
      'ftp://siba.ssi.gov.pt/baws/boletinsalojamento.asmx',
      'siba.ssi.gov.pt/baws',
    ])
      expect(() => loadConfig({ ...siba, SIBA_URL: url }), url).toThrow(/SIBA_URL: must be/);
    expect(() => loadConfig({ ...siba, SIBA_URL: 'http://siba.example/baws/x' })).toThrow(
      /SIBA_URL: must be https:\/\/[^\n]*https:\/\/siba\.ssi\.gov\.pt\/baws\/[^\n]*https:\/\/siba\.ssi\.gov\.pt\/bawsdev\//,
    );
    // Plain http only to this machine: the tests' fake, or a local tunnel.
    for (const [url, service] of [
      ['https://siba.ssi.gov.pt/bawsdev/boletinsalojamento.asmx', 'test'],
      ['http://127.0.0.1:8123/bawsdev/boletinsalojamento.asmx', 'test'],
      ['http://[::1]:8123/baws/boletinsalojamento.asmx', 'production'],
      ['http://localhost:8123/baws/boletinsalojamento.asmx', 'production'],
    ] as const)
      expect(loadConfig({ ...siba, SIBA_URL: url }).siba).toMatchObject({ url, service });
    expect(() => loadConfig({ SIBA_ID_CARD_CODE: 'X' })).toThrow(/SIBA_ID_CARD_CODE: must be B or I/);
    expect(() => loadConfig({ SIBA_UNIT_CODE: '12' })).toThrow(/SIBA_UNIT_CODE: must be the unit's NIF/);
  });

  it('takes the administrator password or its hash, not both, and refuses a hash it cannot check by name', () => {
    const hash = `scrypt$131072$8$1$${Buffer.alloc(16, 1).toString('base64')}$${Buffer.alloc(32, 2).toString('base64')}`;
    expect(loadConfig({ ADMIN_PASSWORD_HASH: hash })).toMatchObject({ adminPasswordHash: hash });
    expect(() => loadConfig({ ADMIN_PASSWORD_HASH: hash, ADMIN_PASSWORD: 'a-long-enough-password' })).toThrow(
      /ADMIN_PASSWORD_HASH: cannot be set together with ADMIN_PASSWORD/,
    );
    for (const bad of [
      'a-long-enough-password',
      hash.replace('131072', '100000'),
      hash.replace('scrypt', 'bcrypt'),
      hash.slice(0, -8),
      `scrypt$${2 ** 22}$8$1$${hash.split('$').slice(4).join('$')}`,
    ])
      expect(() => loadConfig({ ADMIN_PASSWORD_HASH: bad }), bad).toThrow(
        /ADMIN_PASSWORD_HASH: must be a hash made by npm run password:hash/,
      );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', ADMIN_PASSWORD: '' })).toMatchObject({ port: 3000, adminPassword: undefined });
  });

  it('is frozen', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.submissionLimit)).toBe(true);
  });
});
