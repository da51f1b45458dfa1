import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake of InvoiceXpress's REST API v2 on 127.0.0.1, as strict as its documentation
// (https://docs.invoicexpress.com): the `api_key` query parameter (401 without the right one);
// POST /invoice_receipts.json and /credit_notes.json with an `invoice` body whose required fields
// are date and due_date (dd/mm/yyyy), client.name, client.code and items, each item with name,
// unit_price and quantity, answered 422 with `{"errors":[{"error":"…"}]}` when one is missing and,
// stricter than the real API, when a field is unknown; an unknown country or tax; exempt items
// without `tax_exemption`; a credit note without the final invoice it corrects. PUT
// …/:id/change-state.json (draft → settled for an invoice-receipt, draft → final for a credit note,
// anything else 422), PUT …/:id/email-document.json, GET /api/pdf/:id.json (202 the first time,
// then 200 with `output.pdfUrl`), and GET /invoices.json?text=&type[]=&page=&per_page= to find one
// by reference: the text matched in part against the reference, the client's name and the number,
// a `type[]` the API does not name answered 422, `per_page` 1 to 100 (10 when left out) and only
// that page listed, newest first. The test makes it fail: `failNext(503)`, `timeoutAfterCreate()`
// (the document is made and the answer never comes), `rejectNext(message)`; or slow:
// `holdAnswers()` does each call at once and answers it only when the test releases it
// (`nextHeld()`), a provider that takes its time without the test waiting for it.

type Kind = 'invoice_receipts' | 'credit_notes';

export interface FakeItem {
  name: string;
  description?: string;
  unit_price: string;
  quantity: string;
  tax?: { name: string };
}

export interface FakeDocument {
  id: number;
  kind: Kind;
  status: 'draft' | 'final' | 'settled';
  sequence_number: string | null;
  reference: string | null;
  observations: string | null;
  tax_exemption: string | null;
  owner_invoice_id: number | null;
  client: Record<string, string>;
  items: FakeItem[];
  /** The total with VAT, in cents, as the provider rounds it. */
  totalCents: number;
  emails: string[];
  pdfAsked: number;
}

const TYPES: Record<Kind, string> = { invoice_receipts: 'InvoiceReceipt', credit_notes: 'CreditNote' };
/** Every document type the list call takes in `type[]`. */
const LIST_TYPES = new Set([
  'Invoice',
  'InvoiceReceipt',
  'SimplifiedInvoice',
  'CreditNote',
  'DebitNote',
  'VatMossInvoice',
  'VatMossCreditNote',
]);

/** A call the fake has done and not answered yet. */
export interface HeldCall {
  method: string;
  path: string;
  /** The reference a list call searched for, or a create carried. */
  reference: string | null;
  /** Sends the answer the call would have had at once. */
  release(): void;
  /** Closes the connection instead: the call was done, its answer lost. */
  drop(): void;
}
const ROOTS: Record<Kind, string> = { invoice_receipts: 'invoice_receipt', credit_notes: 'credit_note' };
const INVOICE_FIELDS = new Set([
  'date',
  'due_date',
  'reference',
  'observations',
  'retention',
  'tax_exemption',
  'sequence_id',
  'manual_sequence_number',
  'client',
  'items',
  'mb_reference',
  'owner_invoice_id',
  'currency_code',
  'rate',
]);
const CLIENT_FIELDS = new Set([
  'name',
  'code',
  'email',
  'address',
  'city',
  'postal_code',
  'country',
  'fiscal_id',
  'website',
  'phone',
  'fax',
  'observations',
]);
const ITEM_FIELDS = new Set(['name', 'description', 'unit_price', 'quantity', 'unit', 'discount', 'tax']);
/** The taxes of a Portuguese account, by name. */
const TAXES: Record<string, number> = { IVA23: 23, IVA13: 13, IVA6: 6, IVA4: 4, IVA0: 0 };
const COUNTRIES = new Set(
  'PT DE FR ES GB IT NL BE US BR IE AT CH SE DK NO PL'
    .split(' ')
    .map((c) => new Intl.DisplayNames(['en'], { type: 'region' }).of(c) as string),
);
const DATE = /^\d{2}\/\d{2}\/\d{4}$/;

class Unprocessable extends Error {}

export class FakeInvoiceXpress {
  readonly documents: FakeDocument[] = [];
  /** Every request, with its path (the key removed) and parsed body. */
  readonly requests: Array<{ method: string; path: string; body: unknown }> = [];
  private nextId = 1000;
  private sequence = 0;
  private failures: number[] = [];
  private failuresWhen: Array<{ match: (doc: FakeDocument, method: string, path: string) => boolean; status: number }> =
    [];
  private rejections: string[] = [];
  private hangAfterCreate = 0;
  private readonly hanging = new Set<ServerResponse>();
  private holding = false;
  private readonly heldCalls: HeldCall[] = [];
  private heldWaiters: Array<(call: HeldCall) => void> = [];

  private constructor(
    private readonly server: Server,
    readonly apiKey: string,
  ) {}

  static async start(apiKey = 'fakeinvoicexpresskey'): Promise<FakeInvoiceXpress> {
    const server = createServer();
    const fake = new FakeInvoiceXpress(server, apiKey);
    server.on('request', (request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next `count` requests answer `status` (a 5xx) before doing anything. */
  failNext(status: number, count = 1) {
    for (let i = 0; i < count; i++) this.failures.push(status);
  }

  /** The first call on a document that `match` picks answers `status` (a 5xx) before doing anything. */
  failWhen(match: (doc: FakeDocument, method: string, path: string) => boolean, status = 503) {
    this.failuresWhen.push({ match, status });
  }

  /** The next create makes the document and never answers (the client times out). */
  timeoutAfterCreate(count = 1) {
    this.hangAfterCreate += count;
  }

  /** The next create is refused with this 422 message, as the provider refuses a bad tax number. */
  rejectNext(message: string) {
    this.rejections.push(message);
  }

  /** From now (until `holdAnswers(false)`), every call is done at once and answered when the test releases it. */
  holdAnswers(on = true) {
    this.holding = on;
    if (on) return;
    this.heldWaiters = [];
    this.failuresWhen = [];
    for (const call of this.heldCalls.splice(0)) call.release();
  }

  /** The next call held unanswered, once it has arrived. */
  nextHeld(): Promise<HeldCall> {
    const call = this.heldCalls.shift();
    if (call) return Promise.resolve(call);
    return new Promise((resolve) => this.heldWaiters.push(resolve));
  }

  private hold(call: HeldCall) {
    const waiter = this.heldWaiters.shift();
    if (waiter) waiter(call);
    else this.heldCalls.push(call);
  }

  async stop() {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    const answer = (status: number, payload?: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(payload === undefined ? '' : JSON.stringify(payload));
    };
    const send = (status: number, payload?: unknown) => {
      if (!this.holding) return answer(status, payload);
      this.hanging.add(response);
      this.hold({
        method: request.method ?? 'GET',
        path: url.pathname,
        reference:
          url.searchParams.get('text') ??
          ((body as { invoice?: { reference?: string } } | null)?.invoice?.reference || null),
        release: () => {
          this.hanging.delete(response);
          answer(status, payload);
        },
        drop: () => {
          this.hanging.delete(response);
          response.destroy();
        },
      });
    };
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname + (url.search ? '?…' : ''), body: null });
    if (url.searchParams.get('api_key') !== this.apiKey) return send(401, { errors: [{ error: 'Access denied' }] });
    const failure = this.failures.shift() ?? this.failureOn(request.method ?? 'GET', url.pathname);
    if (failure) return send(failure, { errors: [{ error: 'Service unavailable' }] });
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return send(422, { errors: [{ error: 'No content type or wrongly specified' }] });
    }
    (this.requests.at(-1) as { body: unknown }).body = body;
    try {
      const route = this.route(request.method ?? 'GET', url, body, response);
      if (route === 'hang') return;
      send(route.status, route.body);
    } catch (error) {
      if (error instanceof Unprocessable) return send(422, { errors: [{ error: error.message }] });
      send(500, { errors: [{ error: 'Internal error' }] });
    }
  }

  private route(
    method: string,
    url: URL,
    body: unknown,
    response: ServerResponse,
  ): { status: number; body?: unknown } | 'hang' {
    const path = url.pathname;
    let m: RegExpMatchArray | null;
    if (method === 'POST' && (m = path.match(/^\/(invoice_receipts|credit_notes)\.json$/))) {
      const kind = m[1] as Kind;
      const rejection = this.rejections.shift();
      if (rejection) throw new Unprocessable(rejection);
      const doc = this.create(kind, body);
      if (this.hangAfterCreate > 0) {
        this.hangAfterCreate--;
        this.hanging.add(response);
        return 'hang';
      }
      return { status: 201, body: { [ROOTS[kind]]: this.view(doc) } };
    }
    if (method === 'PUT' && (m = path.match(/^\/(invoice_receipts|credit_notes)\/(\d+)\/change-state\.json$/))) {
      const doc = this.find(m[1] as Kind, Number(m[2]));
      if (!doc) return { status: 404 };
      const state = (body as { invoice?: { state?: unknown } } | null)?.invoice?.state;
      if (state !== 'finalized' || doc.status !== 'draft') throw new Unprocessable('Invalid state');
      doc.status = doc.kind === 'invoice_receipts' ? 'settled' : 'final';
      doc.sequence_number = `${++this.sequence}/${doc.kind === 'invoice_receipts' ? 'FR' : 'NC'}`;
      return { status: 200, body: { [ROOTS[doc.kind]]: this.view(doc) } };
    }
    if (method === 'PUT' && (m = path.match(/^\/(invoice_receipts|credit_notes)\/(\d+)\/email-document\.json$/))) {
      const doc = this.find(m[1] as Kind, Number(m[2]));
      if (!doc) return { status: 404 };
      if (doc.status === 'draft') return { status: 406 };
      const message = (body as { message?: Record<string, unknown> } | null)?.message;
      const email = (message?.client as { email?: unknown } | undefined)?.email;
      if (!message || typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email))
        throw new Unprocessable('Email: is an invalid email');
      if (typeof message.subject !== 'string' || typeof message.body !== 'string')
        throw new Unprocessable("Subject can't be blank");
      doc.emails.push(email);
      return { status: 200 };
    }
    if (method === 'GET' && (m = path.match(/^\/api\/pdf\/(\d+)\.json$/))) {
      const doc = this.documents.find((d) => d.id === Number(m?.[1]));
      if (!doc) return { status: 404 };
      if (doc.status === 'draft') return { status: 406 };
      if (doc.pdfAsked++ === 0) return { status: 202 };
      return { status: 200, body: { output: { pdfUrl: `${this.url}/pdfs/${doc.id}.pdf` } } };
    }
    if (method === 'GET' && path === '/invoices.json') {
      const text = url.searchParams.get('text') ?? '';
      const types = url.searchParams.getAll('type[]');
      for (const type of types) if (!LIST_TYPES.has(type)) throw new Unprocessable(`Type ${type} is invalid`);
      const perPage = Number(url.searchParams.get('per_page') ?? '10');
      const page = Number(url.searchParams.get('page') ?? '1');
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) throw new Unprocessable('Per page is invalid');
      if (!Number.isInteger(page) || page < 1) throw new Unprocessable('Page is invalid');
      const found = this.documents
        .filter(
          (d) =>
            (types.length === 0 || types.includes(TYPES[d.kind])) &&
            (!text || [d.reference, d.client.name, d.sequence_number].some((v) => v?.includes(text))),
        )
        .reverse();
      return {
        status: 200,
        body: {
          invoices: found
            .slice((page - 1) * perPage, page * perPage)
            .map((d) => ({ ...this.view(d), type: TYPES[d.kind] })),
          pagination: {
            total_entries: found.length,
            current_page: page,
            total_pages: Math.max(1, Math.ceil(found.length / perPage)),
            per_page: perPage,
          },
        },
      };
    }
    return { status: 404 };
  }

  private failureOn(method: string, path: string): number | undefined {
    const doc = this.documents.find((d) => path.startsWith(`/${d.kind}/${d.id}/`));
    const index = doc ? this.failuresWhen.findIndex((f) => f.match(doc, method, path)) : -1;
    return index < 0 ? undefined : this.failuresWhen.splice(index, 1)[0]!.status;
  }

  private find(kind: Kind, id: number) {
    return this.documents.find((d) => d.kind === kind && d.id === id);
  }

  private view(doc: FakeDocument) {
    return {
      id: doc.id,
      status: doc.status,
      archived: false,
      type: TYPES[doc.kind],
      sequence_number: doc.sequence_number ?? 'rascunho',
      inverted_sequence_number: doc.sequence_number ? doc.sequence_number.split('/').reverse().join('/') : 'rascunho',
      reference: doc.reference,
      observations: doc.observations,
      tax_exemption: doc.tax_exemption,
      total: (doc.totalCents / 100).toFixed(2),
      client: { id: 1, ...doc.client },
      items: doc.items,
    };
  }

  /** Checks the body as the API does and keeps the draft. */
  private create(kind: Kind, body: unknown): FakeDocument {
    const invoice = (body as { invoice?: unknown } | null)?.invoice;
    if (!invoice || typeof invoice !== 'object') throw new Unprocessable('Invoice is invalid');
    const inv = invoice as Record<string, unknown>;
    for (const key of Object.keys(inv)) if (!INVOICE_FIELDS.has(key)) throw new Unprocessable(`Unknown field ${key}`);
    for (const key of ['date', 'due_date'])
      if (typeof inv[key] !== 'string' || !DATE.test(inv[key]))
        throw new Unprocessable(`${key === 'date' ? 'Date' : 'Due date'} can't be blank`);
    const client = inv.client as Record<string, unknown> | undefined;
    if (!client || typeof client !== 'object') throw new Unprocessable('Client is invalid');
    for (const key of Object.keys(client))
      if (!CLIENT_FIELDS.has(key)) throw new Unprocessable(`Unknown field client.${key}`);
    if (typeof client.name !== 'string' || !client.name) throw new Unprocessable("Client name can't be blank");
    if (typeof client.code !== 'string' || !client.code) throw new Unprocessable("Client code can't be blank");
    if (client.country !== undefined && !COUNTRIES.has(String(client.country)))
      throw new Unprocessable(`Country ${String(client.country)} was not found`);
    if (client.fiscal_id !== undefined && client.country === 'Portugal' && !/^\d{9}$/.test(String(client.fiscal_id)))
      throw new Unprocessable('Fiscal ID is invalid');
    if (!Array.isArray(inv.items)) throw new Unprocessable('Items element should be of type array');
    if (inv.items.length === 0) throw new Unprocessable('Invoice items is invalid');
    let total = 0;
    let exempt = false;
    const items = inv.items.map((raw: unknown) => {
      const item = raw as Record<string, unknown>;
      for (const key of Object.keys(item))
        if (!ITEM_FIELDS.has(key)) throw new Unprocessable(`Unknown field items.${key}`);
      if (typeof item.name !== 'string' || !item.name) throw new Unprocessable("Name can't be blank");
      const price = Number(item.unit_price);
      const quantity = Number(item.quantity);
      if (item.unit_price === undefined || !Number.isFinite(price))
        throw new Unprocessable('Unit price must be a number');
      if (!(quantity > 0)) throw new Unprocessable('Quantity must be a number greater than 0');
      const taxName = (item.tax as { name?: unknown } | undefined)?.name;
      const rate = taxName === undefined ? 23 : TAXES[String(taxName)];
      if (rate === undefined) throw new Unprocessable(`Tax ${String(taxName)} was not found`);
      if (rate === 0) exempt = true;
      total += Math.round(price * quantity * (1 + rate / 100) * 100);
      return item as unknown as FakeItem;
    });
    if (exempt && (typeof inv.tax_exemption !== 'string' || !/^M\d{2}$/.test(inv.tax_exemption)))
      throw new Unprocessable('Tax exemption reason is required for exempt items');
    let owner: number | null = null;
    if (kind === 'credit_notes') {
      owner = Number(inv.owner_invoice_id);
      const invoice = this.documents.find((d) => d.id === owner && d.kind === 'invoice_receipts');
      if (!invoice || invoice.status === 'draft') throw new Unprocessable('Owner invoice is invalid');
    }
    const doc: FakeDocument = {
      id: this.nextId++,
      kind,
      status: 'draft',
      sequence_number: null,
      reference: typeof inv.reference === 'string' ? inv.reference : null,
      observations: typeof inv.observations === 'string' ? inv.observations : null,
      tax_exemption: typeof inv.tax_exemption === 'string' ? inv.tax_exemption : null,
      owner_invoice_id: owner,
      client: Object.fromEntries(Object.entries(client).map(([k, v]) => [k, String(v)])),
      items,
      totalCents: total,
      emails: [],
      pdfAsked: 0,
    };
    this.documents.push(doc);
    return doc;
  }
}
