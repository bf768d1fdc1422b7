/*
 * Local stand-ins for the two payment providers, the only fakes in the tests: one HTTP server that
 * answers like Razorpay's Orders API and Stripe's Checkout Sessions API, so the shop's real
 * gateway code (fetch for Razorpay, the official stripe SDK) runs against it. It also plays the
 * providers' own pages for the browser tests: Razorpay's checkout.js and Stripe's hosted page.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface StripeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string;
  livemode: false;
  created: number;
}

/** A refund as Stripe answers it (the fields the shop reads). */
export interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/** A refund as Razorpay answers it. */
export interface RazorpayRefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  speed_requested: 'normal';
  created_at: number;
}

export interface GatewayKeys {
  razorpayKeyId: string;
  razorpayKeySecret: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  razorpayWebhookSecret: string;
}

export const TEST_GATEWAY_KEYS: GatewayKeys = {
  razorpayKeyId: 'rzp_test_standin0001',
  razorpayKeySecret: 'standin-razorpay-secret-0123456789',
  stripeSecretKey: 'sk_test_standin0123456789',
  stripeWebhookSecret: 'whsec_standin0123456789abcdef',
  razorpayWebhookSecret: 'standin-razorpay-webhook-secret-42',
};

export interface Gateways {
  url: string;
  port: number;
  orders: Map<string, RazorpayOrder>;
  sessions: Map<string, StripeSession>;
  /** What Razorpay's checkout hands the page after a payment: ids and the signature. */
  payOrder(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  /** Stripe's page took the card: the session is paid. */
  paySession(sessionId: string): StripeSession;
  /** A webhook body and its Stripe-Signature header, signed as Stripe signs them. */
  stripeEvent(session: StripeSession, type?: string): { payload: string; signature: string };
  /**
   * A Razorpay webhook for an order's latest payment (one is captured first when it has none, as
   * when the traveller paid and the page closed): the body, its X-Razorpay-Signature and event id.
   */
  razorpayEvent(orderId: string, type?: 'payment.captured' | 'order.paid'): { payload: string; signature: string; eventId: string; paymentId: string };
  /** Where to post Stripe events (the shop's webhook), for the browser tests; refunds are then settled by webhook too. */
  webhookUrl?: string;
  /** Refunds made at each provider, by id. */
  stripeRefunds: Map<string, StripeRefund>;
  razorpayRefunds: Map<string, RazorpayRefundEntity>;
  /** The next refund asked of that provider is refused with this message (as a card network's refusal), once. */
  refuseNextRefund: { stripe?: string; razorpay?: string };
  /** Refund calls received (a retry with the same Idempotency-Key is counted, and answered with the same refund). */
  refundCalls: { stripe: number; razorpay: number };
  /** A Stripe refund settled (succeeded or failed) and the event Stripe sends for it: refund.updated / refund.failed, or charge.refunded. */
  stripeRefundEvent(refundId: string, status: 'succeeded' | 'failed', type?: 'refund.updated' | 'refund.failed' | 'charge.refunded'): { payload: string; signature: string };
  /** A Razorpay refund settled and its webhook (refund.processed / refund.failed): body, signature, event id. */
  razorpayRefundEvent(refundId: string, type: 'refund.processed' | 'refund.failed'): { payload: string; signature: string; eventId: string };
  /** A refund made by hand in the provider's dashboard (no metadata or notes of ours), pending: its id. */
  dashboardRefund(provider: 'stripe' | 'razorpay', paymentId: string, amount: number): string;
  /** The shop's config for these stand-ins. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/** The shop's settings for stand-ins at `base`. */
export function gatewayEnv(base: string, keys: GatewayKeys = TEST_GATEWAY_KEYS): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: keys.razorpayKeyId,
    RAZORPAY_KEY_SECRET: keys.razorpayKeySecret,
    RAZORPAY_API_URL: base,
    RAZORPAY_CHECKOUT_URL: `${base}/v1/checkout.js`,
    RAZORPAY_WEBHOOK_SECRET: keys.razorpayWebhookSecret,
    STRIPE_SECRET_KEY: keys.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: keys.stripeWebhookSecret,
    STRIPE_API_URL: base,
  };
}

const id = (prefix: string) => `${prefix}${randomBytes(9).toString('base64url')}`;

/** Stripe's form encoding (`line_items[0][price_data][currency]=aed`) back into an object. */
function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const razorpayError = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });
const stripeError = (message: string) => ({ error: { type: 'invalid_request_error', message } });

/** The page script the shop loads as Razorpay's checkout.js: it "takes" the payment and calls the handler. */
function checkoutScript(base: string) {
  return `window.Razorpay = class Razorpay {
  constructor(options) { this.options = options; this.handlers = {}; }
  on(event, fn) { this.handlers[event] = fn; }
  open() {
    const o = this.options;
    fetch(${JSON.stringify(base)} + '/test/razorpay/pay?order_id=' + encodeURIComponent(o.order_id), { method: 'POST' })
      .then((r) => r.json())
      .then((answer) => o.handler(answer));
  }
};`;
}

export async function startGateways(port = 0, keys: GatewayKeys = TEST_GATEWAY_KEYS): Promise<Gateways> {
  const orders = new Map<string, RazorpayOrder>();
  /** Payments made against each order, as Razorpay lists them. */
  const orderPayments = new Map<string, { id: string; entity: 'payment'; amount: number; currency: string; status: 'captured'; order_id: string; created_at: number }[]>();
  const sessions = new Map<string, StripeSession>();
  const sessionByKey = new Map<string, string>();
  const stripe = new Stripe(keys.stripeSecretKey);
  let base = '';
  const stripeRefunds = new Map<string, StripeRefund>();
  const stripeRefundByKey = new Map<string, string>();
  const razorpayRefunds = new Map<string, RazorpayRefundEntity>();
  const refundedOn = (list: Iterable<{ amount: number; status: string }>, match: (r: never) => boolean) =>
    [...list].filter((r) => r.status !== 'failed' && r.status !== 'canceled' && match(r as never)).reduce((s, r) => s + r.amount, 0);
  const sign = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret: keys.stripeWebhookSecret });

  const api: Gateways = {
    url: '',
    port: 0,
    orders,
    sessions,
    payOrder(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
      const paymentId = id('pay_');
      const made = orderPayments.get(orderId) ?? [];
      made.push({ id: paymentId, entity: 'payment', amount: order.amount, currency: order.currency, status: 'captured', order_id: orderId, created_at: Math.floor(Date.now() / 1000) });
      orderPayments.set(orderId, made);
      const signature = createHmac('sha256', keys.razorpayKeySecret).update(`${orderId}|${paymentId}`).digest('hex');
      return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature };
    },
    paySession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { payment_status: 'paid', status: 'complete', payment_intent: session.payment_intent ?? id('pi_') });
      return session;
    },
    stripeEvent(session, type = 'checkout.session.completed') {
      const payload = JSON.stringify({ id: id('evt_'), object: 'event', type, api_version: '2025-01-27', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: session } });
      return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: keys.stripeWebhookSecret }) };
    },
    razorpayEvent(orderId, type = 'payment.captured') {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      if (!orderPayments.get(orderId)?.length) api.payOrder(orderId);
      const payment = orderPayments.get(orderId)!.at(-1)!;
      const body = {
        entity: 'event',
        account_id: 'acc_standin0001',
        event: type,
        contains: type === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: { payment: { entity: payment }, ...(type === 'order.paid' ? { order: { entity: order } } : {}) },
        created_at: Math.floor(Date.now() / 1000),
      };
      const payload = JSON.stringify(body);
      return { payload, signature: createHmac('sha256', keys.razorpayWebhookSecret).update(payload).digest('hex'), eventId: id('evt_'), paymentId: payment.id };
    },
    stripeRefunds,
    razorpayRefunds,
    refuseNextRefund: {},
    refundCalls: { stripe: 0, razorpay: 0 },
    stripeRefundEvent(refundId, status, type) {
      const refund = stripeRefunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = status;
      if (status === 'failed') refund.failure_reason = 'expired_or_canceled_card';
      const kind = type ?? (status === 'failed' ? 'refund.failed' : 'refund.updated');
      const object =
        kind === 'charge.refunded'
          ? {
              id: refund.charge,
              object: 'charge',
              payment_intent: refund.payment_intent,
              amount_refunded: refundedOn(stripeRefunds.values(), (r: StripeRefund) => r.charge === refund.charge),
              refunded: false,
              refunds: { object: 'list', data: [...stripeRefunds.values()].filter((r) => r.charge === refund.charge), has_more: false },
            }
          : refund;
      const payload = JSON.stringify({ id: id('evt_'), object: 'event', type: kind, api_version: '2025-01-27', created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
      return { payload, signature: sign(payload) };
    },
    dashboardRefund(provider, paymentId, amount) {
      if (provider === 'stripe') {
        const refund: StripeRefund = { id: id('re_'), object: 'refund', amount, currency: 'aed', payment_intent: paymentId, charge: `ch_${paymentId.slice(3)}`, status: 'pending', failure_reason: null, metadata: {}, created: Math.floor(Date.now() / 1000) };
        stripeRefunds.set(refund.id, refund);
        return refund.id;
      }
      const refund: RazorpayRefundEntity = { id: id('rfnd_'), entity: 'refund', amount, currency: 'INR', payment_id: paymentId, notes: {}, receipt: null, status: 'pending', speed_requested: 'normal', created_at: Math.floor(Date.now() / 1000) };
      razorpayRefunds.set(refund.id, refund);
      return refund.id;
    },
    razorpayRefundEvent(refundId, type) {
      const refund = razorpayRefunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = type === 'refund.processed' ? 'processed' : 'failed';
      const payment = [...orderPayments.values()].flat().find((p) => p.id === refund.payment_id);
      const body = { entity: 'event', account_id: 'acc_standin0001', event: type, contains: ['refund', 'payment'], payload: { refund: { entity: refund }, payment: { entity: payment } }, created_at: Math.floor(Date.now() / 1000) };
      const payload = JSON.stringify(body);
      return { payload, signature: createHmac('sha256', keys.razorpayWebhookSecret).update(payload).digest('hex'), eventId: id('evt_') };
    },
    env: () => gatewayEnv(base, keys),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const body = await readBody(req);
    const path = url.pathname;

    // ---------- Razorpay ----------
    if (path === '/v1/checkout.js') return send(res, 200, checkoutScript(base), 'text/javascript');
    if (path === '/test/razorpay/pay' && req.method === 'POST') {
      const orderId = url.searchParams.get('order_id') ?? '';
      if (!orders.has(orderId)) return send(res, 404, razorpayError('No such order'));
      return send(res, 200, api.payOrder(orderId));
    }
    const refundOf = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (refundOf && req.method === 'POST') {
      const auth = `Basic ${Buffer.from(`${keys.razorpayKeyId}:${keys.razorpayKeySecret}`).toString('base64')}`;
      if (req.headers.authorization !== auth) return send(res, 401, razorpayError('Authentication failed'));
      api.refundCalls.razorpay++;
      const paymentId = decodeURIComponent(refundOf[1]!);
      const payment = [...orderPayments.values()].flat().find((p) => p.id === paymentId);
      if (!payment) return send(res, 400, razorpayError('The id provided does not exist'));
      const input = JSON.parse(body || '{}') as { amount?: number; receipt?: string; notes?: Record<string, string> };
      const amount = input.amount ?? payment.amount;
      if (api.refuseNextRefund.razorpay) {
        const message = api.refuseNextRefund.razorpay;
        delete api.refuseNextRefund.razorpay;
        return send(res, 400, razorpayError(message));
      }
      if (!Number.isInteger(amount) || amount < 100) return send(res, 400, razorpayError('The amount must be atleast INR 1.00'));
      const refunded = refundedOn(razorpayRefunds.values(), (r: RazorpayRefundEntity) => r.payment_id === paymentId);
      if (amount > payment.amount - refunded) return send(res, 400, razorpayError('The refund amount provided is greater than amount captured'));
      const refund: RazorpayRefundEntity = { id: id('rfnd_'), entity: 'refund', amount, currency: payment.currency, payment_id: paymentId, notes: input.notes ?? {}, receipt: input.receipt ?? null, status: 'pending', speed_requested: 'normal', created_at: Math.floor(Date.now() / 1000) };
      razorpayRefunds.set(refund.id, refund);
      return send(res, 200, refund);
    }
    if (path.startsWith('/v1/orders')) {
      const auth = `Basic ${Buffer.from(`${keys.razorpayKeyId}:${keys.razorpayKeySecret}`).toString('base64')}`;
      if (req.headers.authorization !== auth) return send(res, 401, razorpayError('Authentication failed'));
      if (path === '/v1/orders' && req.method === 'POST') {
        const input = JSON.parse(body || '{}') as { amount?: number; currency?: string; receipt?: string; notes?: Record<string, string> };
        if (!Number.isInteger(input.amount) || (input.amount ?? 0) < 100) return send(res, 400, razorpayError('The amount must be atleast INR 1.00'));
        const order: RazorpayOrder = {
          id: id('order_'),
          entity: 'order',
          amount: input.amount!,
          amount_paid: 0,
          amount_due: input.amount!,
          currency: input.currency ?? 'INR',
          receipt: input.receipt ?? null,
          status: 'created',
          attempts: 0,
          notes: input.notes ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return send(res, 200, order);
      }
      const paymentsOf = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (paymentsOf && req.method === 'GET') {
        const orderId = decodeURIComponent(paymentsOf[1]!);
        if (!orders.has(orderId)) return send(res, 400, razorpayError('The id provided does not exist'));
        const items = orderPayments.get(orderId) ?? [];
        return send(res, 200, { entity: 'collection', count: items.length, items });
      }
      const order = orders.get(decodeURIComponent(path.slice('/v1/orders/'.length)));
      if (req.method === 'GET' && order) return send(res, 200, order);
      return send(res, 400, razorpayError('The id provided does not exist'));
    }

    // ---------- Stripe ----------
    if (path === '/v1/refunds' && req.method === 'POST') {
      if (req.headers.authorization !== `Bearer ${keys.stripeSecretKey}`) return send(res, 401, stripeError('Invalid API Key provided'));
      api.refundCalls.stripe++;
      const key = String(req.headers['idempotency-key'] ?? '');
      const again = key ? stripeRefundByKey.get(key) : undefined;
      if (again) return send(res, 200, stripeRefunds.get(again));
      const p = parseStripeForm(body) as { payment_intent?: string; amount?: string; metadata?: Record<string, string> };
      const session = [...sessions.values()].find((x) => x.payment_intent && x.payment_intent === p.payment_intent && x.payment_status === 'paid');
      if (!session) return send(res, 400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${p.payment_intent ?? ''}'` } });
      if (api.refuseNextRefund.stripe) {
        const message = api.refuseNextRefund.stripe;
        delete api.refuseNextRefund.stripe;
        return send(res, 400, { error: { type: 'invalid_request_error', code: 'charge_disputed', message } });
      }
      const amount = p.amount ? Number(p.amount) : session.amount_total;
      const refunded = refundedOn(stripeRefunds.values(), (r: StripeRefund) => r.payment_intent === p.payment_intent);
      const cur = session.currency.toUpperCase();
      if (amount > session.amount_total - refunded) {
        return send(res, 400, stripeError(`Refund amount (${cur} ${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (${cur} ${((session.amount_total - refunded) / 100).toFixed(2)})`));
      }
      const refund: StripeRefund = { id: id('re_'), object: 'refund', amount, currency: session.currency, payment_intent: p.payment_intent!, charge: `ch_${p.payment_intent!.slice(3)}`, status: 'pending', failure_reason: null, metadata: p.metadata ?? {}, created: Math.floor(Date.now() / 1000) };
      stripeRefunds.set(refund.id, refund);
      if (key) stripeRefundByKey.set(key, refund.id);
      // With a webhook to call (the browser tests), the refund succeeds a moment later, as a card refund does.
      if (api.webhookUrl) {
        const url = api.webhookUrl;
        setTimeout(() => {
          const event = api.stripeRefundEvent(refund.id, 'succeeded');
          void fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload }).catch(() => undefined);
        }, 300);
      }
      return send(res, 200, refund);
    }
    if (path.startsWith('/v1/checkout/sessions')) {
      if (req.headers.authorization !== `Bearer ${keys.stripeSecretKey}`) return send(res, 401, stripeError('Invalid API Key provided'));
      if (path === '/v1/checkout/sessions' && req.method === 'POST') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const again = key ? sessionByKey.get(key) : undefined;
        if (again) return send(res, 200, sessions.get(again));
        const p = parseStripeForm(body) as {
          line_items?: Record<string, { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }>;
          client_reference_id?: string;
          customer_email?: string;
          metadata?: Record<string, string>;
          success_url?: string;
          cancel_url?: string;
        };
        const items = Object.values(p.line_items ?? {});
        const amount = items.reduce((sum, i) => sum + Number(i.price_data?.unit_amount ?? 0) * Number(i.quantity ?? 1), 0);
        const sid = id('cs_test_');
        const session: StripeSession = {
          id: sid,
          object: 'checkout.session',
          mode: 'payment',
          amount_total: amount,
          amount_subtotal: amount,
          currency: items[0]?.price_data?.currency ?? 'aed',
          client_reference_id: p.client_reference_id ?? null,
          customer_email: p.customer_email ?? null,
          metadata: p.metadata ?? {},
          payment_status: 'unpaid',
          payment_intent: null,
          status: 'open',
          success_url: p.success_url ?? '',
          cancel_url: p.cancel_url ?? '',
          url: `${base}/pay/${sid}`,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        sessions.set(sid, session);
        if (key) sessionByKey.set(key, sid);
        return send(res, 200, session);
      }
      const session = sessions.get(decodeURIComponent(path.slice('/v1/checkout/sessions/'.length)));
      if (req.method === 'GET' && session) return send(res, 200, session);
      return send(res, 404, stripeError('No such checkout.session'));
    }
    // Stripe's hosted page: a button that pays, then back to the shop (and the webhook, when set).
    const pay = path.match(/^\/pay\/([\w-]+)$/);
    if (pay) {
      const session = sessions.get(pay[1]!);
      if (!session) return send(res, 404, 'No such session', 'text/plain');
      if (req.method === 'GET') {
        const amount = (session.amount_total / 100).toFixed(2);
        return send(
          res,
          200,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Stripe Checkout (stand-in)</title></head><body><main><h1>Pay ${session.currency.toUpperCase()} ${amount}</h1><form method="post"><button type="submit">Pay</button></form></main></body></html>`,
          'text/html; charset=utf-8',
        );
      }
      api.paySession(session.id);
      if (api.webhookUrl) {
        const event = api.stripeEvent(session);
        await fetch(api.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload }).catch(() => undefined);
      }
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return res.end();
    }
    return send(res, 404, { error: { message: `No route ${req.method} ${path}` } });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  api.port = typeof address === 'object' && address ? address.port : port;
  base = `http://127.0.0.1:${api.port}`;
  api.url = base;
  return api;
}
