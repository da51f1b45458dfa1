// The privacy page is prerendered at build time, but three of the durations it states are settings
// the server reads at start. The page carries these tokens, and the server writes the durations
// in at start, in the page's language (docs/decisions/0014-privacy-page.md).

export const PRIVACY_PLACEHOLDERS = {
  /** INQUIRY_RETENTION_DAYS, in days. */
  inquiryRetention: '__ESTADIA_INQUIRY_RETENTION__',
  /** SUBMISSION_WINDOW_MINUTES, in minutes. */
  submissionWindow: '__ESTADIA_SUBMISSION_WINDOW__',
  /** BACKUP_KEEP_DAYS, in days: how long `npm run backup`'s copies are kept. */
  backupRetention: '__ESTADIA_BACKUP_RETENTION__',
} as const;

export interface PrivacySettings {
  inquiryRetentionDays: number;
  submissionWindowMinutes: number;
  backupKeepDays: number;
}

/** `30` days in `pt-PT` → `30 dias`; `1` minute in `en` → `1 minute`. */
export function formatDuration(value: number, unit: 'day' | 'minute', locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** A prerendered privacy page in `locale`, with the server's settings written in. */
export function fillPrivacyPage(html: string, locale: string, settings: PrivacySettings): string {
  return html
    .replaceAll(PRIVACY_PLACEHOLDERS.inquiryRetention, formatDuration(settings.inquiryRetentionDays, 'day', locale))
    .replaceAll(
      PRIVACY_PLACEHOLDERS.submissionWindow,
      formatDuration(settings.submissionWindowMinutes, 'minute', locale),
    )
    .replaceAll(PRIVACY_PLACEHOLDERS.backupRetention, formatDuration(settings.backupKeepDays, 'day', locale));
}
