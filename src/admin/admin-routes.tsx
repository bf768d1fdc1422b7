import { matchRoutes } from 'react-router-dom';
import { lazyPage, type LazyPage } from '../app/lazy-page.tsx';

export interface AdminRoute {
  path: string;
  page: LazyPage;
}

export const AdminNotFound = lazyPage(() => import('./pages/admin-not-found-page.tsx'));

/** The back office's own route tree: its pages are chunks of their own build (vite.admin.config.ts). */
export const adminRoutes: AdminRoute[] = [
  { path: '/admin', page: lazyPage(() => import('./pages/admin-home-page.tsx')) },
  { path: '/admin/login', page: lazyPage(() => import('./pages/admin-login-page.tsx')) },
  { path: '/admin/setup', page: lazyPage(() => import('./pages/admin-setup-page.tsx')) },
  { path: '/admin/staff', page: lazyPage(() => import('./pages/admin-staff-page.tsx')) },
  { path: '/admin/audit', page: lazyPage(() => import('./pages/admin-audit-page.tsx')) },
  { path: '/admin/account', page: lazyPage(() => import('./pages/admin-account-page.tsx')) },
  { path: '/admin/bookings', page: lazyPage(() => import('./pages/admin-bookings-page.tsx')) },
  { path: '/admin/bookings/new', page: lazyPage(() => import('./pages/admin-new-booking-page.tsx')) },
  { path: '/admin/bookings/:ref', page: lazyPage(() => import('./pages/admin-booking-page.tsx')) },
  { path: '/admin/refunds', page: lazyPage(() => import('./pages/admin-refunds-page.tsx')) },
  { path: '/admin/supplier-confirmations', page: lazyPage(() => import('./pages/admin-suppliers-page.tsx')) },
  { path: '/admin/cancellation-requests', page: lazyPage(() => import('./pages/admin-requests-page.tsx')) },
  { path: '/admin/reports', page: lazyPage(() => import('./pages/admin-reports-page.tsx')) },
  { path: '/admin/travellers', page: lazyPage(() => import('./pages/admin-travellers-page.tsx')) },
  { path: '/admin/travellers/:id', page: lazyPage(() => import('./pages/admin-traveller-page.tsx')) },
  { path: '/admin/documents', page: lazyPage(() => import('./pages/admin-documents-page.tsx')) },
  { path: '/admin/enquiries', page: lazyPage(() => import('./pages/admin-enquiries-page.tsx')) },
  { path: '/admin/enquiries/:id', page: lazyPage(() => import('./pages/admin-enquiry-page.tsx')) },
  { path: '/admin/enquiry-templates', page: lazyPage(() => import('./pages/admin-enquiry-templates-page.tsx')) },
  { path: '/admin/packages/:id/departures', page: lazyPage(() => import('./pages/admin-departures-page.tsx')) },
  { path: '/admin/coupons', page: lazyPage(() => import('./pages/admin-coupons-page.tsx')) },
  { path: '/admin/deals', page: lazyPage(() => import('./pages/admin-deals-page.tsx')) },
  { path: '/admin/banners', page: lazyPage(() => import('./pages/admin-banners-page.tsx')) },
  { path: '/admin/packages', page: lazyPage(() => import('./pages/admin-packages-page.tsx')) },
  { path: '/admin/packages/:id', page: lazyPage(() => import('./pages/admin-package-page.tsx')) },
  { path: '/admin/*', page: AdminNotFound },
];

export function matchAdminRoute(pathname: string): AdminRoute {
  const m = matchRoutes(
    adminRoutes.map((r) => ({ path: r.path })),
    pathname,
  );
  const path = m?.[m.length - 1]?.route.path;
  return adminRoutes.find((r) => r.path === path) ?? adminRoutes[adminRoutes.length - 1]!;
}
