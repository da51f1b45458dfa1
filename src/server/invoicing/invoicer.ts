import type { InvoiceDocumentKind, InvoiceLine } from '../../shared/invoicing.js';

// What the site asks of a certified invoicing program (docs/decisions/0039-invoicing-provider-and-exactly-once.md):
// small enough that a second provider (Moloni, Vendus) is one module more beside invoicexpress.ts.

export interface DocumentClient {
  name: string;
  /** The provider's client code: the tax number when given, else the booking's code. */
  code: string;
  email: string;
  /** ISO 3166 alpha-2. */
  country: string;
  /** Null: the provider's final-consumer treatment. */
  nif: string | null;
}

export interface DocumentRequest {
  kind: InvoiceDocumentKind;
  /** The payment's id: unique per document, and what a retry asks for after a lost answer. */
  reference: string;
  /** `YYYY-MM-DD`, Europe/Lisbon. */
  date: string;
  client: DocumentClient;
  lines: InvoiceLine[];
  observations: string;
  /** A credit note's invoice, as the provider knows it. */
  correctsProviderId?: string;
}

export interface ProviderDocument {
  id: string;
  /** Whether the provider has it finalised (it has its number then). */
  final: boolean;
  number: string | null;
}

export interface Invoicer {
  readonly name: string;
  create(request: DocumentRequest): Promise<ProviderDocument>;
  /** The document with this reference, if the provider has one (a create whose answer was lost). */
  findByReference(kind: InvoiceDocumentKind, reference: string): Promise<ProviderDocument | undefined>;
  finalize(kind: InvoiceDocumentKind, id: string): Promise<ProviderDocument>;
  /** Has the provider mail the document to the guest. */
  email(kind: InvoiceDocumentKind, id: string, to: string, subject: string, body: string): Promise<void>;
  /** The PDF's address, or undefined while the provider is still making it. */
  pdfUrl(id: string): Promise<string | undefined>;
}

/** The provider refused the document (a 4xx such as 422): the owner must look, it is not retried as it is. */
export class InvoicerRejected extends Error {
  override name = 'InvoicerRejected';
}

/** No answer, or a 5xx: the outcome is unknown, so a retry first asks by reference. */
export class InvoicerUnavailable extends Error {
  override name = 'InvoicerUnavailable';
}
