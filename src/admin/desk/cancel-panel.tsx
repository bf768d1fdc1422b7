import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  bookingMoneyCall,
  cancelBookingCall,
  makeRefundCall,
  recordRefundCall,
  type DeskBookingMoney,
} from '../../../contract/admin-refunds-calls.ts';
import type {
  DeskCancellationQuote,
  DeskCancellationRequest,
  DeskPayment,
  DeskRefund,
} from '../../../contract/desk.ts';
import { formatMinor, toMinor, typedAmount } from '../../../contract/format.ts';
import { can } from '../../../contract/staff.ts';
import { adminApi } from '../admin-api.ts';
import { CardTable } from './card-table.tsx';
import type { DeskPanelProps } from './desk-panel.ts';

/** A fresh Idempotency-Key: one per refund form, so a double click or a retry is one refund. */
export const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const PROVIDER: Record<DeskPayment['provider'], string> = {
  stripe: 'Stripe',
  razorpay: 'Razorpay',
  manual: 'Paid outside the shop',
};

/** What the policy keeps and refunds, cancel, refunds per payment and credit notes (bookings.cancel, refunds.make). */
export function CancelPanel({ booking, me, onChanged }: DeskPanelProps) {
  const ref = booking.RefIdKey;
  const [data, setData] = useState<DeskBookingMoney | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const load = useCallback(async () => {
    const answer = await adminApi(bookingMoneyCall, { params: { ref } });
    if (!answer.ok) return setError(answer.message);
    setData(answer.data);
  }, [ref]);
  // The booking page holds the one booking answer and loads it again after any change on the page
  // (a payment, an amendment, a refund): this panel's figures are read again with it, never kept stale.
  useEffect(() => {
    void load();
  }, [load, booking]);
  // Gateway refunds settle by webhook: look again while one is on its way.
  const waiting = data?.refunds.some((r) => r.status === 'pending' && r.provider !== 'manual') ?? false;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [waiting, load]);
  // A gateway refund settled: the header and every panel read the booking again.
  const wasWaiting = useRef(false);
  useEffect(() => {
    if (wasWaiting.current && !waiting) onChanged();
    wasWaiting.current = waiting;
  }, [waiting, onChanged]);

  const changed = (message: string) => {
    setNotice(message);
    // The page loads the booking again, and this panel with it (the effect above).
    onChanged();
    return Promise.resolve();
  };

  if (!data) {
    return (
      <section aria-labelledby="cancel-panel-title">
        <h2 id="cancel-panel-title">Cancellation and refunds</h2>
        <p role="alert" className="admin-error">
          {error}
        </p>
      </section>
    );
  }
  const m = (amount: number) => formatMinor(amount, data.Currency);
  const mayRefund = can(me.role, 'refunds.make');

  return (
    <section aria-labelledby="cancel-panel-title" className="desk-cancel">
      <h2 id="cancel-panel-title">Cancellation and refunds</h2>
      <p role="status">{notice}</p>
      <p role="alert" className="admin-error">
        {error}
      </p>
      {data.cancellation && can(me.role, 'bookings.cancel') ? (
        <CancelForm
          // A new quote (after a payment or a refund) starts the form again from its figures.
          key={`${data.cancellation.paid}-${data.cancellation.keep}-${data.cancellation.total}`}
          ref_={ref}
          quote={data.cancellation}
          requests={data.cancellationRequests}
          me={me}
          m={m}
          onDone={changed}
          onError={setError}
        />
      ) : null}
      {data.Status === 'cancelled' ? <p>This booking is cancelled.</p> : null}

      {data.payments.length ? (
        <CardTable
          label="Payments and what can be refunded"
          caption="Payments"
          columns={[
            {
              label: 'Payment',
              cell: (p) => (
                <>
                  {PROVIDER[p.provider]} <code className="admin-break">{p.providerPaymentId ?? p.providerRef}</code> ·{' '}
                  {p.status}
                  {p.refundStatus === 'due' ? ' · refund due' : p.refundStatus === 'refunded' ? ' · refunded' : ''}
                </>
              ),
            },
            { label: 'Amount', cell: (p) => m(p.amount) },
            { label: 'Refunded', cell: (p) => m(p.refunded) },
            { label: 'Refundable', cell: (p) => m(p.refundable) },
            ...(mayRefund
              ? [
                  {
                    label: 'Refund',
                    cell: (p: DeskPayment) =>
                      p.refundable > 0 ? (
                        <RefundForm ref_={ref} payment={p} m={m} onDone={changed} onError={setError} />
                      ) : (
                        '—'
                      ),
                  },
                ]
              : []),
          ]}
          items={data.payments}
          rowKey={(p) => p.id}
        />
      ) : null}

      {data.refunds.length ? (
        <CardTable
          label="Refunds"
          caption="Refunds"
          columns={[
            { label: 'Amount', cell: (r) => m(r.amount) },
            {
              label: 'Through',
              cell: (r) => (
                <>
                  {PROVIDER[r.provider]}{' '}
                  {r.providerRefundId ? <code className="admin-break">{r.providerRefundId}</code> : null}
                </>
              ),
            },
            {
              label: 'Status',
              cell: (r) => (
                <>
                  <span className={`desk-refund-${r.status}`}>{r.status}</span>
                  {r.failureReason ? <span className="admin-error"> {r.failureReason}</span> : null}
                  {mayRefund && r.provider === 'manual' && r.status === 'pending' ? (
                    <RecordManual ref_={ref} refund={r} onDone={changed} onError={setError} />
                  ) : null}
                </>
              ),
            },
            {
              label: 'Reason',
              cell: (r) => (
                <>
                  {r.reason}
                  {r.note ? ` (${r.note})` : ''}
                </>
              ),
            },
            { label: 'Credit note', cell: (r) => r.creditNoteNumber ?? '—' },
          ]}
          items={data.refunds}
          rowKey={(r) => r.id}
        />
      ) : null}

      {data.creditNotes.length ? (
        <>
          <h3>Credit notes</h3>
          <ul>
            {data.creditNotes.map((n) => (
              <li key={n.id}>
                <a href={n.pdfUrl} target="_blank" rel="noopener">
                  Credit note {n.number} (PDF)
                </a>{' '}
                against invoice {n.invoiceNumber}: {m(n.total)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

interface CancelFormProps {
  ref_: string;
  quote: DeskCancellationQuote;
  requests: DeskCancellationRequest[];
  me: DeskPanelProps['me'];
  m: (amount: number) => string;
  onDone: (message: string) => Promise<void>;
  onError: (message: string) => void;
}

function CancelForm({ ref_, quote, requests, me, m, onDone, onError }: CancelFormProps) {
  const id = useId();
  const pending = requests.find((r) => r.status === 'pending');
  const mayOverride = can(me.role, 'cancellations.override');
  const [reason, setReason] = useState(pending?.reason ?? '');
  const [keep, setKeep] = useState(typedAmount(quote.keep));
  const [keepReason, setKeepReason] = useState('');
  const [busy, setBusy] = useState(false);
  const keepMinor = toMinor(keep);
  const overridden = mayOverride && keepMinor !== quote.keep;

  const submit = async (requestId?: number) => {
    if (!reason.trim()) return onError('Give the reason for the cancellation: the traveller is told it.');
    if (overridden && (keepMinor === null || keepMinor > quote.paid))
      return onError(`The amount kept must be between nothing and what was paid (${m(quote.paid)}).`);
    if (overridden && !keepReason.trim()) return onError('Say why the amount kept differs from the policy’s.');
    setBusy(true);
    const answer = await adminApi(cancelBookingCall, {
      params: { ref: ref_ },
      body: {
        reason: reason.trim(),
        ...(overridden && keepMinor !== null ? { keep: keepMinor, keepReason: keepReason.trim() } : {}),
        ...(requestId ? { requestId } : {}),
      },
    });
    setBusy(false);
    if (!answer.ok) return onError(answer.message);
    onError('');
    await onDone(answer.message);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  const refund = quote.paid - (overridden && keepMinor !== null ? keepMinor : quote.keep);

  return (
    <form className="admin-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Cancel this booking</h3>
      <p>
        {quote.daysBefore} days before travel: the policy keeps {quote.keepPercent}% of the total ({m(quote.total)}).
      </p>
      <dl className="desk-quote">
        <dt>Paid</dt>
        <dd>{m(quote.paid)}</dd>
        <dt>Kept by the policy</dt>
        <dd>{m(quote.keep)}</dd>
        <dt>To refund</dt>
        <dd data-testid="cancel-refund">{m(refund)}</dd>
      </dl>
      <details>
        <summary>The package’s cancellation policy</summary>
        <ul>
          {quote.policyLines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
      {pending ? (
        <p>
          The traveller asked to cancel on {pending.createdAt.slice(0, 10)}: “{pending.reason}”
        </p>
      ) : null}
      <label>
        Reason for the cancellation
        <textarea name="reason" required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      {mayOverride ? (
        <>
          <label>
            Amount kept ({m(quote.keep)} by the policy)
            <input name="keep" inputMode="decimal" value={keep} onChange={(e) => setKeep(e.target.value)} />
          </label>
          {overridden ? (
            <label>
              Why a different amount is kept
              <input
                name="keepReason"
                required
                maxLength={500}
                value={keepReason}
                onChange={(e) => setKeepReason(e.target.value)}
              />
            </label>
          ) : null}
        </>
      ) : null}
      <div className="admin-inline">
        <button type="submit" disabled={busy}>
          Cancel booking
        </button>
        {pending ? (
          <button type="button" disabled={busy} onClick={() => void submit(pending.id)}>
            Approve request and cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

interface RefundFormProps {
  ref_: string;
  payment: DeskPayment;
  m: (amount: number) => string;
  onDone: (message: string) => Promise<void>;
  onError: (message: string) => void;
}

/** One refund of one payment: its own Idempotency-Key until an answer comes, so a double click is one refund. */
export function RefundForm({ ref_, payment, m, onDone, onError }: RefundFormProps) {
  const [key, setKey] = useState(newKey);
  const [amount, setAmount] = useState(typedAmount(payment.refundable));
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const manual = payment.provider === 'manual';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const minor = toMinor(amount);
    if (minor === null || minor <= 0) return onError('Enter the amount to refund, e.g. 125.50.');
    if (minor > payment.refundable)
      return onError(`That is more than can be refunded on this payment: at most ${m(payment.refundable)}.`);
    setBusy(true);
    const answer = await adminApi(makeRefundCall, {
      params: { ref: ref_ },
      body: {
        paymentId: payment.id,
        amount: minor,
        reason: reason.trim() || 'Refund',
        note: note.trim(),
        ...(manual ? { reference: reference.trim() } : {}),
      },
      headers: { 'idempotency-key': key },
    });
    setBusy(false);
    // An answer came: the next refund is a new one.
    setKey(newKey());
    if (!answer.ok) return onError(answer.message);
    onError('');
    await onDone(answer.message);
  };

  return (
    <form className="admin-form admin-inline" onSubmit={submit} aria-label={`Refund payment ${payment.id}`}>
      <label>
        Amount to refund
        <input name="amount" inputMode="decimal" required value={amount} onChange={(e) => setAmount(e.target.value)} />
      </label>
      <label>
        Reason
        <input name="reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <label>
        Note
        <input name="note" maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      {manual ? (
        <label>
          Reference of the money sent back
          <input
            name="reference"
            required
            maxLength={200}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </label>
      ) : null}
      <button type="submit" disabled={busy}>
        {manual ? 'Record refund' : `Refund through ${PROVIDER[payment.provider]}`}
      </button>
    </form>
  );
}

function RecordManual({
  ref_,
  refund,
  onDone,
  onError,
}: {
  ref_: string;
  refund: DeskRefund;
  onDone: (message: string) => Promise<void>;
  onError: (message: string) => void;
}) {
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const answer = await adminApi(recordRefundCall, {
      params: { ref: ref_, id: refund.id },
      body: { reference: reference.trim() },
    });
    setBusy(false);
    if (!answer.ok) return onError(answer.message);
    onError('');
    await onDone(answer.message);
  };
  return (
    <form className="admin-form admin-inline" onSubmit={submit} aria-label={`Record refund ${refund.id}`}>
      <label>
        Reference of the money sent back
        <input
          name="reference"
          required
          maxLength={200}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
      </label>
      <button type="submit" disabled={busy}>
        Record refund
      </button>
    </form>
  );
}
