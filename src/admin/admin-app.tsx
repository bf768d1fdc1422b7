import { Link, NavLink, Route, Routes, useNavigate } from 'react-router-dom';
import { can } from '../../contract/staff.ts';
import { adminCall } from './admin-api.ts';
import { adminRoutes } from './admin-routes.tsx';
import { AdminSessionProvider, useAdminSession } from './admin-session.tsx';

function Header() {
  const { me, signedOut } = useAdminSession();
  const navigate = useNavigate();
  const signOut = async () => {
    await adminCall('POST', 'logout', {});
    signedOut();
    void navigate('/admin/login');
  };
  return (
    <header className="admin-header">
      <Link to="/admin" className="admin-brand">
        Wanderlust back office
      </Link>
      {me ? (
        <nav aria-label="Back office">
          <NavLink to="/admin" end>
            Home
          </NavLink>
          {can(me.role, 'bookings.read') ? <NavLink to="/admin/bookings">Bookings</NavLink> : null}
          {can(me.role, 'bookings.create') ? <NavLink to="/admin/bookings/new">New booking</NavLink> : null}
          {can(me.role, 'refunds.make') ? <NavLink to="/admin/refunds">Refunds</NavLink> : null}
          {can(me.role, 'suppliers.confirm') ? <NavLink to="/admin/supplier-confirmations">Suppliers due</NavLink> : null}
          {can(me.role, 'staff.list') ? <NavLink to="/admin/staff">Staff</NavLink> : null}
          {can(me.role, 'audit.read') ? <NavLink to="/admin/audit">Audit log</NavLink> : null}
          {can(me.role, 'cancellations.request') ? <NavLink to="/admin/cancellation-requests">Cancellation requests</NavLink> : null}
          {can(me.role, 'reports.read') ? <NavLink to="/admin/reports">Reports</NavLink> : null}
          {can(me.role, 'travellers.read') ? <NavLink to="/admin/travellers">Travellers</NavLink> : null}
          {can(me.role, 'documents.read') ? <NavLink to="/admin/documents">Documents</NavLink> : null}
          {can(me.role, 'enquiries.work') ? <NavLink to="/admin/enquiries">Enquiries</NavLink> : null}
          {can(me.role, 'catalogue.edit') ? <NavLink to="/admin/coupons">Coupons</NavLink> : null}
          {can(me.role, 'catalogue.edit') ? <NavLink to="/admin/deals">Deals &amp; banners</NavLink> : null}
          {can(me.role, 'catalogue.edit') ? <NavLink to="/admin/packages">Catalogue</NavLink> : null}
          <NavLink to="/admin/account">My account</NavLink>
          <span className="admin-who">
            {me.email} ({me.role})
          </span>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </nav>
      ) : null}
    </header>
  );
}

export function AdminApp() {
  return (
    <AdminSessionProvider>
      <a className="admin-skip" href="#admin-main">
        Skip to content
      </a>
      <Header />
      <main id="admin-main" className="admin-main">
        <Routes>
          {adminRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={<r.page />} />
          ))}
        </Routes>
      </main>
    </AdminSessionProvider>
  );
}
