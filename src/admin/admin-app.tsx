import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { can } from '../../contract/staff.ts';
import { useFocusTrap } from '../lib/use-focus-trap.ts';
import { logoutCall } from '../../contract/admin-staff-calls.ts';
import { adminApi } from './admin-api.ts';
import { adminRoutes } from './admin-routes.tsx';
import { AdminSessionProvider, useAdminSession } from './admin-session.tsx';

/**
 * The desk's menu: a sidebar on a wide screen; under 960 px a sheet behind the header's Menu
 * button (docs/decisions/0104). Opening it moves focus to its first link; Escape, the backdrop,
 * the Close button or following a link close it and give focus back to the Menu button.
 */
function DeskNav() {
  const { me, signedOut } = useAdminSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) menuButton.current?.focus();
  }, []);
  // A link followed: the sheet closes (a new page, focus goes on with it).
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (open) nav.current?.querySelector<HTMLElement>('a')?.focus();
  }, [open]);
  // Escape closes the sheet; Tab goes round inside it while it covers the page.
  const closeAndRefocus = useCallback(() => close(true), [close]);
  useFocusTrap(nav, open, closeAndRefocus);
  if (!me) return null;
  const signOut = async () => {
    await adminApi(logoutCall);
    signedOut();
    void navigate('/admin/login');
  };
  const item = (to: string, label: string, end = false) => (
    <li>
      <NavLink to={to} end={end}>
        {label}
      </NavLink>
    </li>
  );
  return (
    <div className="admin-nav-host" data-open={open ? '' : undefined}>
      <button
        ref={menuButton}
        type="button"
        className="admin-menu-button"
        aria-expanded={open}
        aria-controls="admin-nav"
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
          <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Menu
      </button>
      <div className="admin-nav-backdrop" onClick={() => close(true)} aria-hidden="true" />
      <nav id="admin-nav" ref={nav} className="admin-nav" aria-label="Back office">
        <button type="button" className="admin-nav-close" onClick={() => close(true)}>
          Close menu
        </button>
        <ul>
          {item('/admin', 'Home', true)}
          {can(me.role, 'bookings.read') ? item('/admin/bookings', 'Bookings', true) : null}
          {can(me.role, 'bookings.create') ? item('/admin/bookings/new', 'New booking') : null}
          {can(me.role, 'enquiries.work') ? item('/admin/enquiries', 'Enquiries') : null}
          {can(me.role, 'enquiries.work') ? item('/admin/enquiry-templates', 'Reply templates') : null}
          {can(me.role, 'travellers.read') ? item('/admin/travellers', 'Travellers') : null}
          {can(me.role, 'cancellations.request') ? item('/admin/cancellation-requests', 'Cancellation requests') : null}
          {can(me.role, 'suppliers.confirm') ? item('/admin/supplier-confirmations', 'Suppliers due') : null}
          {can(me.role, 'refunds.make') ? item('/admin/refunds', 'Refunds') : null}
          {can(me.role, 'documents.read') ? item('/admin/documents', 'Documents') : null}
          {can(me.role, 'reports.read') ? item('/admin/reports', 'Reports') : null}
          {can(me.role, 'catalogue.edit') ? item('/admin/packages', 'Catalogue') : null}
          {can(me.role, 'catalogue.edit') ? item('/admin/coupons', 'Coupons') : null}
          {can(me.role, 'catalogue.edit') ? item('/admin/deals', 'Deals & banners') : null}
          {can(me.role, 'staff.list') ? item('/admin/staff', 'Staff') : null}
          {can(me.role, 'audit.read') ? item('/admin/audit', 'Audit log') : null}
        </ul>
        <div className="admin-nav-foot">
          <p className="admin-who">
            {me.email}
            <br />
            <small>{me.role}</small>
          </p>
          <ul>
            {item('/admin/account', 'My account')}
            <li>
              <button type="button" onClick={() => void signOut()}>
                Sign out
              </button>
            </li>
          </ul>
        </div>
      </nav>
    </div>
  );
}

function Header() {
  const { me } = useAdminSession();
  return (
    <header className="admin-header">
      <Link to="/admin" className="admin-brand">
        Wanderlust back office
      </Link>
      {me ? (
        <span className="admin-header-who">
          {me.email} ({me.role})
        </span>
      ) : null}
    </header>
  );
}

/** Header, menu and page: the menu's column only while someone is signed in. */
function Shell() {
  const { me } = useAdminSession();
  return (
    <div className="admin-shell" data-nav={me ? '' : undefined}>
      <Header />
      <DeskNav />
      <main id="admin-main" className="admin-main">
        <Routes>
          {adminRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={<r.page />} />
          ))}
        </Routes>
      </main>
    </div>
  );
}

export function AdminApp() {
  return (
    <AdminSessionProvider>
      <a className="admin-skip" href="#admin-main">
        Skip to content
      </a>
      <Shell />
    </AdminSessionProvider>
  );
}
