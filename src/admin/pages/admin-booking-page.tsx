import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { addNoteCall, bookingDetailCall } from '../../../contract/admin-desk-calls.ts';
import type { DeskBookingDetail } from '../../../contract/desk.ts';
import { formatMinor, partyText } from '../../../contract/format.ts';
import { can, type StaffMe } from '../../../contract/staff.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { Badge } from '../badge.tsx';
import { BookingActionsPanel } from '../desk/booking-actions-panel.tsx';
import { CancelPanel } from '../desk/cancel-panel.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';
import { PaymentPanel } from '../desk/payment-panel.tsx';
import { SupplierPanel } from '../desk/supplier-panel.tsx';

const when = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : '');

type Detail = DeskBookingDetail;
type Money = (amount: number) => string;

/** A table of the booking, or a sentence when it has no rows: under 600 px its rows are cards (docs/decisions/0104). */
function Table<T>({
  caption,
  columns,
  items,
  rowKey,
  empty,
}: {
  caption: string;
  columns: CardColumn<T>[];
  items: T[];
  rowKey: (item: T, index: number) => string | number;
  empty: string;
}) {
  if (items.length === 0) return <p>{empty}</p>;
  return <CardTable caption={caption} label={caption} columns={columns} items={items} rowKey={rowKey} />;
}

const lineColumns = (m: Money): CardColumn<Detail['lines'][number]>[] => [
  { label: '#', cell: (l) => l.position },
  { label: 'Holiday', cell: (l) => l.title },
  { label: 'City', cell: (l) => l.city },
  { label: 'Travels', cell: (l) => l.travelDate },
  { label: 'Nights', cell: (l) => l.nights },
  { label: 'Party', cell: (l) => partyText(l) },
  { label: 'Amount', cell: (l) => m(l.amount) },
];

const travellerColumns: CardColumn<Detail['travellers'][number]>[] = [
  {
    label: 'Name',
    cell: (t) => `${[t.title, t.firstName, t.lastName].filter(Boolean).join(' ')}${t.lead ? ' (lead)' : ''}`,
  },
  { label: 'Age band', cell: (t) => t.ageBand },
  { label: 'Born', cell: (t) => t.dob ?? '' },
  { label: 'Email', cell: (t) => <span className="admin-break">{t.email ?? ''}</span> },
  { label: 'Phone', cell: (t) => t.phone ?? '' },
];

const paymentColumns = (m: Money): CardColumn<Detail['payments'][number]>[] => [
  { label: 'Provider', cell: (p) => `${p.provider}${p.method ? ` (${p.method})` : ''}` },
  { label: 'Reference', cell: (p) => <span className="admin-break">{p.providerRef}</span> },
  { label: 'Payment id', cell: (p) => <span className="admin-break">{p.providerPaymentId ?? ''}</span> },
  { label: 'Amount', cell: (p) => m(p.amount) },
  { label: 'Status', cell: (p) => `${p.status}${p.refundStatus ? `, refund ${p.refundStatus}` : ''}` },
  { label: 'Refunded', cell: (p) => m(p.refunded) },
  { label: 'Refundable', cell: (p) => m(p.refundable) },
  { label: 'Received', cell: (p) => p.receivedOn ?? when(p.paidAt) },
  { label: 'Recorded by', cell: (p) => <span className="admin-break">{p.recordedBy ?? ''}</span> },
];

const requestColumns: CardColumn<Detail['cancellationRequests'][number]>[] = [
  { label: 'Asked', cell: (c) => when(c.createdAt) },
  { label: 'Reason', cell: (c) => c.reason },
  { label: 'Status', cell: (c) => c.status },
  {
    label: 'Decision',
    cell: (c) =>
      c.decidedAt
        ? `${when(c.decidedAt)} by ${c.decidedBy ?? 'staff'}${c.decisionMessage ? `: ${c.decisionMessage}` : ''}`
        : '',
  },
];

const timelineColumns: CardColumn<Detail['timeline'][number]>[] = [
  { label: 'When', cell: (e) => when(e.at) },
  {
    label: 'What',
    cell: (e) => (
      <span className="admin-break">
        [{e.kind}] {e.text}
      </span>
    ),
  },
  { label: 'Who', cell: (e) => <span className="admin-break">{e.who ?? ''}</span> },
];

function NotesForm({ booking, onAdded }: { booking: DeskBookingDetail; onAdded: () => void }) {
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const body = String(new FormData(form).get('body') ?? '');
    setBusy(true);
    const answer = await adminApi(addNoteCall, { params: { ref: booking.RefIdKey }, body: { body } });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setError('');
    setStatus(answer.message);
    form.reset();
    onAdded();
  };
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)}>
      <label>
        Internal note (never shown to the traveller)
        <textarea name="body" required maxLength={4000} rows={3} />
      </label>
      <button type="submit" disabled={busy}>
        Add note
      </button>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{status}</p>
    </form>
  );
}

/**
 * What staff do with this booking, first on the page (docs/decisions/0104): each link goes to its
 * panel below; only the actions this role may take and this booking allows are offered.
 */
function BookingActionLinks({ booking: b, me }: { booking: DeskBookingDetail; me: StaffMe }) {
  const live = b.Status !== 'cancelled';
  const actions = [
    can(me.role, 'payments.record') && live && b.AmountDue > 0
      ? { to: 'payment-panel-heading', label: 'Record payment' }
      : null,
    can(me.role, 'bookings.amend') ? { to: 'amend-panel-heading', label: 'Amend' } : null,
    can(me.role, 'mail.resend') && live ? { to: 'booking-actions-heading', label: 'Resend mail' } : null,
    can(me.role, 'bookings.cancel') && live ? { to: 'cancel-panel-title', label: 'Cancel' } : null,
    can(me.role, 'refunds.make') ? { to: 'cancel-panel-title', label: 'Refund' } : null,
  ].filter((a) => a !== null);
  if (actions.length === 0) return null;
  return (
    <nav className="desk-actions" aria-label="This booking’s actions">
      <ul>
        {actions.map((a) => (
          <li key={a.label}>
            <a href={`#${a.to}`}>{a.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function BookingView({ me, reference }: { me: StaffMe; reference: string }) {
  const [booking, setBooking] = useState<DeskBookingDetail | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    const answer = await adminApi(bookingDetailCall, { params: { ref: reference } });
    if (!answer.ok) return setError(answer.message);
    setError('');
    setBooking(answer.data);
  }, [reference]);
  useEffect(() => {
    void load();
  }, [load]);
  const reload = useCallback(() => void load(), [load]);

  if (!booking) {
    return error ? (
      <p role="alert" className="admin-error">
        {error}
      </p>
    ) : (
      <p role="status">Loading the booking…</p>
    );
  }
  const b = booking;
  const m = (amount: number) => formatMinor(amount, b.Currency);
  return (
    <>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <section className="desk-summary" aria-labelledby="booking-summary-heading">
        <h2 id="booking-summary-heading" className="admin-visually-hidden">
          Summary
        </h2>
        <p className="admin-badges">
          <Badge status={b.Status} />
          <Badge status={b.PaymentStatus} />
          {b.overdue ? <Badge status="overdue" label={`overdue since ${b.paymentDueOn ?? ''}`} /> : null}
          {b.cancellationRequested ? <Badge status="cancellation requested" /> : null}
        </p>
        <dl className="admin-facts desk-summary-facts">
          <dt>Lead traveller</dt>
          <dd className="admin-break">
            {b.leadName} {[b.leadEmail, b.leadPhone].filter(Boolean).join(' · ')}
          </dd>
          <dt>Travels</dt>
          <dd>{b.firstTravelDate}</dd>
          <dt>Total</dt>
          <dd>{m(b.Total)}</dd>
          <dt>Paid</dt>
          <dd>{m(b.AmountPaid)}</dd>
          <dt>Due</dt>
          <dd>
            {m(b.AmountDue)}
            {b.overdue
              ? `, overdue since ${b.paymentDueOn}`
              : b.paymentDueOn && b.AmountDue > 0
                ? `, by ${b.paymentDueOn}`
                : ''}
          </dd>
          {b.refundDue > 0 ? (
            <>
              <dt>Refund due</dt>
              <dd>{m(b.refundDue)}</dd>
            </>
          ) : null}
          {b.refundPending > 0 ? (
            <>
              <dt>Refund pending</dt>
              <dd>{m(b.refundPending)}</dd>
            </>
          ) : null}
        </dl>
        <BookingActionLinks booking={b} me={me} />
      </section>

      <PaymentPanel booking={b} me={me} onChanged={reload} />
      <BookingActionsPanel booking={b} me={me} onChanged={reload} />
      <CancelPanel booking={b} me={me} onChanged={reload} />

      <h2>Details</h2>
      <dl className="admin-facts desk-detail-facts">
        <dt>Status</dt>
        <dd>
          {b.Status}
          {b.cancelledAt ? ` on ${when(b.cancelledAt)}: ${b.cancelReason ?? ''}` : ''}
        </dd>
        <dt>Payment</dt>
        <dd>
          {b.PaymentStatus} ({b.PaymentMethod})
        </dd>
        <dt>Site</dt>
        <dd>{b.site}</dd>
        <dt>Booked</dt>
        <dd>{when(b.createdAt)}</dd>
        <dt>Total</dt>
        <dd>
          {m(b.Total)}
          {b.Discount
            ? ` (subtotal ${m(b.Subtotal)}, discount ${m(b.Discount)}${b.couponCode ? `, coupon ${b.couponCode}` : ''})`
            : ''}
        </dd>
        <dt>Taxes</dt>
        <dd>
          {b.taxes.length
            ? b.taxes.map((t) => `${t.label} ${t.rate}% ${m(t.amount)}${t.included ? ' included' : ''}`).join('; ')
            : 'none'}
        </dd>
        <dt>Invoice</dt>
        <dd>
          <a href={b.links.invoice}>
            {b.invoiceNumber ? `Tax invoice ${b.invoiceNumber} (PDF)` : 'Proforma invoice (PDF)'}
          </a>
          {b.links.vouchers ? (
            <>
              {' · '}
              <a href={b.links.vouchers}>Vouchers (PDF)</a>
            </>
          ) : (
            ' · vouchers come when the balance is paid'
          )}
        </dd>
        {b.pan || b.placeOfSupply || b.buyerGstin || b.buyerTrn ? (
          <>
            <dt>Tax details</dt>
            <dd>
              {[
                b.pan && `PAN ${b.pan}`,
                b.placeOfSupply && `place of supply ${b.placeOfSupply}`,
                b.buyerGstin && `GSTIN ${b.buyerGstin}`,
                b.buyerTrn && `TRN ${b.buyerTrn}`,
              ]
                .filter(Boolean)
                .join(', ')}
            </dd>
          </>
        ) : null}
      </dl>

      <h2>Lines</h2>
      <Table caption="Lines" columns={lineColumns(m)} items={b.lines} rowKey={(l) => l.position} empty="No lines." />
      <SupplierPanel booking={b} me={me} onChanged={reload} />

      <h2>Travellers</h2>
      <Table
        caption="Travellers"
        columns={travellerColumns}
        items={b.travellers}
        rowKey={(t) => t.id}
        empty="No travellers."
      />

      <h2>Special requests</h2>
      <p>{b.specialRequests || 'None.'}</p>

      <h2>Documents from the traveller</h2>
      {b.documents.length ? (
        <ul>
          {b.documents.map((d) => (
            <li key={d.id}>
              <a href={d.url}>{d.name}</a> ({d.mime}, {Math.ceil(d.size / 1024)} KB, {when(d.uploadedAt)}): opening it
              is recorded in the audit log
            </li>
          ))}
        </ul>
      ) : (
        <p>None uploaded.</p>
      )}

      <h2>Payments</h2>
      <Table
        caption="Payments"
        columns={paymentColumns(m)}
        items={b.payments}
        rowKey={(p) => p.id}
        empty="No payments yet."
      />

      {b.moneyDocuments.length ? (
        <>
          <h2>Receipt vouchers and debit notes</h2>
          <ul>
            {b.moneyDocuments.map((d) => (
              <li key={d.id}>
                <a href={d.pdfUrl} target="_blank" rel="noopener">
                  {d.kind === 'receipt' ? 'Receipt voucher' : 'Debit note'} {d.number} (PDF)
                </a>{' '}
                of {when(d.issuedAt)}: {m(d.total)}
                {d.reason ? `, ${d.reason}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {/* Refunds, credit notes and what cancelling keeps are in the cancellation panel above, with their actions. */}
      <h2>Cancellation requests</h2>
      <Table
        caption="Cancellation requests"
        columns={requestColumns}
        items={b.cancellationRequests}
        rowKey={(c) => c.id}
        empty="No cancellation requests from the traveller."
      />

      <h2>Internal notes</h2>
      {b.notes.length ? (
        <ul>
          {b.notes.map((n) => (
            <li key={n.id}>
              {when(n.at)}, {n.staff}: {n.body}
            </li>
          ))}
        </ul>
      ) : (
        <p>No notes yet.</p>
      )}
      {can(me.role, 'bookings.note') ? <NotesForm booking={b} onAdded={reload} /> : null}

      <h2>Timeline</h2>
      <Table
        caption="Timeline"
        columns={timelineColumns}
        items={b.timeline}
        rowKey={(e, i) => `${e.at}-${i}`}
        empty="Nothing yet."
      />
    </>
  );
}

export default function AdminBookingPage() {
  const { ref = '' } = useParams();
  return (
    <>
      <title>{`${ref} · Bookings · Back office`}</title>
      <p>
        <Link to="/admin/bookings">All bookings</Link>
      </p>
      <h1>Booking {ref}</h1>
      <RequireStaff action="bookings.read">{(me) => <BookingView me={me} reference={ref} />}</RequireStaff>
    </>
  );
}
