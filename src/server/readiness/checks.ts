import { BACKUP_FRESH_HOURS, levelOf, type ReadinessCode, type ReadinessFinding } from '../../shared/readiness.js';
import type { Config } from '../config.js';
import { isLoopbackHost } from '../lib/smtp-security.js';
import { bookingsOn, demoFieldsIn, type PublishedFacts } from './demo-values.js';
import { nodeAdmitted } from './node-engines.js';

// Every finding of the readiness check, from facts gathered elsewhere (gather.ts), so each one is
// tested without a machine set up wrongly (docs/decisions/0040-going-live.md).

export interface ReadinessFacts {
  config: Pick<
    Config,
    | 'siteUrl'
    | 'stripe'
    | 'mail'
    | 'siba'
    | 'databaseUrl'
    | 'trustProxy'
    | 'dataEncryptionKey'
    | 'invoicing'
    | 'testApiUrls'
  >;
  /** The published content (or the folder that becomes version 1). */
  content: PublishedFacts;
  /** The owner's confirmed second factors. */
  secondFactors: number;
  /** The SQLite file's absolute path inside the repository, or undefined. */
  databaseInRepository: string | undefined;
  nodeVersion: string;
  /** package.json's engines.node. */
  engines: string;
  /** When the newest backup in BACKUP_DIR was made; undefined when there is none. */
  newestBackupAt: number | undefined;
  /** The backup folder and the SQLite database are on one file system. */
  backupOnDatabaseDisk: boolean;
  /** When a request last came with X-Forwarded-For from a peer TRUST_PROXY does not trust. */
  untrustedForwardedAt: number | undefined;
  now: number;
}

/** A proxy seen this recently still stands in front. */
const PROXY_MEMORY_MS = 7 * 24 * 60 * 60_000;

export function readinessFindings(facts: ReadinessFacts): ReadinessFinding[] {
  const found: ReadinessFinding[] = [];
  const add = (code: ReadinessCode, detail?: string) =>
    found.push({ code, level: levelOf(code), ...(detail === undefined ? {} : { detail }) });
  const { config } = facts;
  const https = config.siteUrl.startsWith('https://');
  const bookings = bookingsOn(facts.content);

  const demo = demoFieldsIn(facts.content);
  if (demo.length > 0) add('demo_content', demo.join(', '));
  if (bookings && !https) add('site_url_not_https', config.siteUrl);
  const stripeMode = config.stripe?.secretKey.includes('_live_') ? 'live' : config.stripe ? 'test' : undefined;
  if (stripeMode === 'test' && https) add('stripe_test_keys_on_https');
  if (stripeMode === 'live' && !https) add('stripe_live_keys_on_http', config.siteUrl);
  if (bookings && !config.mail.smtpUrl) add('bookings_without_smtp');
  // The server starts without it, with online check-in closed (docs/decisions/0050-a-missing-key-never-stops-the-site.md).
  if (bookings && !config.dataEncryptionKey) add('bookings_without_data_key');
  if (config.siba.service === 'test') add('siba_test_service');
  if (facts.secondFactors === 0) add('admin_without_second_factor');
  if (facts.databaseInRepository) add('database_in_repository', facts.databaseInRepository);
  if (!nodeAdmitted(facts.nodeVersion, facts.engines))
    add('node_outside_engines', `${facts.nodeVersion} (${facts.engines})`);

  if (facts.newestBackupAt === undefined || facts.now - facts.newestBackupAt > BACKUP_FRESH_HOURS * 3_600_000)
    add(
      'no_recent_backup',
      facts.newestBackupAt === undefined ? undefined : new Date(facts.newestBackupAt).toISOString(),
    );
  if (facts.backupOnDatabaseDisk) add('backup_on_database_disk');
  if (
    config.trustProxy === false &&
    facts.untrustedForwardedAt !== undefined &&
    facts.now - facts.untrustedForwardedAt < PROXY_MEMORY_MS
  )
    add('trust_proxy_unset_behind_proxy');
  if (smtpInClear(config.mail)) add('smtp_without_tls');

  // A real site is one whose SITE_URL is not this machine (localhost, 127.0.0.1, ::1), http or https:
  // guests reach it, so a fake's address there would take their bookings to a test double.
  const realSite = !isLoopbackHost(new URL(config.siteUrl).hostname);
  if (realSite && config.testApiUrls.stripe) add('stripe_api_url_on_real_site', originOf(config.testApiUrls.stripe));
  if (realSite && config.testApiUrls.invoicing)
    add('invoicing_api_url_on_real_site', originOf(config.testApiUrls.invoicing));
  // The invoicing job issues nothing without the VAT, and only logs it (invoicing/invoicing-jobs.ts).
  if (config.invoicing && !facts.content.legal?.invoicing) add('invoicing_without_vat');
  return found;
}

/** The address without a path or any user and password written into it. */
const originOf = (url: string) => new URL(url).origin;

/** smtp:// to another machine without STARTTLS required (SMTP_INSECURE=true). */
function smtpInClear(mail: Config['mail']): boolean {
  if (!mail.smtpUrl) return false;
  const url = new URL(mail.smtpUrl);
  return url.protocol === 'smtp:' && !mail.requireTls && !isLoopbackHost(url.hostname);
}
