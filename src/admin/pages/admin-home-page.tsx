import { Link } from 'react-router-dom';
import { can } from '../../../contract/staff.ts';
import { RequireStaff } from '../admin-session.tsx';

export default function AdminHomePage() {
  return (
    <>
      <title>Back office</title>
      <h1>Back office</h1>
      <RequireStaff>
        {(me) => (
          <>
            <p data-testid="admin-welcome">
              Signed in as {me.email}, {me.role}.
            </p>
            <p>The booking desk (bookings, payments, cancellations and refunds) comes here next.</p>
            <ul>
              {can(me.role, 'staff.list') ? (
                <li>
                  <Link to="/admin/staff">Staff</Link>: invite, change roles, disable
                </li>
              ) : null}
              {can(me.role, 'audit.read') ? (
                <li>
                  <Link to="/admin/audit">Audit log</Link>: every action in the back office
                </li>
              ) : null}
            </ul>
          </>
        )}
      </RequireStaff>
    </>
  );
}
