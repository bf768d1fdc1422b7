import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { listTravellersCall } from '../../../contract/admin-travellers-calls.ts';
import type { DeskTravellerItem } from '../../../contract/desk.ts';
import { RequireStaff } from '../admin-session.tsx';
import { Pager, useAdminList } from '../admin-table.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const SITE_NAMES = { UAE: 'UAE', IN: 'India' } as const;

const columns: CardColumn<DeskTravellerItem>[] = [
  {
    label: 'Traveller',
    cell: (t) => (
      <>
        <Link to={`/admin/travellers/${t.id}`}>{t.name}</Link>
        {t.erased ? (
          <>
            {' '}
            <strong>(erased)</strong>
          </>
        ) : null}
      </>
    ),
  },
  { label: 'Email', cell: (t) => <span className="admin-break">{t.email ?? '—'}</span> },
  { label: 'Phone', cell: (t) => t.phone ?? '—' },
  {
    label: 'Bookings',
    cell: (t) => (t.bookings ? `${t.bookings} (${t.sites.map((s) => SITE_NAMES[s]).join(', ')})` : 'None'),
  },
  { label: 'Last booked', cell: (t) => day(t.lastBookedAt) || '—' },
  { label: 'Since', cell: (t) => day(t.createdAt) },
];

function TravellersList() {
  const { params, setParams, query, data: page, error, loading, read } = useAdminList(listTravellersCall);
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setParams(read(e.currentTarget, ['q']));
  };
  return (
    <>
      <form
        className="admin-form admin-inline"
        role="search"
        aria-label="Find travellers"
        onSubmit={search}
        key={query}
      >
        <label>
          Search travellers
          <input name="q" type="search" defaultValue={params.get('q') ?? ''} placeholder="Name, email, phone or PAN" />
        </label>
        <button type="submit">Search</button>
      </form>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">
        {loading
          ? 'Loading…'
          : page
            ? `${page.items.length} traveller${page.items.length === 1 ? '' : 's'} on this page.`
            : ''}
      </p>
      {page ? (
        <CardTable
          columns={columns}
          items={page.items}
          label="Travellers found"
          caption="Travellers, newest first"
          rowKey={(t) => t.id}
          rowTestId={(t) => `traveller-${t.id}`}
        />
      ) : null}
      <Pager nextCursor={page?.nextCursor} />
    </>
  );
}

export default function AdminTravellersPage() {
  return (
    <>
      <title>Travellers · Back office</title>
      <h1>Travellers</h1>
      <RequireStaff action="travellers.read">{() => <TravellersList />}</RequireStaff>
    </>
  );
}
