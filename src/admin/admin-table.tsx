import { tableFeatures, useTable, type RowData, type TableOptions } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminListCall } from './admin-api.ts';
import { useAdminData } from './admin-data.ts';

/** The back office's lists have no sorting or paging of their own (the server pages them): the plain table. */
export const listFeatures = tableFeatures({});
type ListFeatures = typeof listFeatures;

/**
 * A list of the back office (bookings, enquiries, packages): a labelled region, a caption, column
 * headers, one row per item; under 600 px each row is a card whose cells say their column's name
 * (data-label, the CSS in admin-document.tsx, docs/decisions/0104). Columns come from
 * `createColumnHelper<typeof listFeatures, Item>()`.
 */
export function DataTable<TData extends RowData>({
  columns,
  data,
  label,
  caption,
  rowTestId,
}: {
  columns: TableOptions<ListFeatures, TData>['columns'];
  data: TData[];
  label: string;
  caption: ReactNode;
  rowTestId?: (item: TData) => string;
}) {
  const table = useTable({ features: listFeatures, columns, data });
  return (
    <div className="admin-table-wrap admin-cards-table" tabIndex={0} role="region" aria-label={label}>
      <table className="admin-table">
        <caption>{caption}</caption>
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
            <tr key={row.id} data-testid={rowTestId?.(row.original)}>
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  data-label={
                    typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : undefined
                  }
                >
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

/**
 * A list page's data, kept in its URL: the search parameters are the filters (and the cursor),
 * the answer of its declared list call with them as its query is loaded whenever they change
 * (useAdminData). `read` picks the filters of a submitted form into new parameters.
 */
export function useAdminList<T>(call: AdminListCall<T>) {
  // A declared list call (decision 0111) has no path parameters: its path is its URL, its query the page's.
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const { data, error, loading, reload } = useAdminData<T>(`${call.path}${query ? `?${query}` : ''}`);
  const read = (form: HTMLFormElement, fields: readonly string[]) => {
    const values = new FormData(form);
    const next = new URLSearchParams();
    for (const f of fields) {
      const v = String(values.get(f) ?? '').trim();
      if (v) next.set(f, v);
    }
    return next;
  };
  return { params, setParams, query, data, error, loading, reload, read };
}

/** "First page" (once paged on) and "Next 50" (while the server has more) of a list kept in the URL. */
export function Pager({ nextCursor }: { nextCursor: string | null | undefined }) {
  const [params, setParams] = useSearchParams();
  const withCursor = (cursor: string | null) => {
    const next = new URLSearchParams(params);
    if (cursor) next.set('cursor', cursor);
    else next.delete('cursor');
    setParams(next);
  };
  return (
    <p>
      {params.get('cursor') ? (
        <button type="button" onClick={() => withCursor(null)}>
          First page
        </button>
      ) : null}{' '}
      {nextCursor ? (
        <button type="button" onClick={() => withCursor(nextCursor)}>
          Next 50
        </button>
      ) : null}
    </p>
  );
}

/** A list filter's site: both, UAE or India (or, with `both` false, one of the two). */
export function SiteFilter({ value, both = true }: { value: string; both?: boolean }) {
  return (
    <label>
      Site
      <select name="site" defaultValue={value}>
        {both ? <option value="">Both</option> : null}
        <option value="UAE">UAE</option>
        <option value="IN">India</option>
      </select>
    </label>
  );
}
