import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

export const NOT_FROM_OUR_PAGES = 'This request must come from the shop’s own pages. Please use the form on our site.';

/**
 * The spec makes some calls that send mail or text GETs, which any page could make a browser
 * send with an image tag. The app always adds the Country header, which a page on another site
 * cannot add without our consent (a custom header needs a CORS preflight we never grant), and a
 * browser that says where a request comes from (Sec-Fetch-Site) must say it is our own origin.
 */
export function requireOurPages(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  const fromElsewhere = site !== undefined && site !== 'same-origin' && site !== 'none';
  if (!request.headers.country || fromElsewhere) throw forbidden(NOT_FROM_OUR_PAGES);
}
