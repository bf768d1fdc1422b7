import type { ApiCall } from '../../contract/api.ts';
import type { Site } from '../../contract/site.ts';

/** A read the server makes before rendering a route, handed to SWR as its fallback. */
export interface Prefetch {
  call: ApiCall;
  params: object;
  /** When this read answers 404 the page is a 404 (an unknown slug). */
  required?: boolean;
  /** The SWR key the page reads it by, when it is not callKey's (a traveller's own reads). */
  key?: unknown[];
}

/**
 * In the fallback of a personal page rendered for a signed-in traveller (decision 0080): their user
 * id, set only when every read of theirs was answered (the API checked each is theirs).
 */
export const PAGE_TRAVELLER_KEY = 'page/traveller';

export interface RouteContext {
  site: Site;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}
