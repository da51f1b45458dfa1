import { z } from './zod.js';

// The certified documents of the payments (docs/invoicing.md): their kinds, states and the moves
// between states, as data, shared by the server and the owner's pages.

export const INVOICE_DOCUMENT_KINDS = ['invoice_receipt', 'credit_note'] as const;
export type InvoiceDocumentKind = (typeof INVOICE_DOCUMENT_KINDS)[number];

/**
 * `pending`: recorded, not known to exist at the provider; `draft`: created there; `final`:
 * finalised (it has its number); `sent`: mailed to the guest; `not_mailed`: issued, with no mail
 * step, as the guest gave no e-mail address; `rejected`: the provider refused it (422), the owner
 * is told and nothing is retried blindly; `manual`: issued by the owner by hand.
 */
export const INVOICE_DOCUMENT_STATUSES = [
  'pending',
  'draft',
  'final',
  'sent',
  'not_mailed',
  'rejected',
  'manual',
] as const;
export type InvoiceDocumentStatus = (typeof INVOICE_DOCUMENT_STATUSES)[number];

/** Every allowed move; anything else is a bug. */
export const INVOICE_DOCUMENT_MOVES: Readonly<Record<InvoiceDocumentStatus, readonly InvoiceDocumentStatus[]>> = {
  pending: ['draft', 'final', 'sent', 'rejected', 'manual'],
  draft: ['final', 'sent', 'rejected'],
  final: ['sent', 'not_mailed'],
  sent: [],
  not_mailed: [],
  // The owner corrected what the provider refused (the guest's NIF): tried again.
  rejected: ['pending'],
  manual: [],
};

/** The states of a document the provider issued (it has its number and its PDF). */
export const ISSUED_AT_PROVIDER: readonly InvoiceDocumentStatus[] = ['final', 'sent', 'not_mailed'];

/** One document as the owner's stay page lists it (`GET /api/admin/stays/:code/documents`). */
export interface StayDocument {
  kind: InvoiceDocumentKind;
  paymentId: string;
  /** A credit note that cancels an invoice for a tax number's correction, not for a refund. */
  correction: boolean;
  number: string | null;
  state: InvoiceDocumentStatus;
  pdfUrl: string | null;
  error: string | null;
}

/** A line of a document: an amount in cents with its VAT rate, or outside VAT with the reason code. */
export interface InvoiceLine {
  kind: 'nights' | 'cleaning' | 'extraGuests' | 'touristTax';
  description: string;
  amountCents: number;
  /** The VAT rate in percent; 0 with `exemptionCode` for an exempt or non-taxed line. */
  vatPercent: number;
  exemptionCode: string | null;
}

/** A payment or refund as the "To invoice" list shows it, with what the Portal das Finanças asks. */
export type ToInvoiceItem = z.infer<typeof ToInvoiceListSchema>['items'][number];

// The wire shapes.

export const NifInputSchema = z.object({
  nif: z
    .string({ error: 'NIF must be text' })
    .trim()
    .min(1, 'NIF is required')
    .max(30, 'NIF must be at most 30 characters'),
  /** ISO 3166-1 alpha-2 of the country that issued it. */
  country: z
    .string({ error: 'Country is required' })
    .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code such as PT'),
});
export const NifSchema = z.object({ nif: z.string(), country: z.string() });
/** `POST /api/admin/bookings/:code/nif-correction`: the new number, and how many issued invoices get a credit note and a new invoice. */
export const NifCorrectionSchema = NifSchema.extend({ corrected: z.number().int() });

export const StayDocumentsSchema = z.object({
  /** The tax number the stay's next documents carry; null for a final consumer. */
  taxNumber: z.object({ nif: z.string(), country: z.string() }).nullable(),
  items: z.array(
    z.object({
      kind: z.enum(INVOICE_DOCUMENT_KINDS),
      paymentId: z.string(),
      /** A credit note that cancels an invoice for a tax number's correction, not for a refund. */
      correction: z.boolean(),
      number: z.string().nullable(),
      state: z.enum(INVOICE_DOCUMENT_STATUSES),
      pdfUrl: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});

export type StayDocuments = z.infer<typeof StayDocumentsSchema>;

/** The guest's issued documents, each with its PDF link (`GET /api/bookings/:code/documents?t=`). */
export const GuestDocumentsSchema = z.object({
  items: z.array(
    z.object({
      kind: z.enum(INVOICE_DOCUMENT_KINDS),
      paymentId: z.string(),
      number: z.string().nullable(),
      pdfUrl: z.string(),
    }),
  ),
});
export type GuestDocuments = z.infer<typeof GuestDocumentsSchema>;

const LineSchema = z.object({
  kind: z.enum(['nights', 'cleaning', 'extraGuests', 'touristTax']),
  description: z.string(),
  amountCents: z.number().int(),
  vatPercent: z.number().nullable(),
  exemptionCode: z.string().nullable(),
});

export const ToInvoiceListSchema = z.object({
  items: z.array(
    z.object({
      paymentId: z.string(),
      kind: z.enum(['payment', 'refund']),
      /** A refund whose payment the owner invoiced by hand: its credit note is issued by hand too, even with a provider. */
      creditsHandInvoice: z.boolean(),
      at: z.string(),
      amountCents: z.number().int(),
      guestName: z.string(),
      country: z.string(),
      nif: z.string().nullable(),
      bookingCode: z.string(),
      lines: z.array(LineSchema),
    }),
  ),
  nextCursor: z.string().nullable(),
});
