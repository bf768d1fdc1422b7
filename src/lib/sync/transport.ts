import type { ApiCall } from '../../../contract/api.ts';
import { createCart, createTempBooking, getCart, removeCart } from '../../../contract/cart-calls.ts';
import type { CartGroup } from '../../../contract/cart.ts';
import type { Site } from '../../../contract/site.ts';
import { callApi } from '../api-client.ts';
import type { OutboxEntry, OutboxKind } from '../db.ts';

const CALLS: Record<Exclude<OutboxKind, 'enquiry.submit' | 'cancellation.request'>, ApiCall> = {
  'cart.add': createCart,
  'cart.remove': removeCart,
  'tempBooking.create': createTempBooking,
};

function callOf(entry: OutboxEntry): ApiCall {
  if (entry.kind === 'cancellation.request')
    return { method: 'POST', path: 'RequestCancellation', params: null as never, data: null as never };
  if (entry.kind !== 'enquiry.submit') return CALLS[entry.kind];
  // An enquiry names its own call; the server validates it like any other request.
  return { method: 'POST', path: entry.path ?? 'SubmitEnquiryForm', params: null as never, data: null as never };
}

/** The identification the spec sends with cart calls: Token (signed in) or tempUserId (guest). */
export type IdParams = { Token: string } | { tempUserId: string };

function headers(site: Site, params: Record<string, unknown>): Record<string, string> {
  const h: Record<string, string> = { Country: site };
  if (typeof params.Token === 'string') h.Authorization = `Bearer ${params.Token}`;
  return h;
}

export interface Transport {
  send(entry: OutboxEntry): Promise<unknown>;
  fetchCart(site: Site, id: IdParams | null): Promise<CartGroup[]>;
}

/** The real API (at `origin`, '' for this page's): each change carries its own id as the Idempotency-Key. */
export function createHttpTransport(origin = ''): Transport {
  return {
    send: (entry) =>
      callApi(callOf(entry), entry.params as never, {
        origin,
        headers: headers(entry.site, entry.params),
        idempotencyKey: entry.id,
      }),
    async fetchCart(site, id) {
      // Spec: with neither a login token nor a guest id the cart is empty, and the server is not asked.
      if (!id) return [];
      return callApi(getCart, id, { origin, headers: headers(site, id) });
    },
  };
}

export const httpTransport = createHttpTransport();
