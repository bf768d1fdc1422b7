import { getCookie, removeCookie, setCookie } from '../../lib/browser-cookies.ts';
import { COOKIE } from '../../lib/cookies.ts';

/** Other tabs learn of a sign-in or sign-out through this storage key (their `storage` event). */
export const SESSION_EVENT_KEY = 'wanderlust.session';

/** What the cookie jar needs; js-cookie in the browser, a map in tests. */
export interface Jar {
  get(name: string): string | undefined;
  set(name: string, value: string, expires: Date | number): void;
  remove(name: string): void;
}

export const browserJar: Jar = {
  get: getCookie,
  set: setCookie,
  remove: removeCookie,
};

export const SESSION_COOKIES = [
  COOKIE.token,
  COOKIE.userId,
  COOKIE.userEmail,
  COOKIE.loginDate,
  COOKIE.loginDatePretty,
  COOKIE.userName,
] as const;

/** Signing out (or a session the server no longer honours) removes the session cookies, not the counters. */
export function clearLogin(jar: Jar = browserJar) {
  for (const name of SESSION_COOKIES) jar.remove(name);
}

export function announceSessionChange() {
  try {
    localStorage.setItem(SESSION_EVENT_KEY, String(Date.now()));
  } catch {
    // Storage can be unavailable (private mode); other tabs then catch up on focus.
  }
}
