import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { AdminCallQuery } from '../../../contract/admin-api.ts';
import { auditLogCall, auditOptionsCall } from '../../../contract/admin-staff-calls.ts';
import type { AuditFilterOptions, AuditView } from '../../../contract/audit-log.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';

const FILTERS = ['staff', 'action', 'recordType', 'recordId', 'from', 'to'] as const;
/** The filters of the form, as the audit call takes them (an empty field left out). */
type Filters = Pick<AdminCallQuery<typeof auditLogCall>, (typeof FILTERS)[number]>;
/**
 * Who did it: a staff member; nobody signed in (a refused sign-in, on the record of the staff member tried); else the
 * command line.
 */
const who = (e: AuditView) =>
  e.staffEmail ? `${e.staffEmail} (${e.role})` : e.action === 'staff.login-failed' ? 'not signed in' : 'command line';

/** The log's columns: a table on a wide screen, a card per entry under 600 px (docs/decisions/0104). */
const columns: CardColumn<AuditView>[] = [
  { label: 'When', cell: (e) => e.at.replace('T', ' ').slice(0, 19) },
  { label: 'Who', cell: (e) => who(e) },
  {
    label: 'Action',
    cell: (e) => (
      <>
        {e.summary}
        <br />
        <small>{e.action}</small>
      </>
    ),
  },
  { label: 'Record', cell: (e) => `${e.recordType} ${e.recordId}` },
  {
    label: 'What changed',
    cell: (e) =>
      e.changes.length ? (
        <ul className="admin-break" style={{ margin: 0, paddingLeft: '1rem' }}>
          {e.changes.map((c, i) => (
            <li key={i}>{c}</li>
          ))}
        </ul>
      ) : (
        '—'
      ),
  },
  { label: 'Address', cell: (e) => e.clientAddress },
];

function AuditList() {
  const [query, setQuery] = useState<Filters>({});
  const [items, setItems] = useState<AuditView[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [options, setOptions] = useState<AuditFilterOptions>({ staff: [], actions: [] });

  useEffect(() => {
    void adminApi(auditOptionsCall).then((answer) => {
      if (answer.ok) setOptions(answer.data);
    });
  }, []);

  const load = useCallback(async (q: Filters, before?: number) => {
    const answer = await adminApi(auditLogCall, { query: { ...q, before } });
    if (!answer.ok) return setError(answer.message);
    setError('');
    setItems((old) => (before ? [...old, ...answer.data.items] : answer.data.items));
    setNext(answer.data.nextCursor);
  }, []);
  useEffect(() => {
    void load({});
  }, [load]);

  const filter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const q: Filters = {};
    for (const f of FILTERS) {
      const v = String(form.get(f) ?? '').trim();
      if (v) q[f] = v;
    }
    setQuery(q);
    void load(q);
  };

  return (
    <>
      <form className="admin-form admin-inline" onSubmit={filter} aria-label="Filter the audit log">
        <label>
          Staff member
          <select name="staff" defaultValue="" style={{ width: '100%', minWidth: 0 }}>
            <option value="">Anyone</option>
            {options.staff.map((s) => (
              <option key={s.id} value={s.email}>
                {s.email} ({s.role})
              </option>
            ))}
          </select>
        </label>
        <label>
          Action
          <select name="action" defaultValue="" style={{ width: '100%', minWidth: 0 }}>
            <option value="">Any action</option>
            {options.actions.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Record type
          <input name="recordType" placeholder="staff" />
        </label>
        <label>
          Record id
          <input name="recordId" />
        </label>
        <label>
          From
          <input name="from" type="date" />
        </label>
        <label>
          To
          <input name="to" type="date" />
        </label>
        <button type="submit">Filter</button>
      </form>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <CardTable
        caption="Audit log, newest first"
        label="Audit log entries"
        columns={columns}
        items={items}
        rowKey={(e) => e.id}
      />
      {next ? (
        <button type="button" onClick={() => void load(query, next)}>
          Older entries
        </button>
      ) : null}
    </>
  );
}

export default function AdminAuditPage() {
  return (
    <>
      <title>Audit log · Back office</title>
      <h1>Audit log</h1>
      <RequireStaff action="audit.read">{() => <AuditList />}</RequireStaff>
    </>
  );
}
