import type { Workbox } from 'workbox-window';

export type UpdateListener = (apply: () => void) => void;
let onUpdate: UpdateListener | null = null;
let waitingApply: (() => void) | null = null;

/** The update prompt subscribes here; it is told when a new version waits. */
export function subscribeToUpdates(listener: UpdateListener) {
  onUpdate = listener;
  if (waitingApply) listener(waitingApply);
  return () => {
    onUpdate = null;
  };
}

/**
 * Registers the worker once the page has loaded (workbox-window waits for `load` too): its code is
 * a chunk of its own, fetched then, so it is not part of what the first route needs to be interactive.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = () =>
    void import('workbox-window').then(({ Workbox }) => register(new Workbox('/sw.js', { scope: '/' })));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function register(wb: Workbox) {
  wb.addEventListener('waiting', () => {
    waitingApply = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    onUpdate?.(waitingApply);
  });
  // A browser may refuse the worker (storage turned off, a policy, some private modes): the shop
  // then works online only, as on a first visit, and says nothing of it.
  wb.register().catch(() => {});
}
