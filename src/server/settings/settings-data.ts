import type { Db } from '../db/database.js';

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores `value` unless the key is already set; false when another writer was first. */
export async function insertSettingOnce(db: Db, key: string, value: string): Promise<boolean> {
  const result = await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
