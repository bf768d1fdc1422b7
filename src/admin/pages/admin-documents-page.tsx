import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { documentRegisterCall, documentReturnsCsvCall } from '../../../contract/admin-documents-calls.ts';
import {
  DOCUMENT_REGISTER_KINDS,
  DOCUMENT_REGISTER_LABELS,
  type DocumentRegisterItem,
} from '../../../contract/desk.ts';
import { formatMinor } from '../../../contract/format.ts';
import { adminHref } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { SiteFilter, useAdminList } from '../admin-table.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';

const columns: CardColumn<DocumentRegisterItem>[] = [
  { label: 'Date', cell: (d) => d.date },
  { label: 'Document', cell: (d) => DOCUMENT_REGISTER_LABELS[d.kind] },
  {
    label: 'Number',
    cell: (d) => (
      <a
        href={d.pdfUrl}
        target="_blank"
        rel="noopener"
        aria-label={`Open ${DOCUMENT_REGISTER_LABELS[d.kind]} ${d.number} (PDF)`}
      >
        {d.number}
      </a>
    ),
  },
  { label: 'Booking', cell: (d) => <Link to={`/admin/bookings/${d.RefIdKey}`}>{d.RefIdKey}</Link> },
  { label: 'Buyer', cell: (d) => d.buyer || '—' },
  { label: 'Tax', cell: (d) => formatMinor(d.tax, d.currency) },
  { label: 'Total', cell: (d) => formatMinor(d.total, d.currency) },
];

function Register() {
  const { params, setParams, query, data, error, loading, read } = useAdminList(documentRegisterCall);
  // The UAE's register unless another site is chosen (the server's default too).
  const site = params.get('site') || 'UAE';
  const filter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setParams(read(e.currentTarget, ['site', 'month', 'kind']));
  };
  const month = data?.month ?? params.get('month') ?? '';
  const csv = adminHref(documentReturnsCsvCall, {
    query: { site: site === 'IN' ? 'IN' : 'UAE', month: month || undefined },
  });
  return (
    <>
      <form
        className="admin-form admin-inline"
        aria-label="Which documents"
        onSubmit={filter}
        key={`${query}|${data?.month ?? ''}`}
      >
        <SiteFilter value={site} both={false} />
        <label>
          Month
          <input name="month" type="month" defaultValue={month} />
        </label>
        <label>
          Kind
          <select name="kind" defaultValue={params.get('kind') ?? ''}>
            <option value="">All</option>
            {DOCUMENT_REGISTER_KINDS.map((k) => (
              <option key={k} value={k}>
                {DOCUMENT_REGISTER_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Show</button>
      </form>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p>
        <a href={csv} download>
          Download CSV
        </a>{' '}
        of {month || 'this month'} for the return (
        {site === 'IN'
          ? 'GSTR-1: invoice number, date, GSTIN, place of supply, taxable value, rate, CGST, SGST, IGST'
          : 'VAT 201: standard-rated supplies and VAT by emirate, zero-rated, totals'}
        ).
      </p>
      <p role="status">
        {loading
          ? 'Loading…'
          : data
            ? `${data.items.length} document${data.items.length === 1 ? '' : 's'} in ${data.month}.`
            : ''}
      </p>
      {data ? (
        <CardTable
          columns={columns}
          items={data.items}
          label="Documents issued"
          caption={`${data.site === 'IN' ? 'India' : 'UAE'} documents of ${data.month}, by date`}
          rowKey={(d) => `${d.kind}-${d.number}`}
          rowTestId={(d) => `document-${d.number}`}
        />
      ) : null}
    </>
  );
}

export default function AdminDocumentsPage() {
  return (
    <>
      <title>Documents · Back office</title>
      <h1>Documents</h1>
      <RequireStaff action="documents.read">{() => <Register />}</RequireStaff>
    </>
  );
}
