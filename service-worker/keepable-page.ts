/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core/types.js';

/** Whether a page's answer may be stored for offline use: found, and not marked no-store by the server. */
export function isKeepablePage(response: Response): boolean {
  return response.status === 200 && !/(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('cache-control') ?? '');
}

/**
 * A page is kept for offline use only when it was found and the server lets it be stored: a
 * personal page (My trips for a signed-in traveller, `Cache-Control: private, no-store`) never is.
 * Offline, that page comes from the shell and the trips saved on the phone (decision 0080).
 */
export const keepablePage: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isKeepablePage(response) ? response : null),
};
