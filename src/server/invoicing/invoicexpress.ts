import type { InvoiceDocumentKind, InvoiceLine } from '../../shared/invoicing.js';
import {
  type DocumentRequest,
  type Invoicer,
  InvoicerRejected,
  InvoicerUnavailable,
  type ProviderDocument,
} from './invoicer.js';

// InvoiceXpress's REST API v2 (https://ACCOUNT.app.invoicexpress.com/…json?api_key=…), the calls
// the site makes: create an invoice-receipt or a credit note, change its state to finalized, mail
// it, ask for its PDF, and list documents by text to find one by its reference after a lost answer.
// Amounts go before VAT with four decimals, so the provider's total, VAT added and rounded to the
// cent, is the amount paid. Taxes are named as the account names them: IVA6, IVA4, IVA0.

export interface InvoiceXpressSettings {
  account: string;
  apiKey: string;
  /** Tests only: another base address (INVOICING_API_URL). */
  apiUrl?: string;
  timeoutMs?: number;
}

const PATHS: Record<InvoiceDocumentKind, { path: string; root: string; type: string }> = {
  invoice_receipt: { path: 'invoice_receipts', root: 'invoice_receipt', type: 'InvoiceReceipt' },
  credit_note: { path: 'credit_notes', root: 'credit_note', type: 'CreditNote' },
};

const countryName = (code: string) => new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
/** `YYYY-MM-DD` as the API's dd/mm/yyyy. */
const apiDate = (day: string) => day.split('-').reverse().join('/');

const ITEM_NAMES: Record<InvoiceLine['kind'], string> = {
  nights: 'Alojamento',
  extraGuests: 'Alojamento-hospedes',
  cleaning: 'Limpeza',
  touristTax: 'Taxa-turistica',
};

function items(lines: readonly InvoiceLine[]) {
  return lines.map((line) => ({
    name: ITEM_NAMES[line.kind] ?? line.kind,
    description: line.description,
    unit_price: (line.amountCents / (1 + line.vatPercent / 100) / 100).toFixed(4),
    quantity: '1',
    tax: { name: `IVA${line.vatPercent}` },
  }));
}

/** The document-level exemption: the exempt nights' code, else the code of the lines outside VAT. */
function taxExemption(lines: readonly InvoiceLine[]): string | undefined {
  const exempt = lines.filter((l) => l.vatPercent === 0 && l.exemptionCode);
  return (exempt.find((l) => l.kind !== 'touristTax') ?? exempt[0])?.exemptionCode ?? undefined;
}

interface ApiDocument {
  id: number;
  status: string;
  sequence_number?: string | null;
  inverted_sequence_number?: string | null;
  reference?: string | null;
}

const toDocument = (doc: ApiDocument): ProviderDocument => {
  const final = doc.status !== 'draft' && doc.status !== 'deleted';
  return {
    id: String(doc.id),
    final,
    number: final ? (doc.inverted_sequence_number ?? doc.sequence_number ?? null) : null,
  };
};

/** The provider's message out of a 422 body: `{errors: [{error}]}` or `{errors: {error}}`. */
function messageOf(body: unknown): string {
  const errors = (body as { errors?: unknown } | null)?.errors;
  const list = Array.isArray(errors) ? errors : errors ? [errors] : [];
  const texts = list
    .map((e) => (typeof e === 'string' ? e : String((e as { error?: unknown }).error ?? '')))
    .filter(Boolean);
  return texts.join('; ') || 'The invoicing provider refused the document';
}

export function createInvoiceXpress(settings: InvoiceXpressSettings): Invoicer {
  const base = settings.apiUrl ?? `https://${settings.account}.app.invoicexpress.com`;
  const timeoutMs = settings.timeoutMs ?? 20_000;

  async function call(method: string, path: string, body?: unknown, query: Record<string, string | string[]> = {}) {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) url.searchParams.append(k, one);
    url.searchParams.set('api_key', settings.apiKey);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // The key is in the address: never put the address in a message.
      throw new InvoicerUnavailable(`No answer from InvoiceXpress (${(error as Error).name})`);
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (response.status >= 500 || response.status === 429)
      throw new InvoicerUnavailable(`InvoiceXpress answered ${response.status}`);
    if (response.status === 401) throw new InvoicerRejected('InvoiceXpress refused the API key (401)');
    if (response.status >= 400)
      throw new InvoicerRejected(
        response.status === 422 ? messageOf(parsed) : `InvoiceXpress answered ${response.status}`,
      );
    return { status: response.status, body: parsed as Record<string, unknown> | null };
  }

  return {
    name: 'invoicexpress',
    async create(request: DocumentRequest) {
      const { path, root } = PATHS[request.kind];
      const exemption = taxExemption(request.lines);
      const invoice = {
        date: apiDate(request.date),
        due_date: apiDate(request.date),
        reference: request.reference,
        observations: request.observations,
        ...(exemption ? { tax_exemption: exemption } : {}),
        ...(request.correctsProviderId ? { owner_invoice_id: request.correctsProviderId } : {}),
        client: {
          name: request.client.name,
          code: request.client.code,
          // A stay entered without the guest's address: no e-mail, rather than an empty one.
          ...(request.client.email ? { email: request.client.email } : {}),
          // A stay entered without the guest's country, or an offer's guest, has none: InvoiceXpress
          // takes the client without one, and refuses an empty name.
          ...(request.client.country ? { country: countryName(request.client.country) } : {}),
          ...(request.client.nif ? { fiscal_id: request.client.nif } : {}),
        },
        items: items(request.lines),
      };
      const { body } = await call('POST', `/${path}.json`, { invoice });
      const doc = body?.[root] as ApiDocument | undefined;
      if (!doc) throw new InvoicerUnavailable('InvoiceXpress answered without the document');
      return toDocument(doc);
    },
    async findByReference(kind, reference) {
      const { body } = await call('GET', '/invoices.json', undefined, {
        text: reference,
        'type[]': PATHS[kind].type,
        per_page: '30',
      });
      const docs = (body?.invoices ?? []) as ApiDocument[];
      const found = docs.find((d) => d.reference === reference && d.status !== 'deleted' && d.status !== 'canceled');
      return found ? toDocument(found) : undefined;
    },
    async finalize(kind, id) {
      const { body } = await call('PUT', `/${PATHS[kind].path}/${id}/change-state.json`, {
        invoice: { state: 'finalized' },
      });
      const doc = (body?.[PATHS[kind].root] ?? body?.invoice) as ApiDocument | undefined;
      if (!doc) throw new InvoicerUnavailable('InvoiceXpress answered without the document');
      return toDocument(doc);
    },
    async email(kind, id, to, subject, text) {
      await call('PUT', `/${PATHS[kind].path}/${id}/email-document.json`, {
        message: { client: { email: to, save: '0' }, subject, body: text },
      });
    },
    async pdfUrl(id) {
      const { status, body } = await call('GET', `/api/pdf/${id}.json`);
      if (status === 202) return undefined;
      const url = (body?.output as { pdfUrl?: unknown } | undefined)?.pdfUrl;
      return typeof url === 'string' ? url : undefined;
    },
  };
}
