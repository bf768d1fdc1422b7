import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { bookingSuppliersCall, setSupplierCall } from '../../../contract/admin-suppliers-calls.ts';
import {
  SUPPLIER_STATUS_LABELS,
  SUPPLIER_STATUSES,
  type BookingSupplierConfirmations,
  type SupplierLine,
  type SupplierService,
  type SupplierStatus,
} from '../../../contract/desk-suppliers.ts';
import { can } from '../../../contract/staff.ts';
import { adminApi } from '../admin-api.ts';
import type { DeskPanelProps } from './desk-panel.ts';
import { Badge } from '../badge.tsx';

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);
/** A card per service: it fits a 390 px screen without sideways scrolling. */
const CARD = {
  background: '#fff',
  border: '1px solid #d1d5db',
  borderRadius: 8,
  padding: '.75rem',
  overflowWrap: 'anywhere',
} as const;

/** One service's confirmation, and (with suppliers.confirm) its form. */
function ServiceRow({
  refId,
  line,
  s,
  may,
  onSaved,
}: {
  refId: string;
  line: SupplierLine;
  s: SupplierService;
  may: boolean;
  onSaved: (message: string) => void;
}) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `supplier-${line.lineId}-${s.service}`;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const status = String(form.get('status') ?? '') as SupplierStatus;
    const number = String(form.get('number') ?? '').trim();
    setError('');
    if (status === 'confirmed' && !number)
      return setError('A confirmed service needs the supplier’s confirmation number.');
    setBusy(true);
    const answer = await adminApi(setSupplierCall, {
      params: { ref: refId, lineId: line.lineId },
      body: {
        service: s.service,
        status,
        ...(number ? { number } : {}),
        note: String(form.get('note') ?? ''),
      },
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    onSaved(answer.message);
  };

  return (
    <li className="admin-card" style={CARD} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} style={{ margin: '0 0 .25rem' }}>
        {s.label} <Badge status={s.status} label={SUPPLIER_STATUS_LABELS[s.status]} />
      </h4>
      <p>
        {s.supplier} · from {s.startDate}
        {s.number ? (
          <>
            {' '}
            · number <strong data-testid={`${id}-number`}>{s.number}</strong>
          </>
        ) : null}
      </p>
      {s.setBy || s.setAt ? (
        <p>
          <small>
            Set by {s.setBy ?? 'a former staff member'} {s.setAt ? `on ${when(s.setAt)} UTC` : ''}
            {s.note ? ` · ${s.note}` : ''}
          </small>
        </p>
      ) : null}
      {may ? (
        <form
          className="admin-form admin-inline"
          onSubmit={(e) => void submit(e)}
          aria-label={`Supplier confirmation: ${s.label}, ${line.packageTitle}`}
        >
          <label>
            Status
            <select name="status" defaultValue={s.status === 'missing' ? 'requested' : s.status}>
              {SUPPLIER_STATUSES.map((st) => (
                <option key={st} value={st}>
                  {SUPPLIER_STATUS_LABELS[st]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Confirmation number
            <input name="number" defaultValue={s.number ?? ''} maxLength={60} autoComplete="off" />
          </label>
          <label>
            Note
            <input name="note" defaultValue={s.note} maxLength={500} autoComplete="off" />
          </label>
          <button type="submit" disabled={busy}>
            Save
          </button>
          <p role="alert" className="admin-error">
            {error}
          </p>
        </form>
      ) : null}
    </li>
  );
}

/**
 * Suppliers' confirmations per line and service (docs/decisions/0098): read with the booking, set with
 * suppliers.confirm.
 */
export function SupplierPanel({ booking: b, me }: DeskPanelProps) {
  const [data, setData] = useState<BookingSupplierConfirmations | null>(null);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const load = useCallback(async () => {
    const answer = await adminApi(bookingSuppliersCall, { params: { ref: b.RefIdKey } });
    if (!answer.ok) return setError(answer.message);
    setError('');
    setData(answer.data);
  }, [b.RefIdKey]);
  useEffect(() => {
    void load();
  }, [load]);

  const may = can(me.role, 'suppliers.confirm') && b.Status !== 'cancelled';
  const saved = (text: string) => {
    setMessage(text);
    void load();
  };

  return (
    <section className="admin-panel" aria-labelledby="supplier-panel-heading">
      <h2 id="supplier-panel-heading">Supplier confirmations</h2>
      {data?.lines.map((line) => (
        <div key={line.lineId}>
          <h3>
            {line.position}. {line.packageTitle}, {line.city} · travels {line.travelDate}
          </h3>
          <ul className="admin-cards" style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '.75rem' }}>
            {line.services.map((s) => (
              <ServiceRow
                key={`${s.service}-${s.status}-${s.number ?? ''}-${s.setAt ?? ''}`}
                refId={b.RefIdKey}
                line={line}
                s={s}
                may={may}
                onSaved={saved}
              />
            ))}
          </ul>
        </div>
      ))}
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{message}</p>
    </section>
  );
}
