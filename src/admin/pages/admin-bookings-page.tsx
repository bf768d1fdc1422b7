import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AdminCallQuery } from '../../../contract/admin-api.ts';
import { bookingsCsvCall, listBookingsCall } from '../../../contract/admin-desk-calls.ts';
import type { DeskBookingItem } from '../../../contract/desk.ts';
import { formatMinor } from '../../../contract/format.ts';
import { can } from '../../../contract/staff.ts';
import { adminHref } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { Badge } from '../badge.tsx';
import { Pager, SiteFilter, useAdminList } from '../admin-table.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';

/** The filters the list, its URL and its CSV share (deskListQuery, contract/admin-desk-calls.ts). */
const TEXT_FILTERS = [
  'q',
  'site',
  'status',
  'paymentStatus',
  'travelFrom',
  'travelTo',
  'bookedFrom',
  'bookedTo',
] as const;
const FLAG_FILTERS = [
  ['balanceDue', 'Balance due'],
  ['overdue', 'Overdue'],
  ['refundDue', 'Refund due'],
] as const;

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

const columns: CardColumn<DeskBookingItem>[] = [
  { label: 'Reference', cell: (b) => <Link to={`/admin/bookings/${b.RefIdKey}`}>{b.RefIdKey}</Link> },
  { label: 'Booked', cell: (b) => when(b.createdAt) },
  { label: 'Site', cell: (b) => b.site },
  {
    label: 'Lead traveller',
    cell: (b) => (
      <>
        {b.leadName}
        <br />
        <small className="admin-break">{[b.leadEmail, b.leadPhone].filter(Boolean).join(' · ')}</small>
      </>
    ),
  },
  {
    label: 'Holiday',
    cell: (b) => (
      <>
        {b.title}
        <br />
        <small>travels {b.firstTravelDate}</small>
      </>
    ),
  },
  {
    label: 'Status',
    cell: (b) => (
      <span className="admin-badges">
        <Badge status={b.Status} />
        {b.cancellationRequested ? <Badge status="cancellation requested" /> : null}
      </span>
    ),
  },
  {
    label: 'Payment',
    cell: (b) => (
      <>
        <span className="admin-badges">
          <Badge status={b.PaymentStatus} />
          {b.overdue ? <Badge status="overdue" label={`overdue since ${b.paymentDueOn ?? ''}`} /> : null}
        </span>
        {b.refundDue > 0 ? (
          <>
            <br />
            <strong>refund due {formatMinor(b.refundDue, b.Currency)}</strong>
          </>
        ) : null}
        {b.refundPending > 0 ? (
          <>
            <br />
            refund pending {formatMinor(b.refundPending, b.Currency)}
          </>
        ) : null}
      </>
    ),
  },
  { label: 'Total', cell: (b) => formatMinor(b.Total, b.Currency) },
  { label: 'Due', cell: (b) => formatMinor(b.AmountDue, b.Currency) },
];

function BookingsTable({ items }: { items: DeskBookingItem[] }) {
  return (
    <CardTable
      columns={columns}
      items={items}
      label="Bookings found"
      caption="Bookings, newest first"
      rowKey={(b) => b.RefIdKey}
    />
  );
}

/** Under 600 px the filters start folded (the list is what a phone's first screen is for); wider, open. */
const wideScreen = () => typeof window === 'undefined' || window.matchMedia('(min-width: 600px)').matches;

function BookingsList() {
  const [filtersOpen] = useState(wideScreen);
  const { params, setParams, query, data: page, error, loading, read } = useAdminList(listBookingsCall);

  const filter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = read(e.currentTarget, TEXT_FILTERS);
    const form = new FormData(e.currentTarget);
    for (const [f] of FLAG_FILTERS) if (form.get(f)) next.set(f, 'true');
    setParams(next);
  };
  // The CSV takes the list's filters (the page's URL), not its cursor: every booking they find.
  const { cursor: _cursor, ...filters } = Object.fromEntries(params) as AdminCallQuery<typeof bookingsCsvCall>;
  const v = (name: string) => params.get(name) ?? '';
  const active =
    TEXT_FILTERS.filter((f) => f !== 'q' && v(f)).length + FLAG_FILTERS.filter(([f]) => v(f) === 'true').length;

  return (
    <>
      <form className="admin-form desk-find" role="search" aria-label="Find bookings" onSubmit={filter} key={query}>
        <div className="desk-find-search">
          <label>
            Search bookings
            <input name="q" type="search" defaultValue={v('q')} placeholder="Reference, name, email or phone" />
          </label>
          <button type="submit">Search</button>
        </div>
        {/* Folded on a phone so the list comes first, open on a wide screen (docs/decisions/0109). */}
        <details className="desk-filters" open={filtersOpen}>
          <summary>Filters{active ? ` (${active} active)` : ''}</summary>
          <div className="admin-form admin-inline">
            <SiteFilter value={v('site')} />
            <label>
              Status
              <select name="status" defaultValue={v('status')}>
                <option value="">Any</option>
                <option value="confirmed">Confirmed</option>
                <option value="awaiting-payment">Awaiting payment</option>
                <option value="cancelled">Cancelled</option>
              </select>
            </label>
            <label>
              Payment
              <select name="paymentStatus" defaultValue={v('paymentStatus')}>
                <option value="">Any</option>
                {['unpaid', 'partly-paid', 'paid', 'failed', 'refund-due', 'partly-refunded', 'refunded'].map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Travels from
              <input name="travelFrom" type="date" defaultValue={v('travelFrom')} />
            </label>
            <label>
              Travels to
              <input name="travelTo" type="date" defaultValue={v('travelTo')} />
            </label>
            <label>
              Booked from
              <input name="bookedFrom" type="date" defaultValue={v('bookedFrom')} />
            </label>
            <label>
              Booked to
              <input name="bookedTo" type="date" defaultValue={v('bookedTo')} />
            </label>
            <fieldset style={{ border: '1px solid #d1d5db', borderRadius: 6 }}>
              <legend>Only</legend>
              {FLAG_FILTERS.map(([name, label]) => (
                <label key={name} style={{ display: 'flex', gap: '.5rem', alignItems: 'center', fontWeight: 400 }}>
                  <input
                    type="checkbox"
                    name={name}
                    defaultChecked={params.get(name) === 'true'}
                    style={{ minHeight: 0, width: '1.25rem', height: '1.25rem' }}
                  />{' '}
                  {label}
                </label>
              ))}
            </fieldset>
            <button type="submit">Apply filters</button>
          </div>
        </details>
      </form>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p>
        <a href={adminHref(bookingsCsvCall, { query: filters })} download>
          Download CSV
        </a>{' '}
        of every booking these filters find.
      </p>
      <p role="status">
        {loading
          ? 'Loading…'
          : page
            ? `${page.items.length} booking${page.items.length === 1 ? '' : 's'} on this page.`
            : ''}
      </p>
      {page ? <BookingsTable items={page.items} /> : null}
      <Pager nextCursor={page?.nextCursor} />
    </>
  );
}

export default function AdminBookingsPage() {
  return (
    <>
      <title>Bookings · Back office</title>
      <h1>Bookings</h1>
      <RequireStaff action="bookings.read">
        {(me) => (
          <>
            {can(me.role, 'bookings.create') ? (
              <p>
                <Link to="/admin/bookings/new">New booking</Link> for a traveller on the phone or at the counter.
              </p>
            ) : null}
            <BookingsList />
          </>
        )}
      </RequireStaff>
    </>
  );
}
