import { matchRoutes } from 'react-router-dom';
import { lazyPage, type LazyPage } from './lazy-page.tsx';

export interface AppRoute {
  /** Path on the UAE site; the India twin is the same under /in. */
  path: string;
  page: LazyPage;
}

const NotFoundPage = lazyPage(() => import('./not-found-page.tsx'));

/** Precached by the worker: served for pages never seen when offline, rendered in the browser. */
export const SHELL_PATH = '/offline-shell';

const pageRoutes: AppRoute[] = [
  { path: '/', page: lazyPage(() => import('../features/home/home-page.tsx')) },
  { path: '/holidays', page: lazyPage(() => import('../features/catalogue/listing-page.tsx')) },
  { path: '/search', page: lazyPage(() => import('../features/catalogue/search-page.tsx')) },
  { path: '/holidays/:slug', page: lazyPage(() => import('../features/catalogue/package-page.tsx')) },
  { path: '/deals', page: lazyPage(() => import('../features/deals/deals-page.tsx')) },
  { path: '/deals/:slug', page: lazyPage(() => import('../features/deals/deal-category-page.tsx')) },
  { path: '/coupons', page: lazyPage(() => import('../features/coupons/coupons-page.tsx')) },
  { path: '/coupons/:slug', page: lazyPage(() => import('../features/coupons/coupon-page.tsx')) },
  { path: '/blog', page: lazyPage(() => import('../features/blog/blog-page.tsx')) },
  { path: '/blog/:slug', page: lazyPage(() => import('../features/blog/blog-post-page.tsx')) },
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
  { path: '/about', page: lazyPage(() => import('../features/legal/about-page.tsx')) },
  { path: '/terms', page: lazyPage(() => import('../features/legal/terms-page.tsx')) },
  { path: '/privacy', page: lazyPage(() => import('../features/legal/privacy-page.tsx')) },
  { path: '/login', page: lazyPage(() => import('../features/account/login-page.tsx')) },
  { path: '/signup', page: lazyPage(() => import('../features/account/signup-page.tsx')) },
  { path: '/forgot-password', page: lazyPage(() => import('../features/account/forgot-password-page.tsx')) },
  { path: '/account', page: lazyPage(() => import('../features/account/account-page.tsx')) },
  { path: '/checkout', page: lazyPage(() => import('../features/checkout/checkout-page.tsx')) },
  { path: '/checkout/paid', page: lazyPage(() => import('../features/checkout/payment-return-page.tsx')) },
  { path: '/checkout/pay/:ref', page: lazyPage(() => import('../features/checkout/pay-booking-page.tsx')) },
  // A payment link the desk sent: no sign-in (docs/decisions/0095).
  { path: '/checkout/link/:token', page: lazyPage(() => import('../features/checkout/pay-link-page.tsx')) },
  // A quote the desk sent from an enquiry: no sign-in (docs/decisions/0101).
  { path: '/quote/:token', page: lazyPage(() => import('../features/enquiry/quote-page.tsx')) },
  { path: '/trips', page: lazyPage(() => import('../features/trips/trips-page.tsx')) },
  { path: '/trips/:ref', page: lazyPage(() => import('../features/trips/trip-page.tsx')) },
  { path: '/trips/:ref/voucher', page: lazyPage(() => import('../features/trips/voucher-page.tsx')) },
  { path: '/trips/:ref/invoice', page: lazyPage(() => import('../features/trips/invoice-page.tsx')) },
  { path: SHELL_PATH, page: lazyPage(() => import('./shell-page.tsx')) },
  { path: '*', page: NotFoundPage },
];

/**
 * The routes the browser knows. What the server reads before rendering each one is in
 * ./route-prefetch.ts, kept out of the browser's first download (decision 0074).
 */
export const appRoutes: AppRoute[] = pageRoutes;

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
