import type { z } from 'zod';
import {
  adminAddress,
  adminPath,
  type AdminCall,
  type AdminCallBody,
  type AdminCallData,
  type AdminCallParams,
  type AdminCallIsForm,
  type AdminCallQuery,
  type PathParamNames,
} from '../../contract/admin-api.ts';
import { meCall } from '../../contract/admin-staff-calls.ts';
import type { StaffMe } from '../../contract/staff.ts';

/** The CSRF token of this sign-in (from login or /me), sent with every state-changing call. */
let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

/** A call's answer: its data only when it succeeded (a page reads `data` after checking `ok`); a refusal's message. */
export type AdminAnswer<T> =
  | { ok: true; httpStatus: number; message: string; data: T }
  | { ok: false; httpStatus: number; message: string; data: null };

/**
 * One /api/admin call: JSON in (or FormData, a multipart upload: the browser sets its own
 * content-type with the boundary), the envelope out (never thrown: pages show the message).
 */
export async function adminCall<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<AdminAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(adminAddress(path), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return {
      ok: false,
      httpStatus: 0,
      message: 'The server did not answer. Check your connection and try again.',
      data: null,
    };
  }
  const envelope = (await res.json().catch(() => null)) as { status?: string; message?: string; data?: T } | null;
  const message = envelope?.message ?? `The answer could not be read (HTTP ${res.status}). Try again in a moment.`;
  return res.ok && envelope && envelope.status !== 'error'
    ? { ok: true, httpStatus: res.status, message, data: envelope.data as T }
    : { ok: false, httpStatus: res.status, message, data: null };
}

/**
 * What a declared call is sent: its path parameters, query and body (or form) as its declaration types them, and extra
 * headers (an Idempotency-Key).
 */
export type AdminSend<C extends AdminCall> = ([PathParamNames<C['path']>] extends [never]
  ? { params?: undefined }
  : { params: AdminCallParams<C> }) & {
  query?: AdminCallQuery<C>;
  headers?: Record<string, string>;
} & (AdminCallIsForm<C> extends true
    ? { form: FormData }
    : AdminCallBody<C> extends undefined
      ? { body?: undefined }
      : { body: AdminCallBody<C> });

/** Whether a call cannot be sent without its second argument (path parameters, a body or a form). */
type Needs<C extends AdminCall> = [PathParamNames<C['path']>] extends [never]
  ? AdminCallIsForm<C> extends true
    ? true
    : AdminCallBody<C> extends undefined
      ? false
      : true
  : true;

/** A declared GET without path parameters whose answer is a list page's data (useAdminList, useEditableList). */
export type AdminListCall<T> = AdminCall & { data: z.ZodType<T> };

/** A declared call's URL under /api/admin: its path with its parameters, and the query's non-empty values. */
function urlOf(call: AdminCall, params: Record<string, unknown> = {}, query: object = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.append(name, String(value));
  return `${adminPath(call.path, params)}${search.size ? `?${search.toString()}` : ''}`;
}

/**
 * A declared back-office call (contract/admin-*-calls.ts, decision 0111): the URL built from its
 * path and parameters, the query string from `query`, and the answer typed by the declaration's
 * `data`. Like adminCall, it never throws: a refusal is an answer whose message the page shows.
 */
export function adminApi<C extends AdminCall>(
  call: C,
  ...[send]: Needs<C> extends true ? [AdminSend<C>] : [AdminSend<C>?]
): Promise<AdminAnswer<AdminCallData<C>>> {
  const given: {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    form?: FormData;
    headers?: Record<string, string>;
  } = send ?? {};
  let url: string;
  try {
    url = urlOf(call, given.params, given.query);
  } catch (e) {
    return Promise.resolve({ ok: false, httpStatus: 0, message: (e as Error).message, data: null });
  }
  return adminCall<AdminCallData<C>>(call.method, url, given.form ?? given.body, given.headers);
}

/**
 * The URL of a declared call answering a file (`file: 'csv'`), for a download link: its path and
 * parameters from the declaration, the query string from `query` (empty values left out).
 */
export function adminHref<C extends AdminCall & { file: 'csv' }>(
  call: C,
  send: { params?: AdminCallParams<C>; query?: AdminCallQuery<C> } = {},
): string {
  return adminAddress(urlOf(call, send.params as Record<string, unknown> | undefined, send.query));
}

export async function loadMe(): Promise<StaffMe | null> {
  const answer = await adminApi(meCall);
  if (!answer.ok) return null;
  setCsrfToken(answer.data.csrfToken);
  return answer.data;
}
