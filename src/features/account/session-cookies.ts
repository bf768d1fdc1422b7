import { z } from 'zod';
import { COOKIE } from '../../lib/cookies.ts';
import { browserJar, type Jar } from './session-jar.ts';
import { prettyLoginDate, readLoginToken } from './token-parts.ts';

/** Counters outlive sign-ins: a year. */
const COUNTER_DAYS = 365;

const counterSchema = z.coerce.number().int().min(0).catch(0);

function bump(jar: Jar, name: string) {
  const next = counterSchema.parse(jar.get(name) ?? 0) + 1;
  jar.set(name, String(next), COUNTER_DAYS);
  return next;
}

/**
 * After a successful login: the token and the cookies derived from its four parts (SPEC §3), read
 * by decrypting it; kept as long as the server keeps the session; one more login counted.
 */
export function storeLogin(token: string, opts: { tokenKey: string; expiresAt: string | Date }, jar: Jar = browserJar) {
  const parts = readLoginToken(token, opts.tokenKey);
  if (!parts) throw new Error('The login token could not be read.');
  const expires = new Date(opts.expiresAt);
  jar.set(COOKIE.token, token, expires);
  jar.set(COOKIE.userId, parts.userId, expires);
  jar.set(COOKIE.userEmail, parts.email, expires);
  jar.set(COOKIE.loginDate, parts.loginDate, expires);
  jar.set(COOKIE.loginDatePretty, prettyLoginDate(parts.loginDate), expires);
  jar.set(COOKIE.userName, parts.name, expires);
  bump(jar, COOKIE.loginCount);
  return parts;
}

/** Any login failure is counted. */
export function recordFailedLogin(jar: Jar = browserJar) {
  return bump(jar, COOKIE.failedLoginCount);
}
