import type { PropertyContent } from '../../shared/content.js';
import { type Config, ConfigError } from '../config.js';
import type { Db } from '../db/database.js';
import { createDataCipher, type DataCipher, parseDataKey } from '../lib/data-encryption.js';
import { insertSettingOnce, readSetting } from '../settings/settings-data.js';
import { countRegistrations } from './guest-registrations-data.js';

const CHECK_KEY = 'data_key_check';
const CHECK_VALUE = 'estadia data key';

/**
 * Online check-in is on when the site takes bookings (the content's booking.mode is not
 * `inquiry`), when it sends bulletins (SIBA_UNIT_CODE), or when guests' registrations are stored
 * (docs/decisions/0027-guest-registrations-and-siba.md).
 */
export function checkInOn(config: Config, property: PropertyContent): boolean {
  return Boolean((property.booking && property.booking.mode !== 'inquiry') || config.siba.credentials);
}

/**
 * The cipher of the guests' documents, or undefined when check-in is off and no key is set. A
 * start without the key once check-in is on, or with a key that is not the one the stored data
 * was sealed with, stops with a ConfigError that names DATA_ENCRYPTION_KEY.
 */
export async function openDataCipher(
  config: Config,
  db: Db,
  property: PropertyContent,
): Promise<DataCipher | undefined> {
  const key = config.dataEncryptionKey ? parseDataKey(config.dataEncryptionKey) : undefined;
  if (!key) {
    if (checkInOn(config, property) || (await countRegistrations(db)) > 0)
      throw new ConfigError(
        "Invalid configuration:\n  DATA_ENCRYPTION_KEY: is required once online check-in is on (booking.mode is not inquiry, SIBA_UNIT_CODE is set, or guests' registrations are stored): the guests' documents are stored encrypted with it. Make one with: openssl rand -base64 32",
      );
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
