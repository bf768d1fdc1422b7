import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ApiCall, CallData, CallParams } from '../../../contract/api.ts';
import { useCall } from '../../lib/use-call.ts';
import { pageIndexes, pagesShown, withPages } from './paging.ts';

interface Paged {
  total: number;
}

interface Props<C extends ApiCall> {
  call: C;
  /** The parameters of one page: the same objects the route's prefetch uses. */
  paramsFor: (pageIndex: number) => CallParams<C>;
  render: (data: CallData<C>, pageIndex: number) => ReactNode;
  pageSize: number;
  /** e.g. ['deal', 'deals'] */
  noun: [string, string];
  empty: ReactNode;
  className?: string;
}

function Chunk<C extends ApiCall>({
  call,
  params,
  render,
  pageIndex,
}: {
  call: C;
  params: CallParams<C>;
  render: Props<C>['render'];
  pageIndex: number;
}) {
  const { data, error, mutate, isValidating } = useCall(call, params);
  if (data) return <>{render(data, pageIndex)}</>;
  if (error) {
    return (
      <div className="notice notice-error listing-error" role="alert">
        <p>{error.message}</p>
        <button type="button" className="button" disabled={isValidating} onClick={() => void mutate()}>
          {isValidating ? 'Retrying…' : 'Retry'}
        </button>
      </div>
    );
  }
  return (
    <>
      <div className="card card-skeleton" aria-hidden="true" />
      <div className="card card-skeleton" aria-hidden="true" />
    </>
  );
}

/**
 * A paged list whose "Load more" is a link to ?page=N+1 (works without JavaScript, survives
 * reloads); each page is its own read, so pages already seen are not fetched again.
 */
export function PagedList<C extends ApiCall>({
  call,
  paramsFor,
  render,
  pageSize,
  noun,
  empty,
  className = 'card-grid',
}: Props<C>) {
  const { search } = useLocation();
  const pages = pagesShown(search);
  const first = useCall(call, paramsFor(1));
  const total = (first.data as Paged | undefined)?.total;
  if (total === 0) return <div className="empty-state">{empty}</div>;
  const shown = Math.min(total ?? 0, pages * pageSize);
  return (
    <>
      <div className={className}>
        {pageIndexes(pages).map((p) => (
          <Chunk key={p} call={call} params={paramsFor(p)} render={render} pageIndex={p} />
        ))}
      </div>
      {total !== undefined && total > shown ? (
        <p className="list-more">
          <span>
            Showing {shown} of {total} {total === 1 ? noun[0] : noun[1]}
          </span>
          <Link className="button" to={{ search: withPages(search, pages + 1) }} replace>
            Load more
          </Link>
        </p>
      ) : null}
    </>
  );
}
