import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Dashboard } from '../../../contract/enquiry-inbox.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { can, type StaffMe } from '../../../contract/staff.ts';
import { dashboardCall } from '../../../contract/admin-enquiry-calls.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { CardTable } from '../desk/card-table.tsx';

const siteName = (site: string) => (site === 'IN' ? 'India' : 'UAE');

/** Today's bookings and money per site. */
function Today({ d }: { d: Dashboard }) {
  if (!d.todayBySite) return null;
  return (
    <section aria-labelledby="dash-today">
      <h2 id="dash-today">Today</h2>
      <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Today’s bookings and takings">
        <table className="admin-table">
          <caption>Bookings made and money received today, per site, each on its own calendar</caption>
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col">Bookings</th>
              <th scope="col">Booked value</th>
              <th scope="col">Received</th>
            </tr>
          </thead>
          <tbody>
            {d.todayBySite.map((s) => (
              <tr key={s.site} data-testid={`today-${s.site}`}>
                <th scope="row">
                  {siteName(s.site)}, {formatDay(s.day)}
                </th>
                <td>{s.bookings}</td>
                <td>{formatMinor(s.gross, s.currency)}</td>
                <td>{formatMinor(s.received, s.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Pay-later balances due in the next seven days. */
function PaymentsDue({ d, desk }: { d: Dashboard; desk: boolean }) {
  const due = d.paymentsDue;
  if (!due) return null;
  return (
    <section aria-labelledby="dash-due">
      <h2 id="dash-due">Payments due this week</h2>
      <p data-testid="payments-due">
        {due.count === 0
          ? 'No pay-later balance is due in the next 7 days.'
          : `${due.count} pay-later balance${due.count === 1 ? '' : 's'} due in the next 7 days: `}
        {due.bySite
          .filter((s) => s.count > 0)
          .map((s) => `${formatMinor(s.balance, s.currency)} on the ${siteName(s.site)} site`)
          .join(', ')}
        {due.count ? '.' : ''}
      </p>
      {due.items.length ? (
        <CardTable
          label="Balances due this week"
          caption="Balances due this week, soonest first"
          columns={[
            { label: 'Due on', cell: (i) => i.dueOn },
            {
              label: 'Booking',
              cell: (i) => (desk ? <Link to={`/admin/bookings/${i.RefIdKey}`}>{i.RefIdKey}</Link> : i.RefIdKey),
            },
            { label: 'Lead traveller', cell: (i) => i.leadName },
            { label: 'Balance', cell: (i) => formatMinor(i.balance, i.currency) },
          ]}
          items={due.items}
          rowKey={(i) => i.RefIdKey}
        />
      ) : null}
    </section>
  );
}

function Home({ me }: { me: StaffMe }) {
  const [d, setD] = useState<Dashboard | null>(null);
  const [error, setError] = useState('');
  const desk = can(me.role, 'bookings.read');
  useEffect(() => {
    let live = true;
    void adminApi(dashboardCall).then((a) => {
      if (!live) return;
      if (a.ok) setD(a.data);
      else setError(a.message);
    });
    return () => {
      live = false;
    };
  }, []);
  const n = (count: number | null | undefined, one: string, many: string) =>
    count === undefined || count === null ? '' : `: ${count} ${count === 1 ? one : many}`;
  const overdue = d?.paymentsDue?.overdue;
  return (
    <>
      <p data-testid="admin-welcome">
        Signed in as {me.email}, {me.role}.
      </p>
      <p role="alert" className="admin-error">
        {error}
      </p>
      {d && d.newEnquiries !== null ? (
        <p>
          <Link to="/admin/enquiries?status=new" data-testid="new-enquiries">
            {`${d.newEnquiries} new enquir${d.newEnquiries === 1 ? 'y' : 'ies'}`}
          </Link>{' '}
          waiting for a first contact.
        </p>
      ) : null}
      <ul>
        {desk ? (
          <li>
            <Link to="/admin/bookings">Bookings</Link>: search, filter, export
            {overdue !== undefined ? (
              <>
                {' '}
                (<Link to="/admin/bookings?overdue=true">{`${overdue} overdue`}</Link>)
              </>
            ) : null}
          </li>
        ) : null}
        {can(me.role, 'enquiries.work') ? (
          <li>
            <Link to="/admin/enquiries">Enquiries</Link>: the inbox of every form
          </li>
        ) : null}
        {can(me.role, 'refunds.make') ? (
          <li>
            <Link to="/admin/refunds">Refunds</Link>
            {n(d?.refundsDue, 'payment with a refund due', 'payments with a refund due')}
          </li>
        ) : null}
        {can(me.role, 'cancellations.request') ? (
          <li>
            <Link to="/admin/cancellation-requests">Cancellation requests</Link>
            {n(d?.cancellationRequests, 'waiting', 'waiting')}
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
      {d ? (
        <>
          <Today d={d} />
          <PaymentsDue d={d} desk={desk} />
        </>
      ) : null}
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
