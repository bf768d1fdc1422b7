import { useCallback, useEffect, useState } from 'react';
import {
  makeRefundCall,
  recordRefundCall,
  refundQueueCall,
  sendRefundCall,
} from '../../../contract/admin-refunds-calls.ts';
import type { RefundQueueItem } from '../../../contract/desk.ts';
import { formatMinor } from '../../../contract/format.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';
import { newKey } from '../desk/cancel-panel.tsx';

type QueueItem = RefundQueueItem;

const WHY: Record<QueueItem['kind'], string> = {
  due: 'Payment owed back',
  failed: 'Refund failed: try again',
  'manual-pending': 'Paid outside the shop: record the refund',
  unsent: 'Never sent to the provider: send it',
};

/** A queue row's action: its own idempotency key and, for money sent outside the shop, the reference. */
function QueueAction({
  item,
  onDone,
  onError,
}: {
  item: QueueItem;
  onDone: (message: string) => Promise<void>;
  onError: (message: string) => void;
}) {
  // One key per row until an answer comes: a double click is one refund.
  const [key, setKey] = useState(newKey);
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const m = (amount: number) => formatMinor(amount, item.currency);
  const needsReference = item.payment.provider === 'manual' && item.kind !== 'unsent';

  const act = async () => {
    if (needsReference && !reference.trim()) return onError('Give the reference of the money sent back.');
    setBusy(true);
    const answer =
      item.kind === 'unsent' && item.refund
        ? await adminApi(sendRefundCall, { params: { ref: item.RefIdKey, id: item.refund.id } })
        : item.kind === 'manual-pending' && item.refund
          ? await adminApi(recordRefundCall, {
              params: { ref: item.RefIdKey, id: item.refund.id },
              body: { reference: reference.trim() },
            })
          : await adminApi(makeRefundCall, {
              params: { ref: item.RefIdKey },
              body: {
                paymentId: item.payment.id,
                amount: item.amount,
                reason: item.kind === 'due' ? 'Refund due' : 'Refund retried',
                note: item.refund?.failureReason ? `Before: ${item.refund.failureReason}` : '',
                ...(needsReference ? { reference: reference.trim() } : {}),
              },
              headers: { 'idempotency-key': key },
            });
    setBusy(false);
    setKey(newKey());
    if (!answer.ok) return onError(answer.message);
    onError('');
    await onDone(answer.message);
  };

  return (
    <>
      {needsReference ? (
        <label>
          Reference
          <input value={reference} maxLength={200} onChange={(e) => setReference(e.target.value)} />
        </label>
      ) : null}
      <button
        type="button"
        disabled={busy}
        onClick={() => void act()}
        aria-label={`Refund ${m(item.amount)} on ${item.RefIdKey}`}
      >
        {item.kind === 'manual-pending'
          ? 'Record refund'
          : item.kind === 'unsent'
            ? `Send ${m(item.amount)}`
            : `Refund ${m(item.amount)}`}
      </button>
    </>
  );
}

const money = (item: QueueItem) => formatMinor(item.amount, item.currency);

function queueColumns(
  onDone: (message: string) => Promise<void>,
  onError: (message: string) => void,
): CardColumn<QueueItem>[] {
  return [
    {
      label: 'Booking',
      cell: (item) => (
        <>
          <a href={`/admin/bookings/${encodeURIComponent(item.RefIdKey)}`}>{item.RefIdKey}</a> ({item.site})
        </>
      ),
    },
    {
      label: 'Why',
      cell: (item) => (
        <>
          {WHY[item.kind]}
          {item.refund?.failureReason ? <span className="admin-error"> {item.refund.failureReason}</span> : null}
        </>
      ),
    },
    {
      label: 'Payment',
      cell: (item) => (
        <>
          {item.payment.provider}{' '}
          <code className="admin-break">{item.payment.providerPaymentId ?? item.payment.providerRef}</code>
        </>
      ),
    },
    { label: 'Amount', cell: money },
    { label: 'Since', cell: (item) => item.since.slice(0, 10) },
    { label: 'Action', cell: (item) => <QueueAction item={item} onDone={onDone} onError={onError} /> },
  ];
}

function RefundQueue() {
  const [items, setItems] = useState<QueueItem[] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const load = useCallback(async () => {
    const answer = await adminApi(refundQueueCall);
    if (!answer.ok) return setError(answer.message);
    setItems(answer.data.items);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const done = async (message: string) => {
    setNotice(message);
    await load();
  };
  return (
    <>
      <p role="status">{notice}</p>
      <p role="alert" className="admin-error">
        {error}
      </p>
      {items && items.length === 0 ? <p>Nothing to refund: no payment is owed back, no refund failed.</p> : null}
      {items && items.length ? (
        <CardTable
          label="Refund queue"
          caption="Refunds to make"
          columns={queueColumns(done, setError)}
          items={items}
          rowKey={(item) => `${item.kind}-${item.payment.id}-${item.refund?.id ?? 0}`}
        />
      ) : null}
    </>
  );
}

export default function AdminRefundsPage() {
  return (
    <>
      <title>Refunds · Back office</title>
      <h1>Refunds</h1>
      <RequireStaff action="refunds.make">{() => <RefundQueue />}</RequireStaff>
    </>
  );
}
