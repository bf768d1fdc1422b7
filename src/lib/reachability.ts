/*
 * Whether the shop's server can be reached, as the last request found it. navigator.onLine only
 * knows whether the phone has a network; it says "online" on a captive Wi-Fi, behind a dead
 * connection, and in some browsers after a page was reloaded offline. So a request that gets no
 * answer counts as offline too, until a request is answered or the browser reports a new
 * connection. No React and no DOM beyond `navigator` and `addEventListener`: the API client uses it.
 */

/** Header the service worker puts on an answer from its cache: it says nothing about the server now. */
export const FROM_CACHE_HEADER = 'x-served-from';
export const FROM_CACHE = 'cache';

let unreachable = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (next === unreachable) return;
  unreachable = next;
  listeners.forEach((l) => l());
}

/** A request got no answer (no network, DNS, connection refused). */
export function reportNoAnswer(): void {
  set(true);
}

/** A request was answered, whatever the answer: the server is there. */
export function reportAnswered(): void {
  set(false);
}

/** Offline as far as the shop is concerned: no network, or the last request got no answer. */
export function isOffline(): boolean {
  return unreachable || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

export function subscribeOffline(onChange: () => void): () => void {
  listeners.add(onChange);
  // A new connection is worth believing at once; the next request confirms it or says otherwise.
  const online = () => {
    set(false);
    onChange();
  };
  // The page's window (the worker has none: its clients tell it when to sync).
  const target = (globalThis as { window?: EventTarget }).window ?? null;
  target?.addEventListener('online', online);
  target?.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    target?.removeEventListener('online', online);
    target?.removeEventListener('offline', onChange);
  };
}
