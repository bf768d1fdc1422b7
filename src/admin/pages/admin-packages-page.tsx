import { createColumnHelper } from '@tanstack/react-table';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { listPackagesCall } from '../../../contract/admin-catalogue-calls.ts';
import type { AdminPackageItem, AdminSitePrice } from '../../../contract/catalogue-admin.ts';
import { formatMinor } from '../../../contract/format.ts';
import { RequireStaff } from '../admin-session.tsx';
import { DataTable, listFeatures, useAdminList } from '../admin-table.tsx';

const price = (p: AdminSitePrice | null) => (p ? formatMinor(p.amount, p.currency) : 'not sold');

const helper = createColumnHelper<typeof listFeatures, AdminPackageItem>();
const columns = helper.columns([
  helper.accessor('title', {
    header: 'Package',
    cell: (info) => (
      <>
        <Link to={`/admin/packages/${info.row.original.id}`}>{info.getValue()}</Link>
        <br />
        <small className="admin-break">/holidays/{info.row.original.slug}</small>
      </>
    ),
  }),
  helper.accessor('published', {
    header: 'Status',
    cell: (info) => (info.getValue() ? 'Published' : <strong>Unpublished</strong>),
  }),
  helper.accessor('city', { header: 'City' }),
  helper.accessor('tripType', { header: 'Trip type' }),
  helper.accessor('nights', { header: 'Nights' }),
  helper.accessor((p) => p.prices.UAE, {
    id: 'uae',
    header: 'UAE price per adult',
    cell: (info) => price(info.getValue()),
  }),
  helper.accessor((p) => p.prices.IN, {
    id: 'in',
    header: 'India price per adult',
    cell: (info) => price(info.getValue()),
  }),
]);

function PackagesTable({ items }: { items: AdminPackageItem[] }) {
  return <DataTable columns={columns} data={items} label="Packages found" caption="Packages, by title" />;
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
