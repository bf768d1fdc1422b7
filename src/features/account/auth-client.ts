import { z } from 'zod';
import type { Site } from '../../../contract/site.ts';
import { COOKIE } from '../../lib/cookies.ts';
import { browserCookies } from '../../lib/identity.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { mergeGuestCartOnSignIn } from '../cart/merge-on-sign-in.ts';
import { recordFailedLogin, storeLogin } from './session-cookies.ts';
import { announceSessionChange, clearLogin } from './session-jar.ts';
import { refreshSession } from './use-session.ts';

const guestIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

/** Only a path on this site may be the place to go after signing in. */
export function safeCallbackUrl(raw: string | null | undefined, fallback: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}

/**
 * A login succeeded: keep the token and its cookies, bring the guest's cart along (a failure there
 * never undoes the sign-in), and tell this tab and the others.
 */
export async function finishSignIn(token: string, expiresAt: string, opts: { tokenKey: string; site: Site }) {
  const guest = guestIdSchema.safeParse(browserCookies.get(COOKIE.guestId));
  const parts = storeLogin(token, { tokenKey: opts.tokenKey, expiresAt });
  if (guest.success) {
    try {
      await mergeGuestCartOnSignIn({ guestId: guest.data, token, userId: parts.userId, site: opts.site });
    } catch (err) {
      console.warn('The guest cart could not be merged at sign-in; it stays on this device.', err);
    }
  }
  announceSessionChange();
  await refreshSession();
  // The traveller's trips come to this phone for offline use (once the page is idle; never in the way).
  void whenIdle()
    .then(() => import('../trips/wallet.ts'))
    .then((wallet) => wallet.syncWallet(parts.userId))
    .catch(() => undefined);
  return parts;
}

export function noteFailedLogin() {
  recordFailedLogin();
}

/** Auth.js-style sign-out: csrf token, POST /api/auth/signout (revokes the session), cookies cleared. */
export async function signOut(callbackUrl = '/') {
  try {
    const csrf = (await (await fetch('/api/auth/csrf', { credentials: 'same-origin', cache: 'no-store' })).json()) as {
      csrfToken: string;
    };
    await fetch('/api/auth/signout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ csrfToken: csrf.csrfToken, callbackUrl }),
    });
  } finally {
    // Even offline the device forgets the sign-in.
    clearLogin();
    announceSessionChange();
    await refreshSession();
  }
}
