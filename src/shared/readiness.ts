import { z } from './zod.js';

// The readiness check (docs/decisions/0040-going-live.md): what `npm run doctor` prints and the
// admin's home lists as "Ready to go live". A block keeps the site from going live; a warning
// asks the owner to look. The texts are chosen by code: English in the doctor, the catalog's in
// the admin's language.

export const READINESS_BLOCKS = [
  'demo_content',
  'site_url_not_https',
  'stripe_test_keys_on_https',
  'stripe_live_keys_on_http',
  'bookings_without_smtp',
  'bookings_without_data_key',
  'siba_test_service',
  'admin_without_second_factor',
  'database_in_repository',
  'node_outside_engines',
  // A fake's address (tests only) on a site that is not this machine's: payments or invoices go nowhere real.
  'stripe_api_url_on_real_site',
  'invoicing_api_url_on_real_site',
  // InvoiceXpress is set but the content has no legal.invoicing (the VAT): nothing would be invoiced.
  'invoicing_without_vat',
] as const;

export const READINESS_WARNINGS = [
  'no_recent_backup',
  'backup_on_database_disk',
  'trust_proxy_unset_behind_proxy',
  'smtp_without_tls',
  // The admin's own: the address it was opened at is not SITE_URL's (no request, no finding, in the doctor).
  'visited_at_other_origin',
] as const;

export type ReadinessCode = (typeof READINESS_BLOCKS)[number] | (typeof READINESS_WARNINGS)[number];

/** The demo content's placeholders a finding can name (`demo_content`'s fields). */
export const DEMO_FIELDS = ['iban', 'registrationNumber', 'phone', 'nif', 'email'] as const;
export type DemoField = (typeof DEMO_FIELDS)[number];

/** The fields a `demo_content` finding's detail names (`iban, phone`), each read out in words. */
export const demoFieldsOf = (detail: string | undefined): DemoField[] =>
  (detail ?? '').split(/,\s*/).filter((key): key is DemoField => (DEMO_FIELDS as readonly string[]).includes(key));

/** A backup counts as recent for this long: a daily timer, with two hours' slack. */
export const BACKUP_FRESH_HOURS = 26;

export const ReadinessFindingSchema = z.object({
  code: z.enum([...READINESS_BLOCKS, ...READINESS_WARNINGS]),
  level: z.enum(['block', 'warning']),
  /** What the finding is about, in no language: field names, a version, a path. */
  detail: z.string().optional(),
});
export type ReadinessFinding = z.infer<typeof ReadinessFindingSchema>;

export const ReadinessSchema = z.object({ findings: z.array(ReadinessFindingSchema) });
export type Readiness = z.infer<typeof ReadinessSchema>;

export const levelOf = (code: ReadinessCode): ReadinessFinding['level'] =>
  (READINESS_BLOCKS as readonly string[]).includes(code) ? 'block' : 'warning';
