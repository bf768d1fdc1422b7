import { getCookie, setCookie } from './browser-cookies.ts';
import { COOKIE, GUEST_ID_DAYS } from './cookies.ts';

export type Identity = { kind: 'user'; token: string; userId: string } | { kind: 'guest'; guestId: string | null };

// Cookie values are checked before use (plain patterns: zod would weigh on the first route).
const GUEST_ID = /^[A-Za-z0-9-]{8,64}$/;
const USER_ID = /^\d+$/;
const validGuestId = (v: string | undefined): string | null => (v !== undefined && GUEST_ID.test(v) ? v : null);

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: { expires?: number }): void;
}

export const browserCookies: CookieJar = {
  get: getCookie,
  set: (name, value, options) => setCookie(name, value, options?.expires),
};

/** Signed in when both the login token cookie and the user id cookie are present; otherwise a guest. */
export function readIdentity(jar: CookieJar = browserCookies): Identity {
  const token = jar.get(COOKIE.token);
  const userId = jar.get(COOKIE.userId);
  if (token && userId && USER_ID.test(userId)) return { kind: 'user', token, userId };
  return { kind: 'guest', guestId: validGuestId(jar.get(COOKIE.guestId)) };
}

/** The guest's id: the one in the cookie when there is one, else a new one kept for 7 days. */
export function ensureGuestId(
  jar: CookieJar = browserCookies,
  newId: () => string = () => crypto.randomUUID(),
): string {
  const existing = validGuestId(jar.get(COOKIE.guestId));
  if (existing) return existing;
  const id = newId();
  jar.set(COOKIE.guestId, id, { expires: GUEST_ID_DAYS });
  return id;
}
