/*
 * Google Tag Manager, one container per site (GTM_ID_UAE, GTM_ID_IN), only when configured. The
 * container's script is added after the page has loaded and the browser is idle, so it never
 * delays rendering; with no container nothing is loaded and track() does nothing, so no request
 * leaves the shop's origin.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const GTM_ORIGIN = 'https://www.googletagmanager.com';

/** The container events go to; undefined when this site has none. */
let active: string | undefined;
const started = new Set<string>();

/** The events we send: enquiries (generate_lead), add to cart and sign-up, with their details. */
export type AnalyticsEvent = 'generate_lead' | 'add_to_cart' | 'sign_up' | (string & {});

/** Pushes an event to the data layer of this site's container; a no-op without one. */
export function track(event: AnalyticsEvent, params: Record<string, unknown> = {}): void {
  const win = globalThis.window as Window | undefined;
  if (!active || !win) return;
  (win.dataLayer ??= []).push({ ...params, event });
}

export function gtmScriptUrl(id: string): string {
  return `${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
}

type TagWindow = Pick<Window, 'dataLayer' | 'addEventListener' | 'setTimeout'> & {
  document: Pick<Document, 'readyState' | 'createElement' | 'head'>;
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
};

/**
 * Makes `id` the container of this page and loads it once, after `load` and when idle. Returns a
 * cleanup that cancels a load not yet started. Without an id, events stop being recorded.
 */
export function startTagManager(id: string | undefined, win: TagWindow = window): () => void {
  active = id;
  if (!id || started.has(id)) return () => {};
  let cancelled = false;
  const inject = () => {
    if (cancelled || started.has(id)) return;
    started.add(id);
    (win.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = win.document.createElement('script');
    script.async = true;
    script.src = gtmScriptUrl(id);
    win.document.head.appendChild(script);
  };
  const whenIdle = () => {
    if (win.requestIdleCallback) win.requestIdleCallback(inject, { timeout: 5000 });
    else win.setTimeout(inject, 1000);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
  };
}
