import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { can, type StaffMe } from '../../../contract/staff.ts';
import { adminCall } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';

interface DeskSummary {
  cancellationRequests: number;
  refundsDue: number;
  overdue: number;
}

function Home({ me }: { me: StaffMe }) {
  const [summary, setSummary] = useState<DeskSummary | null>(null);
  const desk = can(me.role, 'bookings.read');
  useEffect(() => {
    if (!desk) return;
    let live = true;
    void adminCall<DeskSummary>('GET', 'desk/summary').then((a) => {
      if (live && a.ok) setSummary(a.data);
    });
    return () => {
      live = false;
    };
  }, [desk]);
  const n = (count: number | undefined, one: string, many: string) => (count === undefined ? '' : `: ${count} ${count === 1 ? one : many}`);
  return (
    <>
      <p data-testid="admin-welcome">
        Signed in as {me.email}, {me.role}.
      </p>
      <ul>
        {desk ? (
          <li>
            <Link to="/admin/bookings">Bookings</Link>: search, filter, export
            {summary ? (
              <>
                {' '}
                (<Link to="/admin/bookings?overdue=true">{`${summary.overdue} overdue`}</Link>)
              </>
            ) : null}
          </li>
        ) : null}
        {can(me.role, 'refunds.make') ? (
          <li>
            <Link to="/admin/refunds">Refunds</Link>
            {n(summary?.refundsDue, 'payment with a refund due', 'payments with a refund due')}
          </li>
        ) : null}
        {can(me.role, 'cancellations.request') ? (
          <li>
            <Link to="/admin/cancellation-requests">Cancellation requests</Link>
            {n(summary?.cancellationRequests, 'waiting', 'waiting')}
          </li>
        ) : null}
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
  );
}

export default function AdminHomePage() {
  return (
    <>
      <title>Back office</title>
      <h1>Back office</h1>
      <RequireStaff>{(me) => <Home me={me} />}</RequireStaff>
    </>
  );
}
