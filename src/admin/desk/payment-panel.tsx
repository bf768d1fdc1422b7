import { useState, type FormEvent } from 'react';
import { recordPaymentCall } from '../../../contract/admin-desk-calls.ts';
import { MANUAL_METHOD_LABELS, MANUAL_METHODS, type ManualMethod } from '../../../contract/desk.ts';
import { siteDay } from '../../../contract/calendar.ts';
import { formatMinor, toMinor } from '../../../contract/format.ts';
import { can } from '../../../contract/staff.ts';
import { adminApi } from '../admin-api.ts';
import type { DeskPanelProps } from './desk-panel.ts';

/** Record a payment received outside the shop (payments.record): the balance, and the form. */
export function PaymentPanel({ booking: b, me, onChanged }: DeskPanelProps) {
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  if (!can(me.role, 'payments.record')) return null;
  const m = (n: number) => formatMinor(n, b.Currency);
  const open = b.Status !== 'cancelled' && b.AmountDue > 0;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    setError('');
    setMessage('');
    const amount = toMinor(String(form.get('amount') ?? ''));
    if (amount === null || amount <= 0)
      return setError(`Enter the amount received in ${b.Currency}, e.g. 1250 or 1250.50.`);
    setBusy(true);
    const answer = await adminApi(recordPaymentCall, {
      params: { ref: b.RefIdKey },
      body: {
        amount,
        method: form.get('method') as ManualMethod,
        reference: String(form.get('reference') ?? ''),
        receivedOn: String(form.get('receivedOn') ?? ''),
      },
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setMessage(answer.message);
    formEl.reset();
    onChanged();
  };

  return (
    <section className="admin-panel" aria-labelledby="payment-panel-heading">
      <h2 id="payment-panel-heading">Record a payment</h2>
      <dl className="admin-facts">
        <dt>Total</dt>
        <dd>{m(b.Total)}</dd>
        <dt>Paid</dt>
        <dd>{m(b.AmountPaid)}</dd>
        <dt>Balance due</dt>
        <dd data-testid="balance-due">{m(b.AmountDue)}</dd>
      </dl>
      {open ? (
        <form className="admin-form" onSubmit={(e) => void submit(e)} aria-labelledby="payment-panel-heading">
          <label>
            Amount received ({b.Currency})
            <input
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              required
              aria-describedby="payment-amount-hint"
            />
          </label>
          <small id="payment-amount-hint">At most {m(b.AmountDue)}.</small>
          <label>
            Method
            <select name="method" defaultValue="bank-transfer">
              {MANUAL_METHODS.map((method) => (
                <option key={method} value={method}>
                  {MANUAL_METHOD_LABELS[method]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Reference
            <input name="reference" required maxLength={120} autoComplete="off" />
          </label>
          <label>
            Date received
            <input
              name="receivedOn"
              type="date"
              required
              defaultValue={siteDay(Date.now(), b.site)}
              max={siteDay(Date.now(), b.site)}
            />
          </label>
          <button type="submit" disabled={busy}>
            Record payment
          </button>
        </form>
      ) : (
        <p>{b.Status === 'cancelled' ? 'This booking is cancelled.' : 'Nothing is due on this booking.'}</p>
      )}
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{message}</p>
    </section>
  );
}
