import { z } from './zod.js';
import { adminPageSchema } from './admin-pages.js';

// The audit list of the owner's sensitive actions (docs/decisions/0036-second-factor.md): when,
// from which client (a pseudonym of the day), what, and how much; never whose data.

export const OWNER_ACTIONS = [
  'login',
  'export',
  'erase',
  'document_view',
  'siba_file',
  'refund',
  'refund_account_view',
  'transfer_received',
  'second_factor_added',
  'second_factor_removed',
  'recovery_codes_renewed',
  // docs/decisions/0063-the-iban-and-the-last-doors.md
  'content_published',
  'bank_account_changed',
  'tax_number_corrected',
  'guest_link_created',
  'guest_links_revoked',
  'second_factor_failed',
  'second_factor_paused',
] as const;
export type OwnerAction = (typeof OWNER_ACTIONS)[number];

/** How long the list keeps an entry: the sweep deletes older ones. */
export const OWNER_AUDIT_RETENTION_DAYS = 365;

export const OwnerAuditSchema = adminPageSchema(
  z.object({
    at: z.string(),
    action: z.enum(OWNER_ACTIONS),
    client: z.string().nullable(),
    detail: z.string().nullable(),
  }),
);
export type OwnerAuditPage = z.infer<typeof OwnerAuditSchema>;
