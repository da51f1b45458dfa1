import type { FastifyBaseLogger } from 'fastify';
import type { PropertyContent } from '../../shared/content.js';
import { type Config, ConfigError } from '../config.js';
import type { Db } from '../db/database.js';
import { createDataCipher, type DataCipher, parseDataKey } from '../lib/data-encryption.js';
import { checkInOn, DATA_KEY_HOW, DATA_KEY_MISSING } from '../lib/check-in-key.js';
import { insertSettingOnce, readSetting } from './settings-data.js';

const CHECK_KEY = 'data_key_check';

const CHECK_VALUE = 'estadia data key';

/**
 * The cipher of the guests' documents, or undefined when no key is set. Without the key while the
 * content takes bookings, the server starts all the same and says so (log, readiness): the editor
 * is what refuses such a publish, and a site with bookings and money taken must not go dark over
 * it (docs/decisions/0050-a-missing-key-never-stops-the-site.md). A key that is not the one the
 * stored data was sealed with stops the start with a ConfigError that names DATA_ENCRYPTION_KEY;
 * so do registrations stored without a key, which the registrations feature checks (plugin.ts).
 */
export async function openDataCipher(
  config: Config,
  db: Db,
  property: PropertyContent,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<DataCipher | undefined> {
  const key = config.dataEncryptionKey ? parseDataKey(config.dataEncryptionKey) : undefined;
  if (!key) {
    if (checkInOn(config, property)) log.error(`${DATA_KEY_MISSING}. ${DATA_KEY_HOW}`);
    return undefined;
  }
  const cipher = createDataCipher(key);
  const check = await readSetting(db, CHECK_KEY);
  if (check === undefined) {
    await insertSettingOnce(db, CHECK_KEY, cipher.seal(CHECK_VALUE, CHECK_KEY));
    return cipher;
  }
  try {
    if (cipher.open(check, CHECK_KEY) === CHECK_VALUE) return cipher;
  } catch {
    // Falls through to the error below.
  }
  throw new ConfigError(
    "Invalid configuration:\n  DATA_ENCRYPTION_KEY: is not the key this database's guest data was encrypted with; set the key it was started with before",
  );
}
