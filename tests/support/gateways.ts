/*
 * Local stand-ins for the two payment providers, the only fakes in the tests: one HTTP server that
 * answers like Razorpay's Orders, Payments and Refunds APIs and Stripe's Checkout Sessions (create,
 * retrieve, expire), PaymentIntents, Charges and Refunds APIs, so the shop's real gateway code
 * (fetch for Razorpay, the official stripe SDK) runs against it. It also plays the providers' own
 * pages for the browser tests: Razorpay's checkout.js (offering only the ways of paying its
 * options allow) and Stripe's hosted page (which takes no payment on an expired session).
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
  expires_at: number;
  /** What the session was limited to at its creation (`allowed_payment_method_types`), or null. */
  allowed_payment_method_types: string[] | null;
  /** The ways of paying the session offers: the account's dynamic set, filtered by allowed_payment_method_types. */
  payment_method_types: string[];
}

/**
 * A Razorpay payment entity (https://razorpay.com/docs/api/payments/fetch-with-id/), the fields the shop reads and a
 * few more.
 */
export interface RazorpayPaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured';
  order_id: string;
  /** How it was paid: 'card', 'netbanking', 'upi', 'wallet', ... */
  method: RazorpayMethod;
  captured: true;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  card_id: string | null;
  email: string;
  contact: string;
  created_at: number;
}

/** The ways of paying Razorpay's checkout offers by default (the account's enabled methods, here). */
export const RAZORPAY_METHODS = ['card', 'netbanking', 'upi', 'wallet'] as const;
export type RazorpayMethod = (typeof RAZORPAY_METHODS)[number];

/** What Stripe offers on a Checkout Session left to dynamic payment methods (this account's dashboard set, here). */
export const STRIPE_DYNAMIC_METHODS = ['card', 'link'];

/**
 * A PaymentIntent as Stripe answers it (the fields the shop reads), its latest charge an id or, expanded, the charge.
 */
export interface StripePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'succeeded';
  latest_charge: string;
  payment_method_types: string[];
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** A Charge as Stripe answers it: `payment_method_details.type` says how it was paid. */
export interface StripeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  currency: string;
  paid: true;
  captured: true;
  status: 'succeeded';
  payment_intent: string;
  payment_method_details: { type: string } & Record<string, unknown>;
  created: number;
  livemode: false;
}

/**
 * The ways of paying Razorpay's checkout shows for these options, as checkout.js reads
 * `config.display`
 * (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/configure-payment-methods/):
 * the methods of its blocks, then its default blocks unless `preferences.show_default_blocks` is
 * false, less those in `hide`.
 */
export function checkoutOffers(options: { config?: unknown } | null | undefined): RazorpayMethod[] {
  const display = ((options?.config ?? {}) as { display?: Record<string, unknown> }).display ?? {};
  const blocks = Object.values((display.blocks ?? {}) as Record<string, { instruments?: unknown[] }>);
  const inBlocks = blocks.flatMap((b) =>
    (b.instruments ?? []).map((i) => (i && typeof i === 'object' ? (i as { method?: unknown }).method : undefined)),
  );
  const defaults =
    (display.preferences as { show_default_blocks?: unknown } | undefined)?.show_default_blocks === false
      ? []
      : RAZORPAY_METHODS;
  const hidden = new Set(((display.hide ?? []) as { method?: unknown }[]).map((h) => h?.method));
  const known = new Set<unknown>(RAZORPAY_METHODS);
  return [...new Set([...inBlocks, ...defaults])].filter((m): m is RazorpayMethod => known.has(m) && !hidden.has(m));
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
  /**
   * What Razorpay's checkout hands the page after a payment: ids and the signature. The payment is
   * made by card unless `method` says otherwise.
   */
  payOrder(
    orderId: string,
    opts?: { method?: RazorpayMethod },
  ): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  /** Razorpay payments made, by id (as GET /v1/payments/:id answers them). */
  razorpayPayments: Map<string, RazorpayPaymentEntity>;
  /** What the stand-in's checkout.js offered for each order it was opened with, and the way it paid. */
  checkouts: Map<string, { offered: RazorpayMethod[]; method: RazorpayMethod }>;
  /**
   * Stripe's page took the payment: the session is paid, by the first way it offers unless
   * `method` says (one it does not offer, or a session no longer open, cannot be paid: an Error).
   */
  paySession(sessionId: string, opts?: { method?: string }): StripeSession;
  /** PaymentIntents of paid sessions, and their charges, by id. */
  paymentIntents: Map<string, StripePaymentIntent>;
  charges: Map<string, StripeCharge>;
  /** A webhook body and its Stripe-Signature header, signed as Stripe signs them. */
  stripeEvent(session: StripeSession, type?: string): { payload: string; signature: string };
  /**
   * A Razorpay webhook for an order's latest payment (one is captured first when it has none, as
   * when the traveller paid and the page closed): the body, its X-Razorpay-Signature and event id.
   */
  razorpayEvent(
    orderId: string,
    type?: 'payment.captured' | 'order.paid',
  ): { payload: string; signature: string; eventId: string; paymentId: string };
  /**
   * Where to post Stripe events (the shop's webhook), for the browser tests; refunds are then settled by webhook too.
   */
  webhookUrl?: string;
  /** Refunds made at each provider, by id. */
  stripeRefunds: Map<string, StripeRefund>;
  razorpayRefunds: Map<string, RazorpayRefundEntity>;
  /** The next refund asked of that provider is refused with this message (as a card network's refusal), once. */
  refuseNextRefund: { stripe?: string; razorpay?: string };
  /** Refund calls received (a retry with the same Idempotency-Key is counted, and answered with the same refund). */
  refundCalls: { stripe: number; razorpay: number };
  /**
   * A Stripe refund settled (succeeded or failed) and the event Stripe sends for it: refund.updated / refund.failed, or
   * charge.refunded.
   */
  stripeRefundEvent(
    refundId: string,
    status: 'succeeded' | 'failed',
    type?: 'refund.updated' | 'refund.failed' | 'charge.refunded',
  ): { payload: string; signature: string };
  /** A Razorpay refund settled and its webhook (refund.processed / refund.failed): body, signature, event id. */
  razorpayRefundEvent(
    refundId: string,
    type: 'refund.processed' | 'refund.failed',
  ): { payload: string; signature: string; eventId: string };
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

/**
 * The page script the shop loads as Razorpay's checkout.js: it "takes" the payment and calls the
 * handler. It offers the ways of paying its options' `config.display` allows (checkoutOffers, on
 * the stand-in's side) and pays by the one a browser test asks (`window.razorpayStandInMethod`)
 * when offered, else by the first offered; what it offered is left in `window.razorpayStandIn`.
 */
function checkoutScript(base: string) {
  return `window.Razorpay = class Razorpay {
  constructor(options) { this.options = options; this.handlers = {}; }
  on(event, fn) { this.handlers[event] = fn; }
  open() {
    const o = this.options;
    const body = JSON.stringify({ config: o.config ?? null, method: window.razorpayStandInMethod ?? null });
    fetch(${JSON.stringify(base)} + '/test/razorpay/pay?order_id=' + encodeURIComponent(o.order_id), { method: 'POST', body })
      .then((r) => r.json())
      .then((answer) => {
        window.razorpayStandIn = answer.checkout;
        o.handler({ razorpay_order_id: answer.razorpay_order_id, razorpay_payment_id: answer.razorpay_payment_id, razorpay_signature: answer.razorpay_signature });
      });
  }
};`;
}

export async function startGateways(port = 0, keys: GatewayKeys = TEST_GATEWAY_KEYS): Promise<Gateways> {
  const orders = new Map<string, RazorpayOrder>();
  /** Payments made against each order, as Razorpay lists them. */
  const orderPayments = new Map<string, RazorpayPaymentEntity[]>();
  const razorpayPayments = new Map<string, RazorpayPaymentEntity>();
  const sessions = new Map<string, StripeSession>();
  const paymentIntents = new Map<string, StripePaymentIntent>();
  const charges = new Map<string, StripeCharge>();
  /** A session past its expires_at is expired, as at Stripe. */
  const current = (session: StripeSession) => {
    if (session.status === 'open' && session.expires_at * 1000 <= Date.now()) session.status = 'expired';
    return session;
  };
  const sessionByKey = new Map<string, string>();
  const stripe = new Stripe(keys.stripeSecretKey);
  let base = '';
  const stripeRefunds = new Map<string, StripeRefund>();
  const stripeRefundByKey = new Map<string, string>();
  const razorpayRefunds = new Map<string, RazorpayRefundEntity>();
  const refundedOn = (list: Iterable<{ amount: number; status: string }>, match: (r: never) => boolean) =>
    [...list]
      .filter((r) => r.status !== 'failed' && r.status !== 'canceled' && match(r as never))
      .reduce((s, r) => s + r.amount, 0);
  const sign = (payload: string) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret: keys.stripeWebhookSecret });

  const api: Gateways = {
    url: '',
    port: 0,
    orders,
    sessions,
    razorpayPayments,
    checkouts: new Map(),
    paymentIntents,
    charges,
    payOrder(orderId, opts = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
      const paymentId = id('pay_');
      const method = opts.method ?? 'card';
      const made = orderPayments.get(orderId) ?? [];
      const payment: RazorpayPaymentEntity = {
        id: paymentId,
        entity: 'payment',
        amount: order.amount,
        currency: order.currency,
        status: 'captured',
        order_id: orderId,
        method,
        captured: true,
        bank: method === 'netbanking' ? 'HDFC' : null,
        wallet: method === 'wallet' ? 'paytm' : null,
        vpa: method === 'upi' ? 'traveller@okhdfcbank' : null,
        card_id: method === 'card' ? id('card_') : null,
        email: 'traveller@example.com',
        contact: '+919812345678',
        created_at: Math.floor(Date.now() / 1000),
      };
      made.push(payment);
      orderPayments.set(orderId, made);
      razorpayPayments.set(paymentId, payment);
      const signature = createHmac('sha256', keys.razorpayKeySecret).update(`${orderId}|${paymentId}`).digest('hex');
      return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature };
    },
    paySession(sessionId, opts = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      // Paid already: the same payment (Stripe's page shows it paid).
      if (session.status === 'complete') return session;
      if (current(session).status !== 'open')
        throw new Error(`session ${sessionId} is ${session.status}: Stripe's page takes no payment on it`);
      const method = opts.method ?? session.payment_method_types[0] ?? 'card';
      if (!session.payment_method_types.includes(method))
        throw new Error(
          `session ${sessionId} does not offer ${method} (only ${session.payment_method_types.join(', ')})`,
        );
      const intent = id('pi_');
      const charge = `ch_${intent.slice(3)}`;
      const now = Math.floor(Date.now() / 1000);
      const details =
        method === 'card'
          ? {
              card: {
                brand: 'visa',
                last4: '4242',
                country: 'AE',
                funding: 'credit',
                network: 'visa',
                exp_month: 12,
                exp_year: 2030,
              },
            }
          : { [method]: {} };
      charges.set(charge, {
        id: charge,
        object: 'charge',
        amount: session.amount_total,
        amount_captured: session.amount_total,
        currency: session.currency,
        paid: true,
        captured: true,
        status: 'succeeded',
        payment_intent: intent,
        payment_method_details: { type: method, ...details },
        created: now,
        livemode: false,
      });
      paymentIntents.set(intent, {
        id: intent,
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        status: 'succeeded',
        latest_charge: charge,
        payment_method_types: session.payment_method_types,
        metadata: {},
        created: now,
        livemode: false,
      });
      Object.assign(session, { payment_status: 'paid', status: 'complete', payment_intent: intent });
      return session;
    },
    stripeEvent(session, type = 'checkout.session.completed') {
      const payload = JSON.stringify({
        id: id('evt_'),
        object: 'event',
        type,
        api_version: '2025-01-27',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: session },
      });
      return {
        payload,
        signature: stripe.webhooks.generateTestHeaderString({ payload, secret: keys.stripeWebhookSecret }),
      };
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
      return {
        payload,
        signature: createHmac('sha256', keys.razorpayWebhookSecret).update(payload).digest('hex'),
        eventId: id('evt_'),
        paymentId: payment.id,
      };
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
              refunds: {
                object: 'list',
                data: [...stripeRefunds.values()].filter((r) => r.charge === refund.charge),
                has_more: false,
              },
            }
          : refund;
      const payload = JSON.stringify({
        id: id('evt_'),
        object: 'event',
        type: kind,
        api_version: '2025-01-27',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      });
      return { payload, signature: sign(payload) };
    },
    dashboardRefund(provider, paymentId, amount) {
      if (provider === 'stripe') {
        const refund: StripeRefund = {
          id: id('re_'),
          object: 'refund',
          amount,
          currency: 'aed',
          payment_intent: paymentId,
          charge: `ch_${paymentId.slice(3)}`,
          status: 'pending',
          failure_reason: null,
          metadata: {},
          created: Math.floor(Date.now() / 1000),
        };
        stripeRefunds.set(refund.id, refund);
        return refund.id;
      }
      const refund: RazorpayRefundEntity = {
        id: id('rfnd_'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: paymentId,
        notes: {},
        receipt: null,
        status: 'pending',
        speed_requested: 'normal',
        created_at: Math.floor(Date.now() / 1000),
      };
      razorpayRefunds.set(refund.id, refund);
      return refund.id;
    },
    razorpayRefundEvent(refundId, type) {
      const refund = razorpayRefunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = type === 'refund.processed' ? 'processed' : 'failed';
      const payment = [...orderPayments.values()].flat().find((p) => p.id === refund.payment_id);
      const body = {
        entity: 'event',
        account_id: 'acc_standin0001',
        event: type,
        contains: ['refund', 'payment'],
        payload: { refund: { entity: refund }, payment: { entity: payment } },
        created_at: Math.floor(Date.now() / 1000),
      };
      const payload = JSON.stringify(body);
      return {
        payload,
        signature: createHmac('sha256', keys.razorpayWebhookSecret).update(payload).digest('hex'),
        eventId: id('evt_'),
      };
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
      let asked: { config?: unknown; method?: unknown } = {};
      try {
        asked = JSON.parse(body || '{}') as typeof asked;
      } catch {
        // An old page's empty call: the checkout's defaults.
      }
      // Only the ways of paying the checkout showed can be used: the one asked if shown, else the first shown.
      const offered = checkoutOffers({ config: asked.config });
      if (!offered.length) return send(res, 400, razorpayError('No appropriate payment method found'));
      const method = offered.find((m) => m === asked.method) ?? offered[0]!;
      api.checkouts.set(orderId, { offered, method });
      return send(res, 200, { ...api.payOrder(orderId, { method }), checkout: { offered, method } });
    }
    const paymentPath = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (paymentPath && req.method === 'GET') {
      const auth = `Basic ${Buffer.from(`${keys.razorpayKeyId}:${keys.razorpayKeySecret}`).toString('base64')}`;
      if (req.headers.authorization !== auth) return send(res, 401, razorpayError('Authentication failed'));
      const payment = razorpayPayments.get(decodeURIComponent(paymentPath[1]!));
      if (!payment) return send(res, 400, razorpayError('The id provided does not exist'));
      return send(res, 200, payment);
    }
    const refundOf = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (refundOf && req.method === 'POST') {
      const auth = `Basic ${Buffer.from(`${keys.razorpayKeyId}:${keys.razorpayKeySecret}`).toString('base64')}`;
      if (req.headers.authorization !== auth) return send(res, 401, razorpayError('Authentication failed'));
      api.refundCalls.razorpay++;
      const paymentId = decodeURIComponent(refundOf[1]!);
      const payment = razorpayPayments.get(paymentId);
      if (!payment) return send(res, 400, razorpayError('The id provided does not exist'));
      const input = JSON.parse(body || '{}') as { amount?: number; receipt?: string; notes?: Record<string, string> };
      const amount = input.amount ?? payment.amount;
      if (api.refuseNextRefund.razorpay) {
        const message = api.refuseNextRefund.razorpay;
        delete api.refuseNextRefund.razorpay;
        return send(res, 400, razorpayError(message));
      }
      if (!Number.isInteger(amount) || amount < 100)
        return send(res, 400, razorpayError('The amount must be atleast INR 1.00'));
      const refunded = refundedOn(razorpayRefunds.values(), (r: RazorpayRefundEntity) => r.payment_id === paymentId);
      if (amount > payment.amount - refunded)
        return send(res, 400, razorpayError('The refund amount provided is greater than amount captured'));
      const refund: RazorpayRefundEntity = {
        id: id('rfnd_'),
        entity: 'refund',
        amount,
        currency: payment.currency,
        payment_id: paymentId,
        notes: input.notes ?? {},
        receipt: input.receipt ?? null,
        status: 'pending',
        speed_requested: 'normal',
        created_at: Math.floor(Date.now() / 1000),
      };
      razorpayRefunds.set(refund.id, refund);
      return send(res, 200, refund);
    }
    if (path.startsWith('/v1/orders')) {
      const auth = `Basic ${Buffer.from(`${keys.razorpayKeyId}:${keys.razorpayKeySecret}`).toString('base64')}`;
      if (req.headers.authorization !== auth) return send(res, 401, razorpayError('Authentication failed'));
      if (path === '/v1/orders' && req.method === 'POST') {
        const input = JSON.parse(body || '{}') as {
          amount?: number;
          currency?: string;
          receipt?: string;
          notes?: Record<string, string>;
        };
        if (!Number.isInteger(input.amount) || (input.amount ?? 0) < 100)
          return send(res, 400, razorpayError('The amount must be atleast INR 1.00'));
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
      if (req.headers.authorization !== `Bearer ${keys.stripeSecretKey}`)
        return send(res, 401, stripeError('Invalid API Key provided'));
      api.refundCalls.stripe++;
      const key = String(req.headers['idempotency-key'] ?? '');
      const again = key ? stripeRefundByKey.get(key) : undefined;
      if (again) return send(res, 200, stripeRefunds.get(again));
      const p = parseStripeForm(body) as {
        payment_intent?: string;
        amount?: string;
        metadata?: Record<string, string>;
      };
      const session = [...sessions.values()].find(
        (x) => x.payment_intent && x.payment_intent === p.payment_intent && x.payment_status === 'paid',
      );
      if (!session)
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${p.payment_intent ?? ''}'`,
          },
        });
      if (api.refuseNextRefund.stripe) {
        const message = api.refuseNextRefund.stripe;
        delete api.refuseNextRefund.stripe;
        return send(res, 400, { error: { type: 'invalid_request_error', code: 'charge_disputed', message } });
      }
      const amount = p.amount ? Number(p.amount) : session.amount_total;
      const refunded = refundedOn(stripeRefunds.values(), (r: StripeRefund) => r.payment_intent === p.payment_intent);
      const cur = session.currency.toUpperCase();
      if (amount > session.amount_total - refunded) {
        return send(
          res,
          400,
          stripeError(
            `Refund amount (${cur} ${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (${cur} ${((session.amount_total - refunded) / 100).toFixed(2)})`,
          ),
        );
      }
      const refund: StripeRefund = {
        id: id('re_'),
        object: 'refund',
        amount,
        currency: session.currency,
        payment_intent: p.payment_intent!,
        charge: `ch_${p.payment_intent!.slice(3)}`,
        status: 'pending',
        failure_reason: null,
        metadata: p.metadata ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      stripeRefunds.set(refund.id, refund);
      if (key) stripeRefundByKey.set(key, refund.id);
      // With a webhook to call (the browser tests), the refund succeeds a moment later, as a card refund does.
      if (api.webhookUrl) {
        const url = api.webhookUrl;
        setTimeout(() => {
          const event = api.stripeRefundEvent(refund.id, 'succeeded');
          void fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            body: event.payload,
          }).catch(() => undefined);
        }, 300);
      }
      return send(res, 200, refund);
    }
    // A PaymentIntent (its latest charge expanded when asked: `expand[]=latest_charge`), and a charge.
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    const chargePath = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if ((intentPath || chargePath) && req.method === 'GET') {
      if (req.headers.authorization !== `Bearer ${keys.stripeSecretKey}`)
        return send(res, 401, stripeError('Invalid API Key provided'));
      const expand = [...url.searchParams].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
      if (chargePath) {
        const charge = charges.get(decodeURIComponent(chargePath[1]!));
        if (!charge)
          return send(res, 404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'id',
              message: `No such charge: '${chargePath[1]}'`,
            },
          });
        return send(res, 200, charge);
      }
      const intent = paymentIntents.get(decodeURIComponent(intentPath![1]!));
      if (!intent)
        return send(res, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'intent',
            message: `No such payment_intent: '${intentPath![1]}'`,
          },
        });
      return send(
        res,
        200,
        expand.includes('latest_charge')
          ? { ...intent, latest_charge: charges.get(intent.latest_charge) ?? intent.latest_charge }
          : intent,
      );
    }
    if (path.startsWith('/v1/checkout/sessions')) {
      if (req.headers.authorization !== `Bearer ${keys.stripeSecretKey}`)
        return send(res, 401, stripeError('Invalid API Key provided'));
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
          expires_at?: string;
          allowed_payment_method_types?: Record<string, string>;
          payment_method_types?: unknown;
        };
        // The API version the shop's SDK pins (2026-10-28.endive) no longer takes payment_method_types
        // on a Checkout Session: allowed_payment_method_types filters the dynamic set instead.
        if (p.payment_method_types !== undefined) {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_method_types_no_longer_supported',
              param: 'payment_method_types',
              message:
                'payment_method_types is no longer supported on this API version. Use allowed_payment_method_types, excluded_payment_method_types or dynamic payment methods.',
            },
          });
        }
        const allowed = p.allowed_payment_method_types ? Object.values(p.allowed_payment_method_types) : null;
        const types = allowed ? STRIPE_DYNAMIC_METHODS.filter((t) => allowed.includes(t)) : STRIPE_DYNAMIC_METHODS;
        if (!types.length)
          return send(
            res,
            400,
            stripeError(
              `None of the allowed_payment_method_types (${(allowed ?? []).join(', ')}) can be used for this Checkout Session.`,
            ),
          );
        const items = Object.values(p.line_items ?? {});
        const amount = items.reduce(
          (sum, i) => sum + Number(i.price_data?.unit_amount ?? 0) * Number(i.quantity ?? 1),
          0,
        );
        const sid = id('cs_test_');
        const created = Math.floor(Date.now() / 1000);
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
          created,
          // Stripe's default: 24 hours.
          expires_at: p.expires_at ? Number(p.expires_at) : created + 86_400,
          allowed_payment_method_types: allowed,
          payment_method_types: types,
        };
        sessions.set(sid, session);
        if (key) sessionByKey.set(key, sid);
        return send(res, 200, session);
      }
      // Expiring a session (https://docs.stripe.com/api/checkout/sessions/expire): only an open one.
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (expire && req.method === 'POST') {
        const sessionId = decodeURIComponent(expire[1]!);
        const session = sessions.get(sessionId);
        if (!session)
          return send(res, 404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'session',
              message: `No such checkout.session: '${sessionId}'`,
            },
          });
        if (current(session).status !== 'open') {
          return send(
            res,
            400,
            stripeError(
              `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
            ),
          );
        }
        session.status = 'expired';
        return send(res, 200, session);
      }
      const sessionId = decodeURIComponent(path.slice('/v1/checkout/sessions/'.length));
      const session = sessions.get(sessionId);
      if (req.method === 'GET' && session) return send(res, 200, current(session));
      return send(res, 404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${sessionId}'`,
        },
      });
    }
    // Stripe's hosted page: a button that pays, then back to the shop (and the webhook, when set).
    const pay = path.match(/^\/pay\/([\w-]+)$/);
    if (pay) {
      const session = sessions.get(pay[1]!);
      if (!session) return send(res, 404, 'No such session', 'text/plain');
      // An expired session's page takes no payment (Stripe shows that it has expired).
      if (current(session).status === 'expired') {
        return send(
          res,
          req.method === 'GET' ? 200 : 409,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Stripe Checkout (stand-in)</title></head><body><main><h1>This checkout session has expired</h1><p>Return to the shop to pay.</p></main></body></html>`,
          'text/html; charset=utf-8',
        );
      }
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
        await fetch(api.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          body: event.payload,
        }).catch(() => undefined);
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
