import type { z } from 'zod';
import type { ApiCall, CallData, CallParams } from '../../contract/api.ts';
import type { Status } from '../../contract/envelope.ts';
import { siteForPath, type Site } from '../../contract/site-rules.ts';
import { readIdentity } from './identity.ts';
import { FROM_CACHE, FROM_CACHE_HEADER, reportAnswered, reportNoAnswer } from './reachability.ts';

/** The server answered with status 'error' (or 'warning' where the caller wants success). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: Status,
    readonly httpStatus: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer: offline, DNS, connection reset. */
export class NetworkError extends Error {
  constructor(message = 'You appear to be offline. Check your connection and try again.') {
    super(message);
    this.name = 'NetworkError';
  }
}

export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key so a retried write is applied once. */
  idempotencyKey?: string;
  /** Adds the bearer token of a signed-in traveller. */
  auth?: boolean;
  /** Multipart body (uploads); the params still go in the query string. */
  form?: FormData;
  /** Base of the API; '' in the browser. */
  origin?: string;
}

export function currentSite(): Site {
  return typeof location === 'undefined' ? 'UAE' : siteForPath(location.pathname);
}

function toQuery(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((item) => q.append(k, String(item)));
    else q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * Calls an /api/Common endpoint: adds the Country header (IN on /in paths, else UAE, unless the
 * caller set one), the bearer token when asked, unwraps the envelope and returns `data`.
 */
export async function callApi<C extends ApiCall>(
  c: C,
  params: CallParams<C>,
  opts: CallOptions = {},
): Promise<CallData<C>> {
  return (await callEnvelope(c, params, opts)).data;
}

/** As callApi, but the whole envelope: for a call whose status word matters (CreateBooking's 'Success'). */
export async function callEnvelope<C extends ApiCall>(
  c: C,
  params: CallParams<C>,
  opts: CallOptions = {},
): Promise<{ status: Status; message: string; data: CallData<C> }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'country')) headers.Country = currentSite();
  if (opts.auth) {
    const identity = readIdentity();
    if (identity.kind === 'user') headers.Authorization = `Bearer ${identity.token}`;
  }
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  const p = (params ?? {}) as Record<string, unknown>;
  let url = `${opts.origin ?? ''}/api/Common/${c.path}`;
  let body: BodyInit | undefined;
  if (c.method === 'GET' || opts.form) {
    url += toQuery(p);
    body = opts.form;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(p);
  }
  let res: Response;
  try {
    res = await fetch(url, { method: c.method, headers, body, signal: opts.signal, credentials: 'same-origin' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    reportNoAnswer();
    throw new NetworkError();
  }
  // An answer the service worker kept from earlier does not show that the server is there now.
  if (res.headers.get(FROM_CACHE_HEADER) !== FROM_CACHE) reportAnswered();
  let envelope: { status?: Status; message?: string; data?: unknown };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    throw new ApiError(
      res.ok
        ? 'The server sent an answer we could not read.'
        : `The server could not answer (${res.status}). Please try again.`,
      'error',
      res.status,
    );
  }
  if (!res.ok || envelope.status === 'error') {
    throw new ApiError(
      envelope.message || 'Something went wrong. Please try again.',
      'error',
      res.status,
      envelope.data ?? null,
    );
  }
  return {
    status: envelope.status ?? 'success',
    message: envelope.message ?? '',
    data: envelope.data as z.infer<C['data']>,
  };
}
