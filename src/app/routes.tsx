import { matchRoutes } from 'react-router-dom';
import { blogPostPrefetch, blogPrefetch } from '../features/blog/blog-data.ts';
import { listingPrefetch } from '../features/catalogue/listing-data.ts';
import { packagePrefetch } from '../features/catalogue/package-data.ts';
import { searchPrefetch } from '../features/catalogue/search-data.ts';
import { footerPrefetch } from '../features/content/footer-data.ts';
import { couponPrefetch, couponsPrefetch } from '../features/coupons/coupons-data.ts';
import { dealCategoryPrefetch, dealsPrefetch } from '../features/deals/deals-data.ts';
import { homePrefetch } from '../features/home/home-data.ts';
import { legalPrefetch } from '../features/legal/legal-data.ts';
import { lazyPage, type LazyPage } from './lazy-page.tsx';
import type { Prefetch, RouteContext } from './prefetch.ts';

export interface AppRoute {
  /** Path on the UAE site; the India twin is the same under /in. */
  path: string;
  page: LazyPage;
  prefetch?: (ctx: RouteContext) => Prefetch[];
}

const NotFoundPage = lazyPage(() => import('./not-found-page.tsx'));

/** Precached by the worker: served for pages never seen when offline, rendered in the browser. */
export const SHELL_PATH = '/offline-shell';

const pageRoutes: AppRoute[] = [
  { path: '/', page: lazyPage(() => import('../features/home/home-page.tsx')), prefetch: homePrefetch },
  { path: '/holidays', page: lazyPage(() => import('../features/catalogue/listing-page.tsx')), prefetch: listingPrefetch },
  { path: '/search', page: lazyPage(() => import('../features/catalogue/search-page.tsx')), prefetch: searchPrefetch },
  { path: '/holidays/:slug', page: lazyPage(() => import('../features/catalogue/package-page.tsx')), prefetch: packagePrefetch },
  { path: '/deals', page: lazyPage(() => import('../features/deals/deals-page.tsx')), prefetch: dealsPrefetch },
  { path: '/deals/:slug', page: lazyPage(() => import('../features/deals/deal-category-page.tsx')), prefetch: dealCategoryPrefetch },
  { path: '/coupons', page: lazyPage(() => import('../features/coupons/coupons-page.tsx')), prefetch: couponsPrefetch },
  { path: '/coupons/:slug', page: lazyPage(() => import('../features/coupons/coupon-page.tsx')), prefetch: couponPrefetch },
  { path: '/blog', page: lazyPage(() => import('../features/blog/blog-page.tsx')), prefetch: blogPrefetch },
  { path: '/blog/:slug', page: lazyPage(() => import('../features/blog/blog-post-page.tsx')), prefetch: blogPostPrefetch },
  // With the lines on the device read (src/features/cart/cart-page.tsx).
  {
    path: '/cart',
    page: lazyPage(async () => {
      const m = await import('../features/cart/cart-page.tsx');
      await m.linesReadAhead;
      return m;
    }),
  },
  { path: '/contact', page: lazyPage(() => import('../features/enquiry/contact-page.tsx')) },
  { path: '/about', page: lazyPage(() => import('../features/legal/about-page.tsx')), prefetch: legalPrefetch },
  { path: '/terms', page: lazyPage(() => import('../features/legal/terms-page.tsx')), prefetch: legalPrefetch },
  { path: '/privacy', page: lazyPage(() => import('../features/legal/privacy-page.tsx')), prefetch: legalPrefetch },
  { path: '/login', page: lazyPage(() => import('../features/account/login-page.tsx')) },
  { path: '/signup', page: lazyPage(() => import('../features/account/signup-page.tsx')) },
  { path: '/forgot-password', page: lazyPage(() => import('../features/account/forgot-password-page.tsx')) },
  { path: '/account', page: lazyPage(() => import('../features/account/account-page.tsx')) },
  { path: '/checkout', page: lazyPage(() => import('../features/checkout/checkout-page.tsx')) },
  { path: '/checkout/paid', page: lazyPage(() => import('../features/checkout/payment-return-page.tsx')) },
  { path: '/checkout/pay/:ref', page: lazyPage(() => import('../features/checkout/pay-booking-page.tsx')) },
  { path: '/trips', page: lazyPage(() => import('../features/trips/trips-page.tsx')) },
  { path: '/trips/:ref', page: lazyPage(() => import('../features/trips/trip-page.tsx')) },
  { path: '/trips/:ref/voucher', page: lazyPage(() => import('../features/trips/voucher-page.tsx')) },
  { path: '/trips/:ref/invoice', page: lazyPage(() => import('../features/trips/invoice-page.tsx')) },
  { path: SHELL_PATH, page: lazyPage(() => import('./shell-page.tsx')) },
  { path: '*', page: NotFoundPage },
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
