import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AuthSession } from '../../../contract/account.ts';
import { COOKIE } from '../../lib/cookies.ts';
import { readIdentity } from '../../lib/identity.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { useSite } from '../../app/site-context.tsx';
import { SESSION_EVENT_KEY, browserJar, clearLogin } from './session-jar.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
export interface SessionState {
  status: SessionStatus;
  data: AuthSession | null;
}

const LOADING: SessionState = { status: 'loading', data: null };
let state: SessionState = LOADING;
let inflight: Promise<SessionState> | null = null;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  if (next.status === state.status && JSON.stringify(next.data) === JSON.stringify(state.data)) return;
  state = next;
  listeners.forEach((l) => l());
}

/** Offline, the cookies are the best word there is: signed in when token and user id are both there. */
function fromCookies(): SessionState {
  const identity = readIdentity();
  if (identity.kind !== 'user') return { status: 'unauthenticated', data: null };
  return {
    status: 'authenticated',
    data: {
      user: {
        id: identity.userId,
        name: browserJar.get(COOKIE.userName) ?? '',
        email: browserJar.get(COOKIE.userEmail) || null,
        phone: null,
        image: null,
      },
      expires: '',
    },
  };
}

/** Asks /api/auth/session (it reads the NHauth_token cookie). One request at a time. */
export function refreshSession(): Promise<SessionState> {
  // Without both cookies this device is a guest: no request needed.
  if (!inflight && readIdentity().kind !== 'user') {
    set({ status: 'unauthenticated', data: null });
    return Promise.resolve(state);
  }
  inflight ??= (async () => {
    try {
      const res = await fetch('/api/auth/session', {
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`session ${res.status}`);
      // The schema (and zod) load with the first signed-in check, not with every page.
      const [{ authSessionSchema }, body] = await Promise.all([import('../../../contract/account.ts'), res.json()]);
      const parsed = authSessionSchema.safeParse(body);
      if (parsed.success) {
        set({ status: 'authenticated', data: parsed.data });
      } else {
        // The server does not honour the token (expired, revoked, altered): this device is a guest again.
        if (readIdentity().kind === 'user') clearLogin();
        set({ status: 'unauthenticated', data: null });
      }
    } catch {
      set(fromCookies());
      void fetch('/api/auth/_log', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'session could not be fetched' }),
      }).catch(() => undefined);
    } finally {
      inflight = null;
    }
    return state;
  })();
  return inflight;
}

/** Another tab signed in or out (storage event), or this tab came back into view: ask again. */
function onStorage(e: StorageEvent) {
  if (e.key === SESSION_EVENT_KEY || e.key === null) void refreshSession();
}

let focusRefetchers = 0;
function onFocus() {
  if (focusRefetchers > 0) void refreshSession();
}
function onVisibility() {
  if (document.visibilityState === 'visible') onFocus();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('storage', onStorage);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

export { ASKED_TO_SIGN_IN } from './asked-to-sign-in.ts';
const askedToSignIn = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { askedToSignIn?: unknown }).askedToSignIn === true;

export interface UseSessionOptions {
  /** The page needs a signed-in traveller: otherwise go to the sign-in page (error SessionRequired). */
  required?: boolean;
  onUnauthenticated?: () => void;
  /** Seconds between polls; 0 or absent: no polling. */
  refetchInterval?: number;
  refetchOnWindowFocus?: boolean;
}

/**
 * The session, like Auth.js's useSession: `loading`, then `authenticated` or `unauthenticated`;
 * refetched on window focus, on storage events from other tabs and on an optional polling interval.
 */
export function useSession(opts: UseSessionOptions = {}) {
  const { required = false, onUnauthenticated, refetchInterval = 0, refetchOnWindowFocus = true } = opts;
  const session = useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
  const navigate = useNavigate();
  const { pathname, search, state: navState } = useLocation();
  const asked = askedToSignIn(navState);
  const { href } = useSite();

  useEffect(() => {
    if (state !== LOADING) return;
    if (required) {
      void refreshSession();
      return;
    }
    // The header's label can wait until the page is idle: the answer re-renders every reader at
    // once, and inside the hydration's last task that made it one long task (with a cookie read).
    let cancelled = false;
    void whenIdle().then(() => {
      if (!cancelled && state === LOADING) void refreshSession();
    });
    return () => {
      cancelled = true;
    };
  }, [required]);

  useEffect(() => {
    if (!refetchOnWindowFocus) return;
    focusRefetchers += 1;
    return () => {
      focusRefetchers -= 1;
    };
  }, [refetchOnWindowFocus]);

  useEffect(() => {
    if (!refetchInterval) return;
    const timer = window.setInterval(() => void refreshSession(), refetchInterval * 1000);
    return () => window.clearInterval(timer);
  }, [refetchInterval]);

  useEffect(() => {
    if (!required || session.status !== 'unauthenticated') return;
    if (onUnauthenticated) onUnauthenticated();
    else
      navigate(
        `${href('/login')}?${asked ? '' : 'error=SessionRequired&'}callbackUrl=${encodeURIComponent(pathname + search)}`,
        { replace: true },
      );
  }, [required, session.status, onUnauthenticated, navigate, href, pathname, search, asked]);

  const update = useCallback(() => refreshSession(), []);
  return { data: session.data, status: session.status, update };
}
