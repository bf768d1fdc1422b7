import { blogPostPrefetch, blogPrefetch } from '../features/blog/blog-data.ts';
import { listingPrefetch } from '../features/catalogue/listing-data.ts';
import { packagePrefetch } from '../features/catalogue/package-data.ts';
import { searchPrefetch } from '../features/catalogue/search-data.ts';
import { footerPrefetch } from '../features/content/footer-data.ts';
import { couponPrefetch, couponsPrefetch } from '../features/coupons/coupons-data.ts';
import { dealCategoryPrefetch, dealsPrefetch } from '../features/deals/deals-data.ts';
import { homePrefetch } from '../features/home/home-data.ts';
import { legalPrefetch } from '../features/legal/legal-data.ts';
import { tripsPrefetch } from '../features/trips/trips-data.ts';
import type { Prefetch, RouteContext } from './prefetch.ts';

/**
 * What the server reads before rendering a route (src/app/routes.tsx names the routes), by the
 * route's UAE path. Only the server imports this: the browser gets every read it needs in the
 * page's fallback, so these tables (and every route's data module) stay out of its first download.
 */
const ROUTE_PREFETCH: Record<string, (ctx: RouteContext) => Prefetch[]> = {
  '/': homePrefetch,
  '/holidays': listingPrefetch,
  '/search': searchPrefetch,
  '/holidays/:slug': packagePrefetch,
  '/deals': dealsPrefetch,
  '/deals/:slug': dealCategoryPrefetch,
  '/coupons': couponsPrefetch,
  '/coupons/:slug': couponPrefetch,
  '/blog': blogPrefetch,
  '/blog/:slug': blogPostPrefetch,
  '/about': legalPrefetch,
  '/terms': legalPrefetch,
  '/privacy': legalPrefetch,
};

/** The layout's own data (the footer) is read with every route's, so each page is rendered whole. */
export function routePrefetch(routePath: string, ctx: RouteContext): Prefetch[] {
  return [footerPrefetch, ...(ROUTE_PREFETCH[routePath]?.(ctx) ?? [])];
}

/**
 * A signed-in traveller's own reads on a personal page (server/lib/personal-page.ts names those
 * pages), made with their token: the page is rendered for them alone and never kept (decision 0080).
 */
const PERSONAL_PREFETCH: Record<string, (userId: string) => Prefetch[]> = {
  '/trips': tripsPrefetch,
};

export function personalPrefetch(routePath: string, userId: string): Prefetch[] {
  return PERSONAL_PREFETCH[routePath]?.(userId) ?? [];
}
