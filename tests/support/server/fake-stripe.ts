/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe's objects and the SDK's form bodies are loose JSON here, read field by field as the real API does */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { checkoutPage } from './fake-stripe-page.js';

// A fake of the Stripe API on 127.0.0.1, for the tests and the benchmark: the calls the site makes
// (Checkout sessions, payment intents, charges, refunds, disputes), with Stripe's shapes, errors and
// idempotency keys, driven by the real stripe SDK. The test plays the guest, the owner's dashboard
// and Stripe's clock through the methods below, and webhooks are signed as Stripe signs them.
// What the real Stripe does and a naive fake would skip:
// - every payment has a payment method with its `type`; Checkout with `customer_creation: always`
//   gives a customer whatever the method, and only a card saved with `setup_future_usage` is
//   attached to it, so only that one can be charged off-session;
// - an idempotency key replays the first answer (even a 500) for 24 hours, and the same key with
//   other parameters is an error;
// - the answer can be lost after the work is done (`loseNextAnswer`), and events can be held and
//   sent late, out of order or twice (`holdEvents`); an off-session charge's events are sent
//   before its answer, so they can reach the site before its row knows the payment;
// - a refund is not done when made: a card's may be `pending` and later `succeeded` or `failed`,
//   a Multibanco one waits in `requires_action` for the guest's bank details and is `canceled`
//   when they never come; each change posts `refund.updated` and `charge.refund.updated` (and
//   `refund.failed`), and a refund that fails gives its amount back to the charge.

type Obj = Record<string, unknown> & { id: string };
type Method = 'card' | 'multibanco' | 'mb_way';
export type OffSessionOutcome = 'succeeded' | 'authentication_required' | 'card_declined';
/**
 * How an answer is lost: after Stripe did the work, the connection dropped unanswered (to the SDK,
 * as its own timeout) or a 500; or a 500 before any work was done (`error500-undone`). Either 500
 * is kept as the key's reply.
 */
export type LostAnswer = 'timeout' | 'error500' | 'error500-undone';
/** Stripe's statuses of a refund. */
export type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

interface Answer {
  status: number;
  body: unknown;
}

interface SavedReply {
  route: string;
  params: string;
  answer: Answer;
  at: number;
  /** How many more requests with this key get no answer. */
  dropsLeft: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey?: string;
  body: Record<string, unknown>;
  /** True when Stripe answered from the key's saved reply. */
  replayed?: boolean;
}

/** Stripe keeps an idempotency key's reply for 24 hours. */
export const IDEMPOTENCY_KEY_MS = 24 * 60 * 60_000;

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=x` form fields (as the SDK writes them) as nested objects and arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

/** The parameters as one string whatever their order, to compare a key's requests. */
const canonical = (value: unknown): string =>
  value && typeof value === 'object'
    ? Array.isArray(value)
      ? `[${value.map(canonical).join(',')}]`
      : `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
    : JSON.stringify(value);

const error = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});
const missing = (what: string, id: string) =>
  error(404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing' });

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly sent: Stripe.Event[] = [];
  webhookUrl: string | undefined;
  /** Whether the guest's and the dashboard's actions also post the events Stripe would send. */
  autoWebhooks = true;
  /** While set, those events are kept in `held` instead of sent; `releaseEvents` sends them. */
  holdEvents = false;
  readonly held: Stripe.Event[] = [];
  nextOffSession: OffSessionOutcome = 'succeeded';
  /** How a card refund starts (in test mode Stripe answers `succeeded`; live, a card refund may stay `pending`). */
  cardRefunds: 'succeeded' | 'pending' = 'succeeded';
  /** Called once Stripe has done a request's work (or read) and before it answers (a test kills the site, or holds the answer, here). */
  beforeAnswer: ((request: RecordedRequest) => void | Promise<void>) | undefined;
  private readonly sessions = new Map<string, Obj>();
  private readonly intents = new Map<string, Obj>();
  private readonly charges = new Map<string, Obj>();
  /** Each charge's balance transaction: its amount, and Stripe's fee (1.5 % + 0.25 €, as for a European card). */
  private readonly balanceTransactions = new Map<string, Obj>();
  private readonly refunds = new Map<string, Obj>();
  private readonly disputes = new Map<string, Obj>();
  private readonly methods = new Map<string, Obj>();
  private readonly customers = new Set<string>();
  private readonly replies = new Map<string, SavedReply>();
  private readonly losses: Array<{ path: string; how: LostAnswer; times: number }> = [];
  private readonly failures: Array<{ pathPrefix: string; times: number }> = [];
  private readonly signer = new Stripe('sk_test_signer');
  /** Stripe's clock: the test's moved one, so a reference's expiry and a key's 24 hours are in the site's time. */
  now: () => number = Date.now;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly secretKey: string,
    private readonly webhookSecret: string,
  ) {}

  static async start(options: {
    secretKey: string;
    webhookSecret: string;
    webhookUrl?: string;
    now?: () => number;
  }): Promise<FakeStripe> {
    const holder: { fake?: FakeStripe } = {};
    const server = createServer((request, response) => void holder.fake?.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('fake Stripe is not listening');
    const fake = new FakeStripe(server, address.port, options.secretKey, options.webhookSecret);
    holder.fake = fake;
    fake.webhookUrl = options.webhookUrl;
    if (options.now) fake.now = options.now;
    return fake;
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  session(id: string): Obj & Record<string, any> {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return session;
  }

  paymentIntent(id: string): Obj & Record<string, any> {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no payment intent ${id}`);
    return intent;
  }

  paymentMethod(id: string): Obj & Record<string, any> {
    const method = this.methods.get(id);
    if (!method) throw new Error(`no payment method ${id}`);
    return method;
  }

  /** The payment intents made with this metadata (`{bookingId}`, `{kind: 'balance'}`…). */
  intentsWith(metadata: Record<string, string>): Array<Obj & Record<string, any>> {
    return [...this.intents.values()].filter((i) =>
      Object.entries(metadata).every(([k, v]) => (i.metadata as Record<string, string>)[k] === v),
    );
  }

  /** The refunds of a payment intent, as Stripe lists them. */
  refundsOf(intentId: string): Array<Obj & Record<string, any>> {
    return [...this.refunds.values()].filter((r) => r.payment_intent === intentId);
  }

  /** The next `times` requests without an idempotency key (reads) under `pathPrefix` answer a 500 (the SDK tries 3 times). */
  failNextReads(pathPrefix: string, times = 3): void {
    this.failures.push({ pathPrefix, times });
  }

  /** The next POST to `path` does its work, and then its answer is lost `times` times (the SDK tries 3 times). */
  loseNextAnswer(path: string, how: LostAnswer, times = 3): void {
    this.losses.push({ path, how, times });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.baseUrl);
    const text = Buffer.concat(chunks).toString('utf8');
    if (url.pathname.startsWith('/pay/'))
      return this.page(request.method ?? 'GET', url.pathname.slice(5), parseForm(text), response);
    const send = (answer: Answer, replayed = false) => {
      if (response.destroyed) return;
      response
        .writeHead(answer.status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        })
        .end(JSON.stringify(answer.body));
    };
    if (request.headers.authorization !== `Bearer ${this.secretKey}`)
      return send(error(401, 'invalid_request_error', 'Invalid API Key provided'));
    const method = request.method ?? 'GET';
    const body = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(text);
    const key = request.headers['idempotency-key'] as string | undefined;
    const recorded: RecordedRequest = { method, path: url.pathname, ...(key ? { idempotencyKey: key } : {}), body };
    this.requests.push(recorded);
    if (method !== 'POST' || !key) {
      const failing = this.failures.find((f) => f.times > 0 && url.pathname.startsWith(f.pathPrefix));
      if (failing) {
        failing.times--;
        return send(error(500, 'api_error', 'An unknown error occurred'));
      }
      const answer = await this.route(method, url.pathname, body);
      await this.beforeAnswer?.(recorded);
      return send(answer);
    }

    const route = `${method} ${url.pathname}`;
    const params = canonical(body);
    let saved = this.replies.get(key);
    if (saved && this.now() - saved.at >= IDEMPOTENCY_KEY_MS) {
      this.replies.delete(key);
      saved = undefined;
    }
    if (saved) {
      if (saved.route !== route || saved.params !== params)
        return send(
          error(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          ),
        );
      recorded.replayed = true;
      if (saved.dropsLeft > 0) {
        saved.dropsLeft--;
        return void request.socket.destroy();
      }
      return send(saved.answer, true);
    }
    const lossAt = this.losses.findIndex((l) => l.path === url.pathname);
    const loss = lossAt >= 0 ? this.losses.splice(lossAt, 1)[0] : undefined;
    let answer =
      loss?.how === 'error500-undone'
        ? error(500, 'api_error', 'An unknown error occurred')
        : await this.route(method, url.pathname, body);
    // A 500 is kept as the key's reply too: Stripe replays it for 24 hours.
    if (loss?.how === 'error500') answer = error(500, 'api_error', 'An unknown error occurred');
    // Stripe saves a key's reply once the request began to execute: not a refused one.
    if (answer.status !== 404 || loss)
      this.replies.set(key, {
        route,
        params,
        answer,
        at: this.now(),
        dropsLeft: loss?.how === 'timeout' ? loss.times - 1 : 0,
      });
    await this.beforeAnswer?.(recorded);
    if (loss?.how === 'timeout') return void request.socket.destroy();
    send(answer);
  }

  private async route(method: string, path: string, body: Record<string, any>): Promise<Answer> {
    const [, , resource, id, action] = path.split('/');
    const expand = [body.expand ?? []].flat() as string[];
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: this.createSession(body) };
    if (resource === 'checkout' && method === 'GET' && id === 'sessions' && action) {
      const session = this.sessions.get(action);
      if (!session) return missing('checkout.session', action);
      if (!expand.includes('payment_intent') || !session.payment_intent) return { status: 200, body: session };
      const intent = this.expanded(
        this.intents.get(session.payment_intent as string) as Obj,
        expand,
        'payment_intent.',
      );
      return { status: 200, body: { ...session, payment_intent: intent } };
    }
    if (resource === 'checkout' && method === 'POST' && path.endsWith('/expire')) {
      const session = this.sessions.get(path.split('/')[4] ?? '');
      if (!session)
        return error(404, 'invalid_request_error', 'No such checkout.session', { code: 'resource_missing' });
      if (session.status !== 'open')
        return error(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status of open can be expired. This session has a status of ${String(session.status)}.`,
        );
      await this.expireSession(session.id);
      return { status: 200, body: session };
    }
    if (resource === 'payment_intents' && method === 'POST' && !id) return this.offSession(body);
    if (resource === 'payment_intents' && method === 'POST' && id && action === 'cancel') return this.cancelIntent(id);
    if (resource === 'payment_intents' && method === 'GET' && !id) {
      const data = [...this.intents.values()]
        .filter((i) => !body.customer || i.customer === body.customer)
        .reverse()
        .slice(0, Number(body.limit ?? 10));
      return { status: 200, body: { object: 'list', url: '/v1/payment_intents', has_more: false, data } };
    }
    if (resource === 'payment_intents' && method === 'GET' && id) {
      const intent = this.intents.get(id);
      return intent ? { status: 200, body: this.expanded(intent, expand, '') } : missing('payment_intent', id);
    }
    if (resource === 'charges' && method === 'GET' && id) {
      const charge = this.charges.get(id);
      return charge ? { status: 200, body: charge } : missing('charge', id);
    }
    if (resource === 'balance_transactions' && method === 'GET' && id) {
      const transaction = this.balanceTransactions.get(id);
      return transaction ? { status: 200, body: transaction } : missing('balance_transaction', id);
    }
    if (resource === 'disputes' && method === 'GET' && id) {
      const dispute = this.disputes.get(id);
      return dispute ? { status: 200, body: dispute } : missing('dispute', id);
    }
    if (resource === 'refunds' && method === 'GET' && !id) {
      const data = [...this.refunds.values()]
        .filter((r) => !body.payment_intent || r.payment_intent === body.payment_intent)
        .reverse()
        .slice(0, Number(body.limit ?? 10));
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
    }
    if (resource === 'refunds' && method === 'GET' && id) {
      const refund = this.refunds.get(id);
      return refund ? { status: 200, body: refund } : missing('refund', id);
    }
    if (resource === 'refunds' && method === 'POST' && !id) return this.refund(body);
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  /** An intent with the fields named in `expand` (after `prefix`) replaced by their objects. */
  private expanded(intent: Obj, expand: readonly string[], prefix: string): Obj {
    const copy: Obj = { ...intent };
    if (expand.includes(`${prefix}payment_method`) && intent.payment_method)
      copy.payment_method = this.methods.get(intent.payment_method as string) ?? null;
    if (expand.includes(`${prefix}latest_charge`) && intent.latest_charge)
      copy.latest_charge = this.charges.get(intent.latest_charge as string) ?? null;
    return copy;
  }

  private createSession(body: Record<string, any>): Obj {
    const id = newId('cs');
    const item = body.line_items?.[0] ?? {};
    const session: Obj = {
      id,
      object: 'checkout.session',
      url: `${this.baseUrl}/pay/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
      currency: item.price_data?.currency ?? 'eur',
      payment_intent: null,
      customer: null,
      customer_creation: body.customer_creation ?? 'if_required',
      customer_email: body.customer_email ?? null,
      metadata: body.metadata ?? {},
      payment_intent_data: body.payment_intent_data ?? {},
      client_reference_id: body.client_reference_id ?? null,
      expires_at: Number(body.expires_at ?? this.seconds() + 30 * 60),
      allowed_payment_method_types: body.allowed_payment_method_types ?? ['card'],
      saves_card: body.payment_method_options?.card?.setup_future_usage === 'off_session',
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      created: this.seconds(),
    };
    this.sessions.set(id, session);
    return session;
  }

  private newIntent(fields: Record<string, unknown>): Obj {
    const intent: Obj = {
      id: newId('pi'),
      object: 'payment_intent',
      amount_received: 0,
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      customer: null,
      payment_method: null,
      metadata: {},
      created: this.seconds(),
      ...fields,
    };
    this.intents.set(intent.id, intent);
    if (intent.status === 'succeeded') this.charge(intent);
    return intent;
  }

  /** The intent's money arrives: its charge, with the intent's metadata as Stripe copies it. */
  private charge(intent: Obj): Obj {
    const charge: Obj = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      currency: intent.currency,
      customer: intent.customer,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      metadata: { ...(intent.metadata as object) },
      status: 'succeeded',
      created: this.seconds(),
      balance_transaction: this.balanceTransaction(intent.amount as number),
    };
    this.charges.set(charge.id, charge);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id });
    return charge;
  }

  private balanceTransaction(amount: number): string {
    const fee = Math.round(amount * 0.015) + 25;
    const transaction: Obj = {
      id: newId('txn'),
      object: 'balance_transaction',
      amount,
      fee,
      net: amount - fee,
      currency: 'eur',
      type: 'charge',
      created: this.seconds(),
    };
    this.balanceTransactions.set(transaction.id, transaction);
    return transaction.id;
  }

  private newMethod(type: Method, customer: string | null): Obj {
    const method: Obj = {
      id: newId('pm'),
      object: 'payment_method',
      type,
      customer,
      [type]: type === 'card' ? { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } : {},
    };
    this.methods.set(method.id, method);
    return method;
  }

  /** The guest pays on the Checkout page: by card or MB WAY at once, by Multibanco later (settleAsync). */
  async completeSession(id: string, method: Method): Promise<Obj> {
    const session = this.session(id);
    if (session.status !== 'open') throw new Error(`session ${id} is ${String(session.status)}`);
    // Checkout makes the customer for any method; only a card saved for later is attached to it.
    const customer = session.customer_creation === 'always' ? newId('cus') : null;
    if (customer) this.customers.add(customer);
    const paymentMethod = this.newMethod(method, method === 'card' && session.saves_card ? customer : null);
    const metadata = { ...session.metadata, ...(session.payment_intent_data as { metadata?: object }).metadata };
    const intent = this.newIntent({
      amount: session.amount_total,
      currency: session.currency,
      metadata,
      payment_method_types: [method],
      customer,
      payment_method: paymentMethod.id,
      status: method === 'multibanco' ? 'requires_action' : 'succeeded',
      ...(method === 'multibanco'
        ? {
            next_action: {
              type: 'multibanco_display_details',
              multibanco_display_details: {
                entity: '12345',
                reference: '123 456 789',
                expires_at: this.seconds() + 7 * 86_400,
                hosted_voucher_url: `${this.baseUrl}/voucher`,
              },
            },
          }
        : {}),
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: method === 'multibanco' ? 'unpaid' : 'paid',
      payment_intent: intent.id,
      customer,
    });
    await this.notify('checkout.session.completed', session);
    return session;
  }

  /** A Multibanco reference is paid, or runs out. */
  async settleAsync(sessionId: string, paid: boolean): Promise<void> {
    const session = this.session(sessionId);
    const intent = this.paymentIntent(session.payment_intent as string);
    if (paid) {
      intent.next_action = null;
      this.charge(intent);
      session.payment_status = 'paid';
    } else Object.assign(intent, { status: 'canceled', next_action: null });
    await this.notify(
      paid ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
      session,
    );
  }

  /** The page runs out unpaid (or the site closes it). */
  async expireSession(id: string): Promise<void> {
    const session = this.session(id);
    if (session.status !== 'open') throw new Error(`session ${id} is ${String(session.status)}`);
    session.status = 'expired';
    await this.notify('checkout.session.expired', session);
  }

  private async offSession(body: Record<string, any>): Promise<Answer> {
    const customer = String(body.customer ?? '');
    const method = this.methods.get(String(body.payment_method ?? ''));
    if (!this.customers.has(customer))
      return error(400, 'invalid_request_error', `No such customer: '${customer}'`, {
        code: 'resource_missing',
        param: 'customer',
      });
    if (!method)
      return error(400, 'invalid_request_error', `No such PaymentMethod: '${String(body.payment_method)}'`, {
        code: 'resource_missing',
        param: 'payment_method',
      });
    if (method.customer !== customer)
      return error(
        400,
        'invalid_request_error',
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        { param: 'payment_method' },
      );
    const outcome = this.nextOffSession;
    const intent = this.newIntent({
      amount: Number(body.amount),
      currency: body.currency,
      customer,
      payment_method: method.id,
      metadata: body.metadata ?? {},
      payment_method_types: ['card'],
      status: outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method',
      ...(outcome === 'succeeded' ? {} : { last_payment_error: { code: outcome, type: 'card_error' } }),
    });
    // Sent before the answer, as Stripe may: the event can reach the site before its row knows this intent.
    await this.notify(outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
    if (outcome === 'succeeded') return { status: 200, body: intent };
    const message =
      outcome === 'authentication_required' ? 'This payment requires authentication.' : 'Your card was declined.';
    return error(402, 'card_error', message, { code: outcome, payment_intent: intent });
  }

  private async cancelIntent(id: string): Promise<Answer> {
    const intent = this.intents.get(id);
    if (!intent) return missing('payment_intent', id);
    if (
      !['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'].includes(
        String(intent.status),
      )
    )
      return error(
        400,
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state' },
      );
    Object.assign(intent, { status: 'canceled', next_action: null, cancellation_reason: 'requested_by_customer' });
    await this.notify('payment_intent.canceled', intent);
    return { status: 200, body: intent };
  }

  private async refund(body: Record<string, any>): Promise<Answer> {
    const intent = this.intents.get(String(body.payment_intent));
    const charge = intent?.latest_charge ? this.charges.get(intent.latest_charge as string) : undefined;
    if (!intent || !charge)
      return error(400, 'invalid_request_error', 'This PaymentIntent has no successful charge to refund.', {
        param: 'payment_intent',
      });
    return this.refundCharge(charge, body.amount === undefined ? undefined : Number(body.amount), body.metadata ?? {});
  }

  private async refundCharge(charge: Obj, amount: number | undefined, metadata: object): Promise<Answer> {
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    const cents = amount ?? left;
    if (cents > left)
      return error(
        400,
        'invalid_request_error',
        `Refund amount (€${(cents / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
        { param: 'amount' },
      );
    const type = this.methods.get(charge.payment_method as string)?.type;
    // A Multibanco refund needs the guest's bank details, asked by Stripe in a mail; a card's goes to the card.
    const status: RefundStatus = type === 'multibanco' ? 'requires_action' : this.cardRefunds;
    const refund: Obj = {
      id: newId('re'),
      object: 'refund',
      amount: cents,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status,
      failure_reason: null,
      ...(status === 'requires_action'
        ? { next_action: { type: 'display_details', display_details: { expires_at: this.seconds() + 45 * 86_400 } } }
        : {}),
      metadata,
      created: this.seconds(),
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded = Number(charge.amount_refunded) + cents;
    charge.refunded = charge.amount_refunded === charge.amount;
    await this.notify('refund.created', refund);
    await this.notify('charge.refunded', charge);
    return { status: 200, body: refund };
  }

  /** The refund's bank answers: it reaches the guest (`succeeded`), is refused (`failed`), or runs out unclaimed (`canceled`). */
  async finishRefund(id: string, status: 'succeeded' | 'failed' | 'canceled'): Promise<void> {
    const refund = this.refunds.get(id);
    if (!refund) throw new Error(`no refund ${id}`);
    if (refund.status !== 'pending' && refund.status !== 'requires_action')
      throw new Error(`refund ${id} is ${String(refund.status)}`);
    Object.assign(refund, {
      status,
      next_action: null,
      failure_reason: status === 'failed' ? 'expired_or_canceled_card' : status === 'canceled' ? 'unknown' : null,
    });
    if (status !== 'succeeded') {
      const charge = this.charges.get(refund.charge as string) as Obj;
      charge.amount_refunded = Number(charge.amount_refunded) - Number(refund.amount);
      charge.refunded = false;
    }
    await this.notify('refund.updated', refund);
    await this.notify('charge.refund.updated', refund);
    if (status === 'failed') await this.notify('refund.failed', refund);
  }

  /** The owner refunds part of a payment from Stripe's dashboard: no metadata of the site's. */
  async dashboardRefund(intentId: string, amount: number): Promise<Obj> {
    const charge = this.charges.get(this.paymentIntent(intentId).latest_charge as string);
    if (!charge) throw new Error(`payment intent ${intentId} has no charge`);
    const answer = await this.refundCharge(charge, amount, {});
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    return answer.body as Obj;
  }

  /** The guest's bank disputes a payment; the owner must answer by `respondBy` (ms). */
  async openDispute(intentId: string, respondBy: number, amount?: number): Promise<Obj & Record<string, any>> {
    const charge = this.charges.get(this.paymentIntent(intentId).latest_charge as string);
    if (!charge) throw new Error(`payment intent ${intentId} has no charge`);
    const dispute: Obj = {
      id: newId('dp'),
      object: 'dispute',
      amount: amount ?? charge.amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intentId,
      reason: 'fraudulent',
      status: 'needs_response',
      is_charge_refundable: false,
      evidence_details: {
        due_by: Math.floor(respondBy / 1000),
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      created: this.seconds(),
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    await this.notify('charge.dispute.created', dispute);
    return dispute;
  }

  async closeDispute(id: string, status: 'won' | 'lost'): Promise<void> {
    const dispute = this.disputes.get(id);
    if (!dispute) throw new Error(`no dispute ${id}`);
    Object.assign(dispute, { status });
    await this.notify('charge.dispute.closed', dispute);
  }

  /** The card is taken off the customer (in the dashboard, or by the guest's bank). */
  detachPaymentMethod(id: string): void {
    this.paymentMethod(id).customer = null;
  }

  /** An event as Stripe sends it, not yet sent. */
  event(type: string, object: object): Stripe.Event {
    return {
      id: newId('evt'),
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: this.seconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event;
  }

  /** Posts the event to the webhook URL, signed with the endpoint's secret (or `secret`, to forge one). */
  async send(
    event: Stripe.Event,
    options: { secret?: string; url?: string } = {},
  ): Promise<{ status: number; body: string }> {
    const url = options.url ?? this.webhookUrl;
    if (!url) throw new Error('no webhook URL');
    const payload = JSON.stringify(event);
    const signature = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
    });
    this.sent.push(event);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: response.status, body: await response.text() };
  }

  /** Sends the held events (in reverse order, or each twice, if told) and forgets them; resolves to the answers' statuses. */
  async releaseEvents(options: { reverse?: boolean; twice?: boolean } = {}): Promise<number[]> {
    const events = this.held.splice(0);
    if (options.reverse) events.reverse();
    const statuses: number[] = [];
    for (const event of events)
      for (let i = 0; i < (options.twice ? 2 : 1); i++) statuses.push((await this.send(event)).status);
    return statuses;
  }

  private async notify(type: string, object: object): Promise<void> {
    if (this.holdEvents) this.held.push(this.event(type, object));
    else if (this.autoWebhooks && this.webhookUrl) await this.send(this.event(type, object));
  }

  private async page(
    method: string,
    id: string,
    form: Record<string, unknown>,
    response: ServerResponse,
  ): Promise<void> {
    const session = this.sessions.get(id);
    if (method === 'POST' && session?.status === 'open') {
      await this.completeSession(
        id,
        (['card', 'mb_way', 'multibanco'].includes(String(form.method)) ? form.method : 'card') as Method,
      );
      response.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id) }).end();
      return;
    }
    response.writeHead(session ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(session));
  }
}
