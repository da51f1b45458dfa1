import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { insertSettingOnce, readSetting, writeSetting } from '../settings/settings-data.js';

// An export URL is its own credential (platforms fetch it without a session), so its token is
// 192 random bits; rotating one makes the old URL answer 404.

const SITE_TOKEN_KEY = 'calendar_export_token';

export function newExportToken(): string {
  return randomBytes(24).toString('base64url');
}

export function exportUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/api/calendar/${token}.ics`;
}

/** The token of the site's own export (everything), made on first use. */
export async function siteExportToken(db: Db): Promise<string> {
  const existing = await readSetting(db, SITE_TOKEN_KEY);
  if (existing) return existing;
  // Two servers asking at once: the first one's token is the one.
  await insertSettingOnce(db, SITE_TOKEN_KEY, newExportToken());
  return (await readSetting(db, SITE_TOKEN_KEY)) as string;
}

export async function rotateSiteExportToken(db: Db): Promise<string> {
  const token = newExportToken();
  await writeSetting(db, SITE_TOKEN_KEY, token);
  return token;
}
