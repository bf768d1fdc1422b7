import Cookies from 'js-cookie';
import { z } from 'zod';
import { COOKIE, GUEST_ID_DAYS } from './cookies.ts';

export type Identity =
  | { kind: 'user'; token: string; userId: string }
  | { kind: 'guest'; guestId: string | null };

const guestIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);
const userIdSchema = z.string().regex(/^\d+$/);

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: { expires?: number }): void;
}

export const browserCookies: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, options) =>
    Cookies.set(name, value, { expires: options?.expires, path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' }),
};

/** Signed in when both the login token cookie and the user id cookie are present; otherwise a guest. */
export function readIdentity(jar: CookieJar = browserCookies): Identity {
  const token = jar.get(COOKIE.token);
  const userId = jar.get(COOKIE.userId);
  if (token && userId && userIdSchema.safeParse(userId).success) return { kind: 'user', token, userId };
  const guest = guestIdSchema.safeParse(jar.get(COOKIE.guestId));
  return { kind: 'guest', guestId: guest.success ? guest.data : null };
}

/** The guest's id: the one in the cookie when there is one, else a new one kept for 7 days. */
export function ensureGuestId(jar: CookieJar = browserCookies, newId: () => string = () => crypto.randomUUID()): string {
  const existing = guestIdSchema.safeParse(jar.get(COOKIE.guestId));
  if (existing.success) return existing.data;
  const id = newId();
  jar.set(COOKIE.guestId, id, { expires: GUEST_ID_DAYS });
  return id;
}
