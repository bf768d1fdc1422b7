import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { suppliersDueCall } from '../../../contract/admin-suppliers-calls.ts';
import {
  SUPPLIER_DUE_DAYS,
  SUPPLIER_DUE_MAX_DAYS,
  SUPPLIER_STATUS_LABELS,
  type SupplierDuePage,
} from '../../../contract/desk-suppliers.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';

/** A card per booking: it fits a 390 px screen without sideways scrolling. */
const CARD = {
  background: '#fff',
  border: '1px solid #d1d5db',
  borderRadius: 8,
  padding: '.75rem',
  overflowWrap: 'anywhere',
} as const;
const inDays = (n: number) => (n === 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`);

/** Bookings travelling soon whose supplier confirmation is missing or declined (docs/decisions/0098). */
function DueList() {
  const [page, setPage] = useState<SupplierDuePage | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async (days: number) => {
    const answer = await adminApi(suppliersDueCall, { query: { days } });
    if (!answer.ok) return setError(answer.message);
    setError('');
    setPage(answer.data);
  }, []);
  useEffect(() => {
    void load(SUPPLIER_DUE_DAYS);
  }, [load]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void load(Number(new FormData(e.currentTarget).get('days') ?? SUPPLIER_DUE_DAYS));
  };

  return (
    <>
      <form className="admin-form admin-inline" onSubmit={submit} aria-label="How far ahead">
        <label>
          Travelling within (days)
          <input
            name="days"
            type="number"
            min={0}
            max={SUPPLIER_DUE_MAX_DAYS}
            defaultValue={SUPPLIER_DUE_DAYS}
            inputMode="numeric"
          />
        </label>
        <button type="submit">Show</button>
      </form>
      <p role="alert" className="admin-error">
        {error}
      </p>
      {page ? (
        <p role="status">
          {page.items.length
            ? `${page.items.length} booking${page.items.length === 1 ? '' : 's'} travelling within ${page.days} days wait${page.items.length === 1 ? 's' : ''} on a supplier.`
            : `Every booking travelling within ${page.days} days has its suppliers' confirmations.`}
        </p>
      ) : null}
      <ul
        style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '.75rem' }}
        aria-label="Bookings waiting on a supplier"
      >
        {page?.items.map((item) => (
          <li key={item.RefIdKey} style={CARD} data-testid={`due-${item.RefIdKey}`}>
            <h2 style={{ margin: '0 0 .25rem', fontSize: '1.1rem' }}>
              <Link to={`/admin/bookings/${encodeURIComponent(item.RefIdKey)}`}>{item.RefIdKey}</Link> · travels{' '}
              {item.travelDate} ({inDays(item.daysToGo)})
            </h2>
            <p style={{ margin: '0 0 .25rem' }}>
              {item.leadName} · {item.title} · {item.site === 'IN' ? 'India' : 'UAE'}
            </p>
            <ul>
              {item.due.map((d) => (
                <li key={`${d.lineId}-${d.service}`}>
                  {d.label} ({d.supplier}): <strong>{SUPPLIER_STATUS_LABELS[d.status]}</strong>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function AdminSuppliersPage() {
  return (
    <>
      <title>Supplier confirmations due · Back office</title>
      <h1>Supplier confirmations due</h1>
      <RequireStaff action="suppliers.confirm">{() => <DueList />}</RequireStaff>
    </>
  );
}
