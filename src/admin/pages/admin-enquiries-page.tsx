import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  ENQUIRY_KIND_LABELS,
  ENQUIRY_KINDS,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquiryItem,
} from '../../../contract/enquiry-inbox.ts';
import { listEnquiriesCall } from '../../../contract/admin-enquiry-calls.ts';
import { RequireStaff } from '../admin-session.tsx';
import { Pager, SiteFilter, useAdminList } from '../admin-table.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';

/** The filters the list and its URL share (listEnquiriesCall's query). */
const FILTERS = ['q', 'kind', 'site', 'status', 'assignee', 'olderThanDays', 'from', 'to'] as const;

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

const columns: CardColumn<EnquiryItem>[] = [
  { label: 'Received', cell: (e) => <Link to={`/admin/enquiries/${e.id}`}>{when(e.createdAt)}</Link> },
  {
    label: 'Status',
    cell: (e) => (
      <>
        {ENQUIRY_STATUS_LABELS[e.status]}
        {e.bookingRef ? (
          <>
            <br />
            <small>{e.bookingRef}</small>
          </>
        ) : null}
      </>
    ),
  },
  {
    label: 'Kind',
    cell: (e) => (
      <>
        {ENQUIRY_KIND_LABELS[e.kind]}
        <br />
        <small>{e.site === 'IN' ? 'India' : 'UAE'}</small>
      </>
    ),
  },
  {
    label: 'From',
    cell: (e) => (
      <>
        <Link to={`/admin/enquiries/${e.id}`}>{e.name}</Link>
        <br />
        <small className="admin-break">{[e.email, e.phone].filter(Boolean).join(' · ')}</small>
      </>
    ),
  },
  {
    label: 'About',
    cell: (e) => (
      <span className="admin-break">
        {e.summary}
        {e.hasFile ? ' (file attached)' : ''}
      </span>
    ),
  },
  { label: 'Assigned to', cell: (e) => e.assignee?.email ?? 'No one' },
];

function EnquiriesTable({ items }: { items: EnquiryItem[] }) {
  return (
    <CardTable
      columns={columns}
      items={items}
      label="Enquiries found"
      caption="Enquiries, newest first"
      rowKey={(e) => e.id}
      rowTestId={(e) => `enquiry-${e.id}`}
    />
  );
}

function Inbox() {
  const { params, setParams, query, data: page, error, loading, read } = useAdminList(listEnquiriesCall);

  const filter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setParams(read(e.currentTarget, FILTERS));
  };
  const v = (name: string) => params.get(name) ?? '';

  return (
    <>
      <form className="admin-form admin-inline" role="search" aria-label="Find enquiries" onSubmit={filter} key={query}>
        <label>
          Search enquiries
          <input
            name="q"
            type="search"
            defaultValue={v('q')}
            placeholder="Name, email, phone or words of the message"
          />
        </label>
        <label>
          Status
          <select name="status" defaultValue={v('status')}>
            <option value="">Any</option>
            {ENQUIRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ENQUIRY_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Kind
          <select name="kind" defaultValue={v('kind')}>
            <option value="">Any</option>
            {ENQUIRY_KINDS.map((k) => (
              <option key={k} value={k}>
                {ENQUIRY_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <SiteFilter value={v('site')} />
        <label>
          Assigned to
          <select name="assignee" defaultValue={v('assignee')}>
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="none">No one</option>
          </select>
        </label>
        <label>
          Waiting more than (days)
          <input
            name="olderThanDays"
            type="number"
            min={0}
            max={3650}
            inputMode="numeric"
            defaultValue={v('olderThanDays')}
          />
        </label>
        <label>
          Received from
          <input name="from" type="date" defaultValue={v('from')} />
        </label>
        <label>
          Received to
          <input name="to" type="date" defaultValue={v('to')} />
        </label>
        <button type="submit">Filter</button>
      </form>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">
        {loading
          ? 'Loading…'
          : page
            ? `${page.items.length} enquir${page.items.length === 1 ? 'y' : 'ies'} on this page.`
            : ''}
      </p>
      {page && page.items.length ? (
        <EnquiriesTable items={page.items} />
      ) : page ? (
        <p>No enquiries match these filters.</p>
      ) : null}
      <Pager nextCursor={page?.nextCursor} />
    </>
  );
}

export default function AdminEnquiriesPage() {
  return (
    <>
      <title>Enquiries · Back office</title>
      <h1>Enquiries</h1>
      <RequireStaff action="enquiries.work">{() => <Inbox />}</RequireStaff>
    </>
  );
}
