import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { financialYearOf, siteDay } from '../../../contract/calendar.ts';
import { formatMinor } from '../../../contract/format.ts';
import type { AdminCall, AdminCallData, AdminCallQuery } from '../../../contract/admin-api.ts';
import * as calls from '../../../contract/admin-reports-calls.ts';
import type { ReceivablesReport, SalesRow } from '../../../contract/reports.ts';
import type { Currency } from '../../../contract/site.ts';
import { VAT_TREATMENT_NAMES, VAT_TREATMENTS } from '../../../contract/tax.ts';
import { adminApi, adminHref, type AdminSend } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { SiteFilter } from '../admin-table.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';

/*
 * The books (issue 21): sales with a chart, receivables, India's TCS register and GST summary, the
 * UAE's VAT summary. Each section has its period, the figures as tables and a link to its CSV.
 */

const TABS = [
  { id: 'sales', label: 'Sales' },
  { id: 'receivables', label: 'Receivables' },
  { id: 'tcs', label: 'TCS register' },
  { id: 'gst', label: 'GST summary' },
  { id: 'vat', label: 'VAT summary' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** The latest of the sites' days (India's is ahead of the UAE's): a range to today takes in every site's today. */
const today = () => siteDay(Date.now(), 'IN');
const monthStart = () => `${today().slice(0, 7)}-01`;
/** India's financial year today (the TCS register is India's). */
const currentFy = () => financialYearOf(siteDay(Date.now(), 'IN'));

/** Loads a declared report (contract/admin-reports-calls.ts, decision 0111) for its query, with its error. */
function useReport<C extends AdminCall>(call: C, query: AdminCallQuery<C>) {
  const [data, setData] = useState<AdminCallData<C> | null>(null);
  const [error, setError] = useState('');
  // The query is a new object each render: the report is loaded again when its values change.
  const key = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    setData(null);
    void adminApi(call, { query: JSON.parse(key) } as AdminSend<C>).then((a) => {
      if (!live) return;
      if (a.ok) {
        setError('');
        setData(a.data);
      } else setError(a.message);
    });
    return () => {
      live = false;
    };
  }, [call, key]);
  return { data, error };
}

function Download<C extends AdminCall & { file: 'csv' }>({
  call,
  query,
  label,
}: {
  call: C;
  query: AdminCallQuery<C>;
  label: string;
}) {
  return (
    <p>
      <a href={adminHref(call, { query })} download>
        Download the {label} as CSV
      </a>
    </p>
  );
}

function Status({ error, loading }: { error: string; loading: boolean }) {
  return (
    <>
      <p role="alert" className="admin-error">
        {error}
      </p>
      {loading && !error ? <p role="status">Loading…</p> : null}
    </>
  );
}

/**
 * A report's table: many numeric columns, so on a phone it stays a table scrolling sideways in its
 * own region, its first column (the period, site, PAN...) kept in view (docs/decisions/0109).
 */
function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="admin-table-wrap admin-sticky-first" tabIndex={0} role="region" aria-label={caption}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A period form: from/to dates (and more fields), submitted into the query string. */
function PeriodForm({
  label,
  fields,
  initial,
  onApply,
  children,
}: {
  label: string;
  fields: string[];
  initial: URLSearchParams;
  onApply: (q: URLSearchParams) => void;
  children?: ReactNode;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const q = new URLSearchParams();
    for (const f of fields) {
      const v = String(data.get(f) ?? '');
      if (v) q.set(f, v);
    }
    onApply(q);
  };
  return (
    <form className="admin-form admin-inline" aria-label={label} onSubmit={submit} key={initial.toString()}>
      {fields.includes('from') ? (
        <label>
          From
          <input type="date" name="from" defaultValue={initial.get('from') ?? ''} required />
        </label>
      ) : null}
      {fields.includes('to') ? (
        <label>
          To
          <input type="date" name="to" defaultValue={initial.get('to') ?? ''} required />
        </label>
      ) : null}
      {children}
      <button type="submit">Show</button>
    </form>
  );
}

/** Net sales per period as bars (one chart per site: their currencies differ). */
function SalesChart({ rows, currency, site }: { rows: SalesRow[]; currency: Currency; site: string }) {
  const max = Math.max(1, ...rows.map((r) => Math.abs(r.net)));
  const w = 640;
  const h = 160;
  const bw = w / Math.max(1, rows.length);
  const total = rows.reduce((s, r) => s + r.net, 0);
  return (
    <figure style={{ margin: '1rem 0' }}>
      <svg
        viewBox={`0 0 ${w} ${h + 20}`}
        width="100%"
        style={{ maxWidth: w, background: '#fff', border: '1px solid #d1d5db', borderRadius: 8 }}
        role="img"
        aria-label={`Net sales on the ${site} site by period: ${formatMinor(total, currency)} in all`}
      >
        {rows.map((r, i) => {
          const bh = (Math.abs(r.net) / max) * h;
          return (
            <g key={r.period}>
              <rect
                x={i * bw + bw * 0.1}
                y={h - bh}
                width={bw * 0.8}
                height={bh}
                fill={r.net < 0 ? '#b91c1c' : '#1d4ed8'}
              >
                <title>{`${r.period}: ${formatMinor(r.net, currency)}`}</title>
              </rect>
              {rows.length <= 16 || i % Math.ceil(rows.length / 12) === 0 ? (
                <text x={i * bw + bw / 2} y={h + 14} fontSize="10" textAnchor="middle" fill="#374151">
                  {r.period.length > 7 ? r.period.slice(8) : r.period.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        Net sales ({site}, {currency}): invoices less credit notes, per period.
      </figcaption>
    </figure>
  );
}

function Sales({ params, apply }: { params: URLSearchParams; apply: (q: URLSearchParams) => void }) {
  const site = params.get('site');
  const query = {
    from: params.get('from') ?? monthStart(),
    to: params.get('to') ?? today(),
    by: params.get('by') === 'month' ? 'month' : 'day',
    site: site === 'UAE' || site === 'IN' ? site : undefined,
  } as const;
  const q = new URLSearchParams({
    from: query.from,
    to: query.to,
    by: query.by,
    ...(query.site ? { site: query.site } : {}),
  });
  const { data, error } = useReport(calls.salesReportCall, query);
  return (
    <>
      <PeriodForm label="Sales period" fields={['from', 'to', 'by', 'site']} initial={q} onApply={apply}>
        <label>
          By
          <select name="by" defaultValue={q.get('by')!}>
            <option value="day">Day</option>
            <option value="month">Month</option>
          </select>
        </label>
        <SiteFilter value={q.get('site') ?? ''} />
      </PeriodForm>
      <Download call={calls.salesCsvCall} query={query} label="sales" />
      <Status error={error} loading={!data} />
      {data
        ? data.totals.map((t) => {
            const rows = data.rows.filter((r) => r.site === t.site);
            const c = t.currency;
            return (
              <div key={t.site}>
                <h3>{t.site === 'IN' ? 'India' : 'UAE'}</h3>
                <SalesChart rows={rows} currency={c} site={t.site === 'IN' ? 'India' : 'UAE'} />
                <Table
                  caption={`Sales, ${t.site === 'IN' ? 'India' : 'UAE'} (${c})`}
                  head={[
                    'Period',
                    'Bookings',
                    'Invoices',
                    'Credit notes',
                    'Gross',
                    'Discounts',
                    'Credited',
                    'Before tax',
                    ...(t.site === 'IN' ? ['CGST', 'SGST', 'IGST', 'TCS'] : ['VAT']),
                    'Net sales',
                    'Paid',
                    'Refunded',
                    'Outstanding',
                  ]}
                >
                  {[...rows, { ...t, period: 'Total' }].map((r) => (
                    <tr key={r.period}>
                      <th scope="row">{r.period}</th>
                      <td>{r.bookings}</td>
                      <td>{r.invoices}</td>
                      <td>{r.creditNotes}</td>
                      <td>{formatMinor(r.gross, c)}</td>
                      <td>{formatMinor(r.discounts, c)}</td>
                      <td>{formatMinor(r.credited, c)}</td>
                      <td>{formatMinor(r.taxable, c)}</td>
                      {(t.site === 'IN' ? (['CGST', 'SGST', 'IGST', 'TCS'] as const) : (['VAT'] as const)).map(
                        (code) => (
                          <td key={code}>{formatMinor(r.taxes[code], c)}</td>
                        ),
                      )}
                      <td>{formatMinor(r.net, c)}</td>
                      <td>{formatMinor(r.paid, c)}</td>
                      <td>{formatMinor(r.refunded, c)}</td>
                      <td>{formatMinor(r.outstanding, c)}</td>
                    </tr>
                  ))}
                </Table>
              </div>
            );
          })
        : null}
    </>
  );
}

/**
 * The bookings with a balance are a list, one booking a row: cards on a phone, as the bookings list
 * (docs/decisions/0104).
 */
const receivableColumns: CardColumn<ReceivablesReport['items'][number]>[] = [
  {
    label: 'Booking',
    cell: (i) => (
      <>
        <a href={`/admin/bookings/${encodeURIComponent(i.RefIdKey)}`}>{i.RefIdKey}</a> ({i.site})
      </>
    ),
  },
  { label: 'Lead traveller', cell: (i) => i.leadName },
  { label: 'Invoice', cell: (i) => i.invoiceNumber ?? 'Proforma' },
  { label: 'Total', cell: (i) => formatMinor(i.total, i.currency) },
  { label: 'Paid', cell: (i) => formatMinor(i.paid, i.currency) },
  { label: 'Due', cell: (i) => formatMinor(i.due, i.currency) },
  { label: 'Due on', cell: (i) => i.dueOn ?? '—' },
  { label: 'Days overdue', cell: (i) => i.daysOverdue },
];

function Receivables() {
  const { data, error } = useReport(calls.receivablesReportCall, {});
  return (
    <>
      <Download call={calls.receivablesCsvCall} query={{}} label="receivables" />
      <Status error={error} loading={!data} />
      {data ? (
        <>
          <Table
            caption="Balances due by site"
            head={[
              'Site',
              'Bookings',
              'Due',
              'Overdue',
              'Not yet due',
              '1–30 days',
              '31–60 days',
              '61–90 days',
              'Over 90 days',
            ]}
          >
            {data.totals.map((t) => (
              <tr key={t.site}>
                <th scope="row">{t.site}</th>
                <td>{t.bookings}</td>
                <td>{formatMinor(t.due, t.currency)}</td>
                <td>{formatMinor(t.overdue, t.currency)}</td>
                {(['not-due', '1-30', '31-60', '61-90', '90+'] as const).map((b) => (
                  <td key={b}>{formatMinor(t.buckets[b], t.currency)}</td>
                ))}
              </tr>
            ))}
          </Table>
          {data.items.length === 0 ? <p>No balance is due.</p> : null}
          {data.items.length ? (
            <CardTable
              caption="Bookings with a balance, by due date"
              label="Bookings with a balance, by due date"
              columns={receivableColumns}
              items={data.items}
              rowKey={(i) => i.RefIdKey}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}

function Tcs({ params, apply }: { params: URLSearchParams; apply: (q: URLSearchParams) => void }) {
  const quarter = Number(params.get('quarter'));
  const query = { fy: params.get('fy') ?? currentFy(), quarter: quarter >= 1 && quarter <= 4 ? quarter : undefined };
  const q = new URLSearchParams({ fy: query.fy, ...(query.quarter ? { quarter: String(query.quarter) } : {}) });
  const { data, error } = useReport(calls.tcsReportCall, query);
  return (
    <>
      <PeriodForm label="TCS financial year" fields={['fy', 'quarter']} initial={q} onApply={apply}>
        <label>
          Financial year
          <input name="fy" defaultValue={q.get('fy')!} pattern="\d{4}-\d{2}" placeholder="2026-27" required />
        </label>
        <label>
          Quarter
          <select name="quarter" defaultValue={q.get('quarter') ?? ''}>
            <option value="">Whole year</option>
            <option value="1">Q1 (April–June)</option>
            <option value="2">Q2 (July–September)</option>
            <option value="3">Q3 (October–December)</option>
            <option value="4">Q4 (January–March)</option>
          </select>
        </label>
      </PeriodForm>
      <Download call={calls.tcsCsvCall} query={query} label="TCS register" />
      <Status error={error} loading={!data} />
      {data ? (
        <>
          <p>
            Section 206C(1G), {data.from} to {data.to}: TCS collected {formatMinor(data.totals.tcs, 'INR')} on{' '}
            {formatMinor(data.totals.tcsBase, 'INR')}.
          </p>
          <Table
            caption="TCS per PAN"
            head={['PAN', 'Collectee', 'Entries', 'Amount received', 'TCS collected on', 'TCS']}
          >
            {data.byPan.map((p) => (
              <tr key={p.pan ?? '-'}>
                <th scope="row">{p.pan ?? 'No PAN'}</th>
                <td>{p.collecteeName}</td>
                <td>{p.entries}</td>
                <td>{formatMinor(p.amountReceived, 'INR')}</td>
                <td>{formatMinor(p.tcsBase, 'INR')}</td>
                <td>{formatMinor(p.tcs, 'INR')}</td>
              </tr>
            ))}
          </Table>
          <Table
            caption="TCS register"
            head={[
              'Date',
              'Quarter',
              'Collectee',
              'PAN',
              'Entry',
              'Booking',
              'Amount received',
              'TCS collected on',
              'Rate',
              'TCS',
            ]}
          >
            {data.rows.map((r, i) => (
              <tr key={`${r.RefIdKey}-${r.kind}-${i}`}>
                <th scope="row">{r.date}</th>
                <td>Q{r.quarter}</td>
                <td>{r.collecteeName}</td>
                <td>{r.pan ?? '—'}</td>
                <td>
                  {r.kind === 'receipt'
                    ? 'Receipt'
                    : r.kind === 'debit-note'
                      ? `Debit note ${r.document}`
                      : `Credit note ${r.document}`}
                </td>
                <td>{r.RefIdKey}</td>
                <td>{formatMinor(r.amountReceived, 'INR')}</td>
                <td>{formatMinor(r.tcsBase, 'INR')}</td>
                <td>{r.rate}%</td>
                <td>{formatMinor(r.tcs, 'INR')}</td>
              </tr>
            ))}
          </Table>
        </>
      ) : null}
    </>
  );
}

function Gst({ params, apply }: { params: URLSearchParams; apply: (q: URLSearchParams) => void }) {
  const query = { from: params.get('from') ?? monthStart(), to: params.get('to') ?? today() };
  const q = new URLSearchParams(query);
  const { data, error } = useReport(calls.gstReportCall, query);
  return (
    <>
      <PeriodForm label="GST period" fields={['from', 'to']} initial={q} onApply={apply} />
      <Download call={calls.gstCsvCall} query={query} label="GST summary" />
      <Status error={error} loading={!data} />
      {data ? (
        <Table
          caption={`GST by place of supply, ${data.from} to ${data.to}`}
          head={[
            'Place of supply',
            'Rate',
            'Buyers',
            'Invoices',
            'Credit notes',
            'Taxable value',
            'CGST',
            'SGST',
            'IGST',
          ]}
        >
          {[...data.rows, { ...data.totals, placeOfSupply: 'Total', rate: null, buyers: '' }].map((r) => (
            <tr key={`${r.placeOfSupply}-${r.rate}-${r.buyers}`}>
              <th scope="row">{r.placeOfSupply}</th>
              <td>{r.rate === null ? '' : `${r.rate}%`}</td>
              <td>{r.buyers}</td>
              <td>{r.invoices}</td>
              <td>{r.creditNotes}</td>
              <td>{formatMinor(r.taxable, 'INR')}</td>
              <td>{formatMinor(r.cgst, 'INR')}</td>
              <td>{formatMinor(r.sgst, 'INR')}</td>
              <td>{formatMinor(r.igst, 'INR')}</td>
            </tr>
          ))}
        </Table>
      ) : null}
    </>
  );
}

function Vat({ params, apply }: { params: URLSearchParams; apply: (q: URLSearchParams) => void }) {
  const query = { from: params.get('from') ?? monthStart(), to: params.get('to') ?? today() };
  const q = new URLSearchParams(query);
  const { data, error } = useReport(calls.vatReportCall, query);
  return (
    <>
      <PeriodForm label="VAT period" fields={['from', 'to']} initial={q} onApply={apply} />
      <Download call={calls.vatCsvCall} query={query} label="VAT summary" />
      <Status error={error} loading={!data} />
      {data ? (
        <Table
          caption={`VAT by treatment, ${data.from} to ${data.to}`}
          head={['Month', 'Treatment', 'Invoices', 'Credit notes', 'Taxable amount', 'VAT']}
        >
          {data.rows.map((r) => (
            <tr key={`${r.month}-${r.treatment}`}>
              <th scope="row">{r.month}</th>
              <td>{VAT_TREATMENT_NAMES[r.treatment]}</td>
              <td>{r.invoices}</td>
              <td>{r.creditNotes}</td>
              <td>{formatMinor(r.taxable, 'AED')}</td>
              <td>{formatMinor(r.vat, 'AED')}</td>
            </tr>
          ))}
          {VAT_TREATMENTS.map((t) => (
            <tr key={`total-${t}`}>
              <th scope="row">Total</th>
              <td>{VAT_TREATMENT_NAMES[t]}</td>
              <td></td>
              <td></td>
              <td>{formatMinor(data.totals[t].taxable, 'AED')}</td>
              <td>{formatMinor(data.totals[t].vat, 'AED')}</td>
            </tr>
          ))}
        </Table>
      ) : null}
    </>
  );
}

function Reports() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS.some((t) => t.id === params.get('tab')) ? params.get('tab') : 'sales') as Tab;
  const show = (id: Tab) => setParams(new URLSearchParams({ tab: id }));
  const apply = (q: URLSearchParams) => {
    q.set('tab', tab);
    setParams(q);
  };
  const label = TABS.find((t) => t.id === tab)!.label;
  return (
    <>
      <nav aria-label="Reports">
        <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem', listStyle: 'none', padding: 0 }}>
          {TABS.map((t) => (
            <li key={t.id}>
              <button type="button" aria-pressed={t.id === tab} onClick={() => show(t.id)}>
                {t.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        <h2>{label}</h2>
        {tab === 'sales' ? <Sales params={params} apply={apply} /> : null}
        {tab === 'receivables' ? <Receivables /> : null}
        {tab === 'tcs' ? <Tcs params={params} apply={apply} /> : null}
        {tab === 'gst' ? <Gst params={params} apply={apply} /> : null}
        {tab === 'vat' ? <Vat params={params} apply={apply} /> : null}
      </div>
    </>
  );
}

export default function AdminReportsPage() {
  return (
    <>
      <title>Reports · Back office</title>
      <h1>Reports</h1>
      <RequireStaff action="reports.read">{() => <Reports />}</RequireStaff>
    </>
  );
}
