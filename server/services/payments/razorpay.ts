import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { GatewayError } from './errors.ts';

/**
 * Razorpay's Orders, Payments and Refunds APIs over HTTPS (https://razorpay.com/docs/api/orders/),
 * called with fetch: the few calls we need do not warrant the SDK and its HTTP client.
 * RAZORPAY_API_URL points it at a stand-in in tests and staging.
 */

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes?: Record<string, string>;
}

/** A payment made against an order (https://razorpay.com/docs/api/orders/fetch-payments/). */
export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  /** How it was paid: 'card', 'netbanking', 'upi', 'wallet', 'emi', ... */
  method?: string;
}

/** A refund of a payment (https://razorpay.com/docs/api/refunds/). */
export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt?: string | null;
  notes?: Record<string, string> | [];
  status: 'pending' | 'processed' | 'failed';
}

type Keys = Pick<Config, 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_API_URL'>;

async function request<T>(keys: Keys, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const url = `${keys.RAZORPAY_API_URL.replace(/\/$/, '')}${path}`;
  const auth = Buffer.from(`${keys.RAZORPAY_KEY_ID}:${keys.RAZORPAY_KEY_SECRET}`).toString('base64');
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { Authorization: `Basic ${auth}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new GatewayError('Razorpay', `no answer (${(err as Error).message})`);
  }
  const json = (await res.json().catch(() => null)) as (T & { error?: { description?: string } }) | null;
  if (!res.ok || !json)
    throw new GatewayError('Razorpay', `answered ${res.status}: ${json?.error?.description ?? 'no description'}`);
  return json;
}

export function razorpay(keys: Keys) {
  return {
    createOrder: (order: { amount: number; currency: string; receipt: string; notes: Record<string, string> }) =>
      request<RazorpayOrder>(keys, 'POST', '/v1/orders', order),
    fetchOrder: (id: string) => request<RazorpayOrder>(keys, 'GET', `/v1/orders/${encodeURIComponent(id)}`),
    orderPayments: (id: string) =>
      request<{ items: RazorpayPayment[] }>(keys, 'GET', `/v1/orders/${encodeURIComponent(id)}/payments`),
    /**
     * One payment by its id (https://razorpay.com/docs/api/payments/fetch-with-id/): its `method` says how it was paid.
     */
    fetchPayment: (id: string) => request<RazorpayPayment>(keys, 'GET', `/v1/payments/${encodeURIComponent(id)}`),
    /** Refunds part or all of a captured payment (https://razorpay.com/docs/api/refunds/create-normal/). */
    refund: (paymentId: string, body: { amount: number; receipt: string; notes: Record<string, string> }) =>
      request<RazorpayRefund>(keys, 'POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, body),
  };
}

/**
 * Razorpay's proof of payment: HMAC-SHA256 of `order_id|payment_id` with the key secret, hex.
 * Compared in constant time.
 */
export function razorpaySignatureValid(orderId: string, paymentId: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A webhook event as Razorpay posts it (https://razorpay.com/docs/webhooks/payloads/payments/). */
export interface RazorpayWebhookEvent {
  entity?: 'event';
  event?: string;
  contains?: string[];
  payload?: {
    payment?: { entity?: RazorpayPayment };
    refund?: { entity?: RazorpayRefund };
    order?: { entity?: RazorpayOrder };
  };
  created_at?: number;
}

/**
 * A webhook's proof: HMAC-SHA256 of the exact body with the webhook secret (not the key secret),
 * hex, in X-Razorpay-Signature. Compared in constant time.
 */
export function razorpayWebhookSignatureValid(body: Buffer, signature: string, secret: string): boolean {
  if (!secret) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(body).digest('hex'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
