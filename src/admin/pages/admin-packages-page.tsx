import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdminPackageItem, AdminSitePrice } from '../../../contract/catalogue-admin.ts';
import { formatMinor } from '../../../contract/format.ts';
import { adminCall } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';

const price = (p: AdminSitePrice | null) => (p ? formatMinor(p.amount, p.currency) : 'not sold');

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AdminPackageItem>();
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
  helper.accessor('published', { header: 'Status', cell: (info) => (info.getValue() ? 'Published' : <strong>Unpublished</strong>) }),
  helper.accessor('city', { header: 'City' }),
  helper.accessor('tripType', { header: 'Trip type' }),
  helper.accessor('nights', { header: 'Nights' }),
  helper.accessor((p) => p.prices.UAE, { id: 'uae', header: 'UAE price per adult', cell: (info) => price(info.getValue()) }),
  helper.accessor((p) => p.prices.IN, { id: 'in', header: 'India price per adult', cell: (info) => price(info.getValue()) }),
]);

function PackagesTable({ items }: { items: AdminPackageItem[] }) {
  const table = useTable({ features, columns, data: items });
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Packages found">
      <table className="admin-table">
        <caption>Packages, by title</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PackagesList() {
  const [params, setParams] = useSearchParams();
  const [items, setItems] = useState<AdminPackageItem[] | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const query = params.toString();

  const load = useCallback(async (q: string) => {
    setLoading(true);
    const answer = await adminCall<{ items: AdminPackageItem[] }>('GET', `packages${q ? `?${q}` : ''}`);
    setLoading(false);
    if (!answer.ok) return setError(answer.message);
    setError('');
    setItems(answer.data.items);
  }, []);
  useEffect(() => {
    void load(query);
  }, [load, query]);

  const filter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const f of ['q', 'status']) {
      const v = String(form.get(f) ?? '').trim();
      if (v) next.set(f, v);
    }
    setParams(next);
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
      <p role="status">{loading ? 'Loading…' : items ? `${items.length} package${items.length === 1 ? '' : 's'}.` : ''}</p>
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
