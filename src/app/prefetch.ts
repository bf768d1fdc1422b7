import type { ApiCall } from '../../contract/api.ts';
import type { Site } from '../../contract/site.ts';

/** A read the server makes before rendering a route, handed to SWR as its fallback. */
export interface Prefetch {
  call: ApiCall;
  params: object;
  /** When this read answers 404 the page is a 404 (an unknown slug). */
  required?: boolean;
}

export interface RouteContext {
  site: Site;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}
