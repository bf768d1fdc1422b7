import type { StaffMe } from '../../contract/staff.ts';

/** The CSRF token of this sign-in (from login or /me), sent with every state-changing call. */
let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

export interface AdminAnswer<T> {
  ok: boolean;
  httpStatus: number;
  message: string;
  data: T;
}

/**
 * One /api/admin call: JSON in (or FormData, a multipart upload: the browser sets its own
 * content-type with the boundary), the envelope out (never thrown: pages show the message).
 */
export async function adminCall<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<AdminAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(`/api/admin/${path}`, { method, headers, body: body === undefined ? undefined : multipart ? body : JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    return { ok: false, httpStatus: 0, message: 'The server did not answer. Check your connection and try again.', data: null as T };
  }
  const envelope = (await res.json().catch(() => null)) as { status?: string; message?: string; data?: T } | null;
  return {
    ok: res.ok && envelope?.status !== 'error',
    httpStatus: res.status,
    message: envelope?.message ?? `The server answered ${res.status}.`,
    data: (envelope?.data ?? null) as T,
  };
}

export async function loadMe(): Promise<StaffMe | null> {
  const answer = await adminCall<StaffMe>('GET', 'me');
  if (!answer.ok) return null;
  setCsrfToken(answer.data.csrfToken);
  return answer.data;
}
