import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { DeskBookingItem, DeskTravellerDetail } from '../../../contract/desk.ts';
import { formatMinor } from '../../../contract/format.ts';
import { can, type StaffMe } from '../../../contract/staff.ts';
import { adminUrl } from '../../../contract/admin-api.ts';
import {
  eraseTravellerCall,
  exportTravellerCall,
  travellerDetailCall,
} from '../../../contract/admin-travellers-calls.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';

const when = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : '—');

type Payment = DeskTravellerDetail['payments'][number];
type Enquiry = DeskTravellerDetail['enquiries'][number];
type Request = DeskTravellerDetail['cancellationRequests'][number];

const bookingColumns: CardColumn<DeskBookingItem>[] = [
  { label: 'Booking', cell: (b) => <Link to={`/admin/bookings/${b.RefIdKey}`}>{b.RefIdKey}</Link> },
  { label: 'Status', cell: (b) => `${b.Status} · ${b.PaymentStatus}` },
  { label: 'Lead traveller', cell: (b) => b.leadName },
  { label: 'Travels', cell: (b) => `${b.title}, ${b.firstTravelDate}` },
  { label: 'Total', cell: (b) => formatMinor(b.Total, b.Currency) },
  { label: 'Due', cell: (b) => formatMinor(b.AmountDue, b.Currency) },
];

const paymentColumns: CardColumn<Payment>[] = [
  { label: 'Booking', cell: (p) => <Link to={`/admin/bookings/${p.RefIdKey}`}>{p.RefIdKey}</Link> },
  { label: 'Status', cell: (p) => `${p.status}${p.refundStatus ? ` · refund ${p.refundStatus}` : ''}` },
  { label: 'How', cell: (p) => (p.provider === 'manual' ? (p.method ?? 'manual') : p.provider) },
  { label: 'Paid', cell: (p) => when(p.paidAt) },
  { label: 'Amount', cell: (p) => formatMinor(p.amount, p.currency) },
];

function enquiryColumns(me: StaffMe): CardColumn<Enquiry>[] {
  return [
    {
      label: 'Enquiry',
      cell: (e) => (can(me.role, 'enquiries.work') ? <Link to={`/admin/enquiries/${e.id}`}>#{e.id}</Link> : `#${e.id}`),
    },
    { label: 'Status', cell: (e) => e.status },
    { label: 'Kind', cell: (e) => `${e.kind} · ${e.site}` },
    { label: 'Received', cell: (e) => when(e.createdAt) },
    { label: 'Booking', cell: (e) => e.RefIdKey ?? '—' },
  ];
}

const requestColumns: CardColumn<Request>[] = [
  { label: 'Booking', cell: (r) => <Link to={`/admin/bookings/${r.RefIdKey}`}>{r.RefIdKey}</Link> },
  { label: 'Status', cell: (r) => `${r.status}${r.decidedBy ? ` by ${r.decidedBy}` : ''}` },
  { label: 'Reason', cell: (r) => <span className="admin-break">{r.reason}</span> },
  { label: 'Asked', cell: (r) => when(r.createdAt) },
];

/** Erasure on the traveller's request: refused while a trip is ahead (the shop's own rule), typed ERASE to confirm. */
function Erase({
  id,
  erasure,
  onDone,
}: {
  id: number;
  erasure: DeskTravellerDetail['erasure'];
  onDone: (message: string, ok: boolean) => void;
}) {
  const field = useId();
  const [busy, setBusy] = useState(false);
  if (!erasure.allowed) return <p>{erasure.reason}</p>;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const confirm = String(new FormData(e.currentTarget).get('confirm') ?? '');
    setBusy(true);
    const answer = await adminApi(eraseTravellerCall, { params: { id }, body: { confirm } });
    setBusy(false);
    onDone(answer.message, answer.ok);
  };
  return (
    <form className="admin-form" aria-label="Erase the account" onSubmit={(e) => void submit(e)}>
      <p>
        Erasing removes the sign-in, profile, cart and uploaded documents at once, as the traveller’s own “Delete my
        account” does. Bookings and invoices keep only what tax law needs.
      </p>
      <label htmlFor={field}>Type ERASE to confirm</label>
      <input id={field} name="confirm" autoComplete="off" required />
      <button type="submit" disabled={busy}>
        Erase the account
      </button>
    </form>
  );
}

function Traveller({ me, id }: { me: StaffMe; id: number }) {
  const [d, setD] = useState<DeskTravellerDetail | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const load = useCallback(async () => {
    const answer = await adminApi(travellerDetailCall, { params: { id } });
    if (!answer.ok) return setError(answer.message);
    setError('');
    setD(answer.data);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  const done = (message: string, ok: boolean) => {
    if (ok) {
      setNotice(message);
      setError('');
      void load();
    } else setError(message);
  };
  const t = d?.traveller;
  return (
    <>
      <h1>{t ? t.name : 'Traveller'}</h1>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{notice}</p>
      {!d || !t ? (
        error ? null : (
          <p role="status">Loading the traveller…</p>
        )
      ) : (
        <>
          <dl className="admin-facts">
            <dt>Email</dt>
            <dd className="admin-break">{t.email ?? '—'}</dd>
            <dt>Phone</dt>
            <dd>{t.phone ?? '—'}</dd>
            {t.dob ? (
              <>
                <dt>Date of birth</dt>
                <dd>{t.dob}</dd>
              </>
            ) : null}
            {t.pans.length ? (
              <>
                <dt>PAN</dt>
                <dd>{t.pans.join(', ')}</dd>
              </>
            ) : null}
            <dt>Account since</dt>
            <dd>{t.createdAt.slice(0, 10)}</dd>
            <dt>Signs in</dt>
            <dd>
              {t.erased
                ? 'No longer: the account is erased'
                : t.signsInWithGoogle
                  ? 'With Google or a code'
                  : 'With a code or password'}
            </dd>
          </dl>
          <h2>Bookings</h2>
          {d.bookings.length ? (
            <CardTable
              columns={bookingColumns}
              items={d.bookings}
              label="The traveller's bookings"
              caption="Bookings, newest first"
              rowKey={(b) => b.BookingId}
            />
          ) : (
            <p>No bookings.</p>
          )}
          <h2>Payments</h2>
          {d.payments.length ? (
            <CardTable
              columns={paymentColumns}
              items={d.payments}
              label="The traveller's payments"
              caption="Payments, newest first"
              rowKey={(p) => p.id}
            />
          ) : (
            <p>No payments.</p>
          )}
          <h2>Enquiries</h2>
          {d.enquiries.length ? (
            <CardTable
              columns={enquiryColumns(me)}
              items={d.enquiries}
              label="The traveller's enquiries"
              caption="Enquiries from the traveller's email or phone, or that led to their bookings"
              rowKey={(e) => e.id}
            />
          ) : (
            <p>No enquiries.</p>
          )}
          <h2>Cancellation requests</h2>
          {d.cancellationRequests.length ? (
            <CardTable
              columns={requestColumns}
              items={d.cancellationRequests}
              label="The traveller's cancellation requests"
              caption="Cancellation requests, newest first"
              rowKey={(r) => r.id}
            />
          ) : (
            <p>No cancellation requests.</p>
          )}
          <h2>Consents</h2>
          <ul>
            {d.consents.map((c) => (
              <li key={c.name}>
                <strong>
                  {c.name}: {c.given ? 'yes' : 'no'}
                </strong>
                . {c.note}
              </li>
            ))}
          </ul>
          <h2>Their data</h2>
          {can(me.role, 'travellers.contact') ? (
            <p>
              <a href={adminUrl(exportTravellerCall, { id: t.id })} download={`traveller-${t.id}-data.json`}>
                Download the traveller’s data
              </a>{' '}
              (what their own “Download my data” gives; the download is in the audit log).
            </p>
          ) : null}
          {can(me.role, 'travellers.edit') ? <Erase id={t.id} erasure={d.erasure} onDone={done} /> : null}
        </>
      )}
    </>
  );
}

export default function AdminTravellerPage() {
  const { id } = useParams();
  return (
    <>
      <title>Traveller · Back office</title>
      <p>
        <Link to="/admin/travellers">All travellers</Link>
      </p>
      <RequireStaff action="travellers.read">{(me) => <Traveller me={me} id={Number(id)} />}</RequireStaff>
    </>
  );
}
