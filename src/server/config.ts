import { z } from 'zod';
import { storedHashParams } from './lib/password.js';
import { parseDataKey } from './lib/data-encryption.js';
import { TrustProxySchema } from './lib/trust-proxy.js';
import { needsStartTls } from './lib/smtp-security.js';
import {
  SIBA_PRODUCTION_URL,
  SIBA_TEST_URL,
  type SibaService,
  sibaServiceOf,
  sibaUrlProblem,
} from './lib/siba-service.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Where the content comes from (docs/decisions/0022-content-in-the-database.md). */
const CONTENT_SOURCES = ['database', 'files'] as const;

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(0)
      .max(65535)
      .default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATABASE_URL: z
      .string()
      .default('file:./data/estadia.sqlite')
      .refine((v) => (v.startsWith('file:') && v.length > 'file:'.length) || /^postgres(ql)?:\/\/./.test(v), {
        message: 'must be file:PATH (a SQLite file) or postgres://user:pass@host:5432/db',
      }),
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1)
      .max(100)
      .default(10),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(1024).optional(),
    ADMIN_PASSWORD_HASH: z
      .string()
      .refine((v) => storedHashParams(v) !== undefined, {
        message: 'must be a hash made by npm run password:hash, such as scrypt$131072$8$1$…$…',
      })
      .optional(),
    SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://example.com' }).optional(),
    ADMIN_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://admin.example.com' })
      .optional(),
    TRUST_PROXY: TrustProxySchema,
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    LOGIN_MAX_FAILURES: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1)
      .max(100)
      .default(5),
    SUBMISSIONS_PER_WINDOW: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
    SUBMISSION_WINDOW_MINUTES: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(15),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587' })
      // nodemailer lets options after ? override the ones set here, so ?requireTLS=false would undo STARTTLS.
      .refine((v) => !v.includes('?'), {
        message: 'must carry no options after "?" (they could turn off TLS); use SMTP_INSECURE for that',
      })
      .optional(),
    SMTP_INSECURE: booleanFlag.default(false),
    MAIL_TO: z.email({ error: 'must be an e-mail address' }).optional(),
    MAIL_FROM: z.email({ error: 'must be an e-mail address' }).optional(),
    INQUIRY_RETENTION_DAYS: z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1)
      .default(90),
    CONTENT_DIR: z.string().min(1).default('./content'),
    CONTENT_SOURCE: z
      .enum(CONTENT_SOURCES, {
        error: 'must be database (the content is edited in /admin) or files (CONTENT_DIR is the content)',
      })
      .default('database'),
    CALENDAR_SYNC_MINUTES: z.coerce
      .number({ error: 'must be a whole number of minutes' })
      .int('must be a whole number of minutes')
      .min(1)
      .max(1440)
      .default(5),
    CALENDAR_ALLOW_PRIVATE_HOSTS: booleanFlag.default(false),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9_+/=]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
      .optional(),
    /** For tests only: the fake Stripe API's address. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    DATA_ENCRYPTION_KEY: z
      .string()
      .refine((v) => parseDataKey(v) !== undefined, {
        message: 'must be 32 random bytes, as 64 hexadecimal digits or base64 (openssl rand -base64 32)',
      })
      .optional(),
    SIBA_UNIT_CODE: z
      .string()
      .regex(/^\d{9}$/, "must be the unit's NIF/NIPC, 9 digits")
      .optional(),
    SIBA_ESTABLISHMENT: z
      .string()
      .regex(/^\d{1,4}$/, 'must be the establishment number SIBA gave, such as 00')
      .optional(),
    SIBA_ACCESS_KEY: z.string().min(1).max(200).optional(),
    SIBA_URL: z.string().optional(),
    BACKUP_DIR: z.string().min(1).default('./backups'),
    BACKUP_KEEP_DAYS: z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1)
      .max(3650)
      .default(35),
    INVOICEXPRESS_ACCOUNT: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/i, 'must be the account name of https://ACCOUNT.app.invoicexpress.com')
      .optional(),
    INVOICEXPRESS_API_KEY: z
      .string()
      .regex(/^[A-Za-z0-9]{8,200}$/, "must be the account's API key")
      .optional(),
    /** For tests only: the fake invoicing API's address. */
    INVOICING_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    SIBA_ID_CARD_CODE: z
      .enum(['B', 'I'], { error: 'must be B or I: the letter the bulletin gives an identity card' })
      .default('B'),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && !env.MAIL_TO)
      ctx.addIssue({ code: 'custom', path: ['MAIL_TO'], message: 'is required when SMTP_URL is set' });
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when STRIPE_SECRET_KEY is set: without it no payment is ever confirmed',
      });
    const siba = [env.SIBA_UNIT_CODE, env.SIBA_ESTABLISHMENT, env.SIBA_ACCESS_KEY];
    if (siba.some(Boolean))
      for (const [name, value] of [
        ['SIBA_UNIT_CODE', env.SIBA_UNIT_CODE],
        ['SIBA_ESTABLISHMENT', env.SIBA_ESTABLISHMENT],
        ['SIBA_ACCESS_KEY', env.SIBA_ACCESS_KEY],
      ] as const)
        if (!value)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required with the other SIBA_ variables: the three together let the site send the bulletins',
          });
    // No default service: a site that fell back to the test service would report nobody (decision 0027).
    if (siba.some(Boolean) && !env.SIBA_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SIBA_URL'],
        message: `is required with the SIBA credentials: ${SIBA_PRODUCTION_URL} (production) or ${SIBA_TEST_URL} (test, reports nobody)`,
      });
    const urlProblem = env.SIBA_URL === undefined ? undefined : sibaUrlProblem(env.SIBA_URL);
    if (urlProblem) ctx.addIssue({ code: 'custom', path: ['SIBA_URL'], message: urlProblem });
    if (siba.some(Boolean) && !env.DATA_ENCRYPTION_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['DATA_ENCRYPTION_KEY'],
        message: "is required when SIBA_UNIT_CODE is set: the guests' documents are stored encrypted with it",
      });
    if (env.ADMIN_PASSWORD && env.ADMIN_PASSWORD_HASH)
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD_HASH'],
        message: 'cannot be set together with ADMIN_PASSWORD: keep one of them',
      });
    if (Boolean(env.INVOICEXPRESS_ACCOUNT) !== Boolean(env.INVOICEXPRESS_API_KEY))
      ctx.addIssue({
        code: 'custom',
        path: [env.INVOICEXPRESS_ACCOUNT ? 'INVOICEXPRESS_API_KEY' : 'INVOICEXPRESS_ACCOUNT'],
        message: 'is required with the other INVOICEXPRESS_ variable: the two together let the site issue the invoices',
      });
    if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_SECRET_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'is required when STRIPE_WEBHOOK_SECRET is set',
      });
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    /** PostgreSQL connections per server process; SQLite has one. */
    databasePoolSize: env.DATABASE_POOL_SIZE,
    adminPassword: env.ADMIN_PASSWORD,
    adminPasswordHash: env.ADMIN_PASSWORD_HASH,
    siteUrl: new URL(env.SITE_URL ?? `http://localhost:${env.PORT}`).origin,
    /** The admin's origin, answered whatever host the houses have (docs/decisions/0071-houses-and-hosts.md). */
    adminUrl: new URL(env.ADMIN_URL ?? env.SITE_URL ?? `http://localhost:${env.PORT}`).origin,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    /** Wrong passwords a client may have checked per login window (shared/constants.ts). */
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    submissionLimit: { max: env.SUBMISSIONS_PER_WINDOW, windowMs: env.SUBMISSION_WINDOW_MINUTES * 60_000 },
    mail: {
      smtpUrl: env.SMTP_URL,
      /** STARTTLS or no mail, for smtp:// to another machine (lib/smtp-security.ts). */
      requireTls: env.SMTP_URL !== undefined && needsStartTls(env.SMTP_URL, env.SMTP_INSECURE),
      to: env.MAIL_TO,
      from: env.MAIL_FROM ?? env.MAIL_TO,
    },
    inquiryRetentionDays: env.INQUIRY_RETENTION_DAYS,
    contentDir: env.CONTENT_DIR,
    /** Where the content is read: the database's published versions, or the files in contentDir, read-only. */
    contentSource: env.CONTENT_SOURCE,
    calendar: {
      syncMs: env.CALENDAR_SYNC_MINUTES * 60_000,
      /** Unsafe on a public server: lets a feed URL be plain http and reach this machine's own network. */
      allowPrivateHosts: env.CALENDAR_ALLOW_PRIVATE_HOSTS,
    },
    /** Card and local payments through Stripe Checkout; undefined without keys. */
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
        : undefined,
    /** The certified invoicing program (invoicing/); undefined: the owner invoices by hand from "To invoice". */
    invoicing:
      env.INVOICEXPRESS_ACCOUNT && env.INVOICEXPRESS_API_KEY
        ? { account: env.INVOICEXPRESS_ACCOUNT, apiKey: env.INVOICEXPRESS_API_KEY, apiUrl: env.INVOICING_API_URL }
        : undefined,
    /**
     * The fakes' addresses, as set, with or without the keys they serve: the readiness check blocks
     * on either on a real site (readiness/checks.ts).
     */
    testApiUrls: { stripe: env.STRIPE_API_URL, invoicing: env.INVOICING_API_URL },
    /** Seals guests' document numbers and dates of birth (lib/data-encryption.ts); required once check-in is on. */
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
    /** `npm run backup`'s folder, and how many days a copy is kept there (backup/). */
    backup: { dir: env.BACKUP_DIR, keepDays: env.BACKUP_KEEP_DAYS },
    /** The SIBA bulletins (registrations/): sent by the site when the unit's web-service credentials are set. */
    siba: {
      credentials:
        env.SIBA_UNIT_CODE && env.SIBA_ESTABLISHMENT && env.SIBA_ACCESS_KEY && env.SIBA_URL
          ? { unit: env.SIBA_UNIT_CODE, establishment: env.SIBA_ESTABLISHMENT, accessKey: env.SIBA_ACCESS_KEY }
          : undefined,
      url: env.SIBA_URL,
      /** Which service the bulletins go to; `file` when the site only offers them for download. */
      service: (env.SIBA_UNIT_CODE && env.SIBA_URL ? sibaServiceOf(env.SIBA_URL) : 'file') as SibaService,
      idCardCode: env.SIBA_ID_CARD_CODE,
    },
  }));

export type Config = Readonly<z.output<typeof EnvSchema>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; a bad value throws a ConfigError that lists every problem by name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return deepFreeze(result.data);
}

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const child of Object.values(value)) {
    if (child && typeof child === 'object') deepFreeze(child);
  }
  return Object.freeze(value);
}
