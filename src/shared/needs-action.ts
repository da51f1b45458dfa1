import { CHANNELS } from './channels.js';
import { z } from './zod.js';

// GET /api/admin/needs-action: what waits for the owner, by group, each counted in full and
// listed up to NEEDS_ACTION_LIST_MAX, oldest or soonest first (docs/decisions/0044-needs-action.md).

export const NEEDS_ACTION_LIST_MAX = 20;

export const NEEDS_ACTION_GROUPS = [
  'bookings',
  'money',
  'refunds',
  'bulletins',
  'platformStays',
  'inquiries',
  'mails',
  'documents',
] as const;
export type NeedsActionGroup = (typeof NEEDS_ACTION_GROUPS)[number];

const BookingWaitingSchema = z.object({
  code: z.string(),
  name: z.string(),
  status: z.enum(['requested', 'awaiting_payment']),
  checkIn: z.string(),
  checkOut: z.string(),
});

const MoneyItemSchema = z.object({
  kind: z.enum(['overdue_balance', 'dispute']),
  code: z.string(),
  name: z.string(),
  amountCents: z.number().int(),
  /** The balance's day, or the dispute's deadline for evidence (null when Stripe gives none). */
  dueBy: z.string().nullable(),
});

/** A refund by transfer the owner has still to send, or a refund that failed (docs/decisions/0060-a-transfer-refund-marked-sent.md). */
const RefundItemSchema = z.object({
  paymentId: z.string(),
  kind: z.enum(['transfer_to_send', 'failed']),
  code: z.string(),
  name: z.string(),
  method: z.enum(['stripe', 'bank_transfer', 'owner']),
  amountCents: z.number().int(),
  /** When it was planned, or when it failed. */
  since: z.string(),
});

const BulletinItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  movement: z.enum(['arrival', 'departure']),
  dueBy: z.string(),
  overdue: z.boolean(),
});

/** A platform's reservation arriving within 14 days (or already arrived) not yet completed into a stay. */
const PlatformStayItemSchema = z.object({
  uid: z.string(),
  feed: z.string(),
  platform: z.enum(CHANNELS),
  start: z.string(),
  end: z.string(),
});

const InquiryItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  guests: z.number().int().nullable(),
  createdAt: z.string(),
});

const FailedMailSchema = z.object({
  id: z.string(),
  /** A guest's or the owner's mail of a booking, or the owner's copy of an inquiry. */
  kind: z.enum(['booking', 'inquiry', 'other']),
  /** The booking's code or the inquiry's id, whose page the item links to. */
  ref: z.string().nullable(),
  /** The mail's subject; null for the owner's copy of an inquiry, which is named by its guest. */
  subject: z.string().nullable(),
  guestName: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * A certified document waiting more than a day, not issued: on its way to the provider (`pending`,
 * `draft`), refused by it (`rejected`), or to issue by hand (`to_invoice`, decision 0059).
 */
const DocumentItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['invoice_receipt', 'credit_note']),
  paymentId: z.string(),
  amountCents: z.number().int(),
  state: z.enum(['pending', 'draft', 'rejected', 'to_invoice']),
  since: z.string(),
  error: z.string().nullable(),
});

const group = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), items: z.array(item) });

export const NeedsActionSchema = z.object({
  /** False without SMTP_URL: inquiries and booking mails wait in the outbox, unsent. */
  mailConfigured: z.boolean(),
  bookings: group(BookingWaitingSchema),
  money: group(MoneyItemSchema),
  refunds: group(RefundItemSchema),
  bulletins: group(BulletinItemSchema),
  /** Its guests must be reported to SIBA, so it must be a stay with its guests (decision 0053). */
  platformStays: group(PlatformStayItemSchema),
  inquiries: group(InquiryItemSchema),
  mails: group(FailedMailSchema),
  documents: group(DocumentItemSchema),
});
export type NeedsAction = z.infer<typeof NeedsActionSchema>;
