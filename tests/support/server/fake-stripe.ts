/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe's objects and the SDK's form bodies are loose JSON here, read field by field as the real API does */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { checkoutPage } from './fake-stripe-page.js';

// A fake of the Stripe API on 127.0.0.1, for the tests and the benchmark: the calls the site makes
// (Checkout sessions, payment intents, refunds), with Stripe's shapes, errors and idempotency
// keys, driven by the real stripe SDK. The test plays the guest and Stripe's clock through the
// methods below, and webhooks are signed as Stripe signs them.

type Obj = Record<string, unknown> & { id: string };
type Method = 'card' | 'multibanco' | 'mb_way';
export type OffSessionOutcome = 'succeeded' | 'authentication_required' | 'card_declined';

interface Answer {
  status: number;
  body: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey?: string;
  body: Record<string, unknown>;
}

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

const error = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly sent: Stripe.Event[] = [];
  webhookUrl: string | undefined;
  /** Whether the guest's actions also post the events Stripe would send. */
  autoWebhooks = true;
  nextOffSession: OffSessionOutcome = 'succeeded';
  private readonly sessions = new Map<string, Obj>();
  private readonly intents = new Map<string, Obj>();
  private readonly replies = new Map<string, Answer>();
  private readonly signer = new Stripe('sk_test_signer');
  /** Stripe's clock: the test's moved one, so a reference's expiry is in the site's time. */
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

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.baseUrl);
    const text = Buffer.concat(chunks).toString('utf8');
    if (url.pathname.startsWith('/pay/'))
      return this.page(request.method ?? 'GET', url.pathname.slice(5), parseForm(text), response);
    const send = (answer: Answer) =>
      void response
        .writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') })
        .end(JSON.stringify(answer.body));
    if (request.headers.authorization !== `Bearer ${this.secretKey}`)
      return send(error(401, 'invalid_request_error', 'Invalid API Key provided'));
    const body = request.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(text);
    const key = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      ...(key ? { idempotencyKey: key } : {}),
      body,
    });
    if (request.method === 'POST' && key && this.replies.has(key)) return send(this.replies.get(key) as Answer);
    const answer = await this.route(request.method ?? 'GET', url.pathname, body);
    if (request.method === 'POST' && key) this.replies.set(key, answer);
    send(answer);
  }

  private async route(method: string, path: string, body: Record<string, any>): Promise<Answer> {
    const [, , resource, id, action] = path.split('/');
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: this.createSession(body) };
    if (resource === 'checkout' && method === 'GET' && id === 'sessions' && action) {
      const session = this.sessions.get(action);
      if (!session)
        return error(404, 'invalid_request_error', `No such checkout.session: '${action}'`, {
          code: 'resource_missing',
        });
      const expand = [body.expand ?? []].flat();
      return {
        status: 200,
        body:
          expand.includes('payment_intent') && session.payment_intent
            ? { ...session, payment_intent: this.intents.get(session.payment_intent as string) }
            : session,
      };
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
    if (resource === 'payment_intents' && method === 'GET' && id) {
      const intent = this.intents.get(id);
      return intent
        ? { status: 200, body: intent }
        : error(404, 'invalid_request_error', `No such payment_intent: '${id}'`, { code: 'resource_missing' });
    }
    if (resource === 'refunds' && method === 'POST' && !id) return this.refund(body);
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
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
      amount_refunded: 0,
      next_action: null,
      last_payment_error: null,
      customer: null,
      payment_method: null,
      metadata: {},
      ...fields,
    };
    this.intents.set(intent.id, intent);
    return intent;
  }

  /** The guest pays on the Checkout page: by card or MB WAY at once, by Multibanco later (settleAsync). */
  async completeSession(id: string, method: Method): Promise<Obj> {
    const session = this.session(id);
    if (session.status !== 'open') throw new Error(`session ${id} is ${String(session.status)}`);
    const saved = method === 'card' && session.saves_card;
    const metadata = { ...session.metadata, ...(session.payment_intent_data as { metadata?: object }).metadata };
    const intent = this.newIntent({
      amount: session.amount_total,
      currency: session.currency,
      metadata,
      payment_method_types: [method],
      customer: saved ? newId('cus') : null,
      payment_method: method === 'multibanco' ? null : newId('pm'),
      ...(method === 'multibanco'
        ? {
            status: 'requires_action',
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
        : { status: 'succeeded', amount_received: session.amount_total }),
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: method === 'multibanco' ? 'unpaid' : 'paid',
      payment_intent: intent.id,
      customer: intent.customer,
    });
    await this.notify('checkout.session.completed', session);
    return session;
  }

  /** A Multibanco reference is paid, or runs out. */
  async settleAsync(sessionId: string, paid: boolean): Promise<void> {
    const session = this.session(sessionId);
    const intent = this.paymentIntent(session.payment_intent as string);
    Object.assign(
      intent,
      paid
        ? { status: 'succeeded', amount_received: intent.amount, next_action: null }
        : { status: 'canceled', next_action: null },
    );
    if (paid) session.payment_status = 'paid';
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
    const outcome = this.nextOffSession;
    const intent = this.newIntent({
      amount: Number(body.amount),
      currency: body.currency,
      customer: body.customer,
      payment_method: body.payment_method,
      metadata: body.metadata ?? {},
      payment_method_types: ['card'],
      status: outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method',
      amount_received: outcome === 'succeeded' ? Number(body.amount) : 0,
      ...(outcome === 'succeeded' ? {} : { last_payment_error: { code: outcome, type: 'card_error' } }),
    });
    await this.notify(outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
    if (outcome === 'succeeded') return { status: 200, body: intent };
    const message =
      outcome === 'authentication_required' ? 'This payment requires authentication.' : 'Your card was declined.';
    return error(402, 'card_error', message, { code: outcome, payment_intent: intent });
  }

  private refund(body: Record<string, any>): Answer {
    const intent = this.intents.get(String(body.payment_intent));
    if (!intent || intent.status !== 'succeeded')
      return error(400, 'invalid_request_error', 'This PaymentIntent has no successful charge to refund.', {
        param: 'payment_intent',
      });
    const left = Number(intent.amount_received) - Number(intent.amount_refunded);
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (amount > left)
      return error(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        { param: 'amount' },
      );
    intent.amount_refunded = Number(intent.amount_refunded) + amount;
    return {
      status: 200,
      body: {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: body.metadata ?? {},
      },
    };
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

  private async notify(type: string, object: object): Promise<void> {
    if (this.autoWebhooks && this.webhookUrl) await this.send(this.event(type, object));
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
