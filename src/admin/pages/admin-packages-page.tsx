import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { listPackagesCall } from '../../../contract/admin-catalogue-calls.ts';
import type { AdminPackageItem, AdminSitePrice } from '../../../contract/catalogue-admin.ts';
import { formatMinor } from '../../../contract/format.ts';
import { RequireStaff } from '../admin-session.tsx';
import { useAdminList } from '../admin-table.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';

const price = (p: AdminSitePrice | null) => (p ? formatMinor(p.amount, p.currency) : 'not sold');

const columns: CardColumn<AdminPackageItem>[] = [
  {
    label: 'Package',
    cell: (p) => (
      <>
        <Link to={`/admin/packages/${p.id}`}>{p.title}</Link>
        <br />
        <small className="admin-break">/holidays/{p.slug}</small>
      </>
    ),
  },
  { label: 'Status', cell: (p) => (p.published ? 'Published' : <strong>Unpublished</strong>) },
  { label: 'City', cell: (p) => p.city },
  { label: 'Trip type', cell: (p) => p.tripType },
  { label: 'Nights', cell: (p) => p.nights },
  { label: 'UAE price per adult', cell: (p) => price(p.prices.UAE) },
  { label: 'India price per adult', cell: (p) => price(p.prices.IN) },
];

function PackagesTable({ items }: { items: AdminPackageItem[] }) {
  return (
    <CardTable
      columns={columns}
      items={items}
      label="Packages found"
      caption="Packages, by title"
      rowKey={(p) => p.id}
    />
  );
}

function PackagesList() {
  const { params, setParams, query, data, error, loading, read } = useAdminList(listPackagesCall);
  const items = data?.items ?? null;

  const filter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setParams(read(e.currentTarget, ['q', 'status']));
  };

  return (
    <>
      <p>
        <Link to="/admin/packages/new">Add a package</Link>
      </p>
      <form className="admin-form admin-inline" role="search" aria-label="Find packages" onSubmit={filter} key={query}>
        <label>
          Search by title
          <input name="q" type="search" defaultValue={params.get('q') ?? ''} placeholder="Title or slug" />
        </label>
        <label>
          Status
          <select name="status" defaultValue={params.get('status') ?? ''}>
            <option value="">Any</option>
            <option value="published">Published</option>
            <option value="unpublished">Unpublished</option>
          </select>
        </label>
        <button type="submit">Search</button>
      </form>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">
        {loading ? 'Loading…' : items ? `${items.length} package${items.length === 1 ? '' : 's'}.` : ''}
      </p>
      {items ? <PackagesTable items={items} /> : null}
    </>
  );
}

export default function AdminPackagesPage() {
  return (
    <>
      <title>Catalogue · Back office</title>
      <h1>Catalogue</h1>
      <RequireStaff action="catalogue.edit">{() => <PackagesList />}</RequireStaff>
    </>
  );
}
