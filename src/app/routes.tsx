import { matchRoutes } from 'react-router-dom';
import { blogPostPrefetch, blogPrefetch } from '../features/blog/blog-data.ts';
import { listingPrefetch } from '../features/catalogue/listing-data.ts';
import { packagePrefetch } from '../features/catalogue/package-data.ts';
import { footerPrefetch } from '../features/content/footer-data.ts';
import { couponPrefetch, couponsPrefetch } from '../features/coupons/coupons-data.ts';
import { dealCategoryPrefetch, dealsPrefetch } from '../features/deals/deals-data.ts';
import { homePrefetch } from '../features/home/home-data.ts';
import { lazyPage, type LazyPage } from './lazy-page.tsx';
import type { Prefetch, RouteContext } from './prefetch.ts';

export interface AppRoute {
  /** Path on the UAE site; the India twin is the same under /in. */
  path: string;
  page: LazyPage;
  /**
   * The page's module as the build manifest names it (its path from the project root): the server
   * preloads its code with the page, so it arrives alongside the entry instead of after it.
   */
  chunk: string;
  prefetch?: (ctx: RouteContext) => Prefetch[];
}

const NotFoundPage = lazyPage(() => import('./not-found-page.tsx'));
export const NOT_FOUND_CHUNK = 'src/app/not-found-page.tsx';

/** Precached by the worker: served for pages never seen when offline, rendered in the browser. */
export const SHELL_PATH = '/offline-shell';

const pageRoutes: AppRoute[] = [
  { path: '/', chunk: 'src/features/home/home-page.tsx', page: lazyPage(() => import('../features/home/home-page.tsx')), prefetch: homePrefetch },
  { path: '/holidays', chunk: 'src/features/catalogue/listing-page.tsx', page: lazyPage(() => import('../features/catalogue/listing-page.tsx')), prefetch: listingPrefetch },
  { path: '/holidays/:slug', chunk: 'src/features/catalogue/package-page.tsx', page: lazyPage(() => import('../features/catalogue/package-page.tsx')), prefetch: packagePrefetch },
  { path: '/deals', chunk: 'src/features/deals/deals-page.tsx', page: lazyPage(() => import('../features/deals/deals-page.tsx')), prefetch: dealsPrefetch },
  { path: '/deals/:slug', chunk: 'src/features/deals/deal-category-page.tsx', page: lazyPage(() => import('../features/deals/deal-category-page.tsx')), prefetch: dealCategoryPrefetch },
  { path: '/coupons', chunk: 'src/features/coupons/coupons-page.tsx', page: lazyPage(() => import('../features/coupons/coupons-page.tsx')), prefetch: couponsPrefetch },
  { path: '/coupons/:slug', chunk: 'src/features/coupons/coupon-page.tsx', page: lazyPage(() => import('../features/coupons/coupon-page.tsx')), prefetch: couponPrefetch },
  { path: '/blog', chunk: 'src/features/blog/blog-page.tsx', page: lazyPage(() => import('../features/blog/blog-page.tsx')), prefetch: blogPrefetch },
  { path: '/blog/:slug', chunk: 'src/features/blog/blog-post-page.tsx', page: lazyPage(() => import('../features/blog/blog-post-page.tsx')), prefetch: blogPostPrefetch },
  { path: '/cart', chunk: 'src/features/cart/cart-page.tsx', page: lazyPage(() => import('../features/cart/cart-page.tsx')) },
  { path: '/contact', chunk: 'src/features/enquiry/contact-page.tsx', page: lazyPage(() => import('../features/enquiry/contact-page.tsx')) },
  { path: '/login', chunk: 'src/features/account/login-page.tsx', page: lazyPage(() => import('../features/account/login-page.tsx')) },
  { path: '/signup', chunk: 'src/features/account/signup-page.tsx', page: lazyPage(() => import('../features/account/signup-page.tsx')) },
  { path: '/forgot-password', chunk: 'src/features/account/forgot-password-page.tsx', page: lazyPage(() => import('../features/account/forgot-password-page.tsx')) },
  { path: '/account', chunk: 'src/features/account/account-page.tsx', page: lazyPage(() => import('../features/account/account-page.tsx')) },
  { path: SHELL_PATH, chunk: 'src/app/shell-page.tsx', page: lazyPage(() => import('./shell-page.tsx')) },
  { path: '*', chunk: NOT_FOUND_CHUNK, page: NotFoundPage },
];

/** The layout's own data (the footer) is read with every route's, so each page is rendered whole. */
export const appRoutes: AppRoute[] = pageRoutes.map((r) => ({ ...r, prefetch: (ctx) => [footerPrefetch, ...(r.prefetch?.(ctx) ?? [])] }));

/** Every route twice: as written for the UAE site and under /in for the India site. */
export const routerPaths = appRoutes.flatMap((r) => [
  { path: r.path, route: r },
  { path: r.path === '/' ? '/in' : r.path === '*' ? '/in/*' : `/in${r.path}`, route: r },
]);

export function matchAppRoute(pathname: string) {
  const matches = matchRoutes(
    routerPaths.map((r) => ({ path: r.path, id: r.path })),
    pathname,
  );
  const m = matches?.[matches.length - 1];
  const entry = routerPaths.find((r) => r.path === m?.route.path) ?? routerPaths[routerPaths.length - 1]!;
  return { route: entry.route, params: (m?.params ?? {}) as Record<string, string | undefined> };
}

export { NotFoundPage };
