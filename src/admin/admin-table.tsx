import { useSearchParams } from 'react-router-dom';
import type { AdminListCall } from './admin-api.ts';
import { useAdminData } from './admin-data.ts';

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
