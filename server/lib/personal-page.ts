import type { FastifyRequest } from 'fastify';
import type { PageTraveller, ServerFetch } from '../../contract/ssr.ts';
import { readCookies } from '../routes/auth.ts';

/**
 * Pages rendered with the signed-in traveller's own data: My trips, on either site (what they read
 * is src/app/route-prefetch.ts's personalPrefetch). Decision 0080.
 */
const PERSONAL_PAGES = /^(?:\/in)?\/trips\/?$/;

/** A personal page is for this browser alone and stored nowhere: not by a browser, a proxy or the service worker. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

const USER_ID = /^\d+$/;

/**
 * The traveller a page request is rendered for: on a personal page, with the sign-in cookies
 * (NHauth_token and user_id, as the app reads them) and a token that claims that user id (`claimOf`:
 * it decrypts with our key; no database read). Their reads carry the token, so the API decides
 * whether the answer is theirs (BookingsList refuses another account's user id and a session not
 * live); nothing here is trusted. Otherwise undefined: the page is the one every visitor gets, from
 * the page cache, so made-up cookies cannot make the server render My trips on every request.
 */
export function pageTraveller(
  request: FastifyRequest,
  fetchAs: (token: string) => ServerFetch,
  claimOf: (token: string) => number | undefined,
): PageTraveller | undefined {
  if (!PERSONAL_PAGES.test(request.url.split('?')[0]!)) return undefined;
  const cookies = readCookies(request);
  const token = cookies.NHauth_token;
  const userId = cookies.user_id;
  if (!token || !userId || !USER_ID.test(userId) || claimOf(token) !== Number(userId)) return undefined;
  return { userId, fetchApi: fetchAs(token) };
}
