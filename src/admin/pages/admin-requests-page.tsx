import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { DeskCancellationRequestItem } from '../../../contract/desk.ts';
import { formatMinor } from '../../../contract/format.ts';
import { can, type StaffMe } from '../../../contract/staff.ts';
import { cancelBookingCall } from '../../../contract/admin-refunds-calls.ts';
import { declineRequestCall, listRequestsCall } from '../../../contract/admin-requests-calls.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { CardTable } from '../desk/card-table.tsx';

const STATUSES = ['pending', 'approved', 'declined'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_LABEL: Record<Status, string> = { pending: 'Waiting', approved: 'Approved', declined: 'Declined' };

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** Decline with a message to the traveller (mailed, and shown in their Trips). */
function DeclineForm({
  item,
  onDone,
}: {
  item: DeskCancellationRequestItem;
  onDone: (message: string, ok: boolean) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const message = String(new FormData(e.currentTarget).get('message') ?? '');
    setBusy(true);
    const answer = await adminApi(declineRequestCall, { params: { id: item.id }, body: { message } });
    setBusy(false);
    if (answer.ok) setOpen(false);
    onDone(answer.message, answer.ok);
  };
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} aria-label={`Decline the request for ${item.RefIdKey}`}>
        Decline
      </button>
    );
  }
  return (
    <form
      className="admin-form"
      onSubmit={(e) => void submit(e)}
      aria-label={`Decline the request for ${item.RefIdKey}`}
    >
      <label htmlFor={id}>Message to the traveller</label>
      <textarea id={id} name="message" rows={3} maxLength={2000} required />
      <button type="submit" disabled={busy}>
        Send decline
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Keep waiting
      </button>
    </form>
  );
}

function RequestQueue({ me }: { me: StaffMe }) {
  const [status, setStatus] = useState<Status>('pending');
  const [items, setItems] = useState<DeskCancellationRequestItem[] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async (s: Status) => {
    const answer = await adminApi(listRequestsCall, { query: { status: s } });
    if (!answer.ok) return setError(answer.message);
    setError('');
    setItems(answer.data.items);
  }, []);
  useEffect(() => {
    void load(status);
  }, [load, status]);

  const done = (message: string, ok: boolean) => {
    if (ok) {
      setNotice(message);
      setError('');
      void load(status);
    } else setError(message);
  };

  // Approving is the desk's cancellation by the policy (rooms, refunds, credit note, mail), which marks the request
  // approved.
  const approve = async (item: DeskCancellationRequestItem) => {
    setBusy(item.id);
    const answer = await adminApi(cancelBookingCall, {
      params: { ref: item.RefIdKey },
      body: { reason: `Traveller's request: ${item.reason}`, requestId: item.id },
    });
    setBusy(null);
    done(answer.ok ? `Booking ${item.RefIdKey} is cancelled and the request approved.` : answer.message, answer.ok);
  };

  const mayApprove = can(me.role, 'bookings.cancel');
  return (
    <>
      <form className="admin-form admin-inline" aria-label="Which requests" onSubmit={(e) => e.preventDefault()}>
        <label>
          Show
          <select value={status} onChange={(e) => setStatus(e.target.value as Status)}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{notice}</p>
      {items === null ? (
        <p role="status">Loading the requests…</p>
      ) : items.length === 0 ? (
        <p>No {STATUS_LABEL[status].toLowerCase()} requests.</p>
      ) : (
        <CardTable
          label="Cancellation requests"
          caption={`${STATUS_LABEL[status]} cancellation requests, newest first`}
          columns={[
            { label: 'Requested', cell: (r) => when(r.createdAt) },
            {
              label: 'Booking',
              cell: (r) => (
                <>
                  <Link to={`/admin/bookings/${r.RefIdKey}`}>{r.RefIdKey}</Link>
                  <br />
                  {r.site} · travels {r.firstTravelDate} · {r.bookingStatus}
                </>
              ),
            },
            {
              label: 'Traveller',
              cell: (r) => (
                <>
                  {r.traveller}
                  {r.travellerEmail ? (
                    <>
                      <br />
                      {r.travellerEmail}
                    </>
                  ) : null}
                </>
              ),
            },
            { label: 'Reason', cell: (r) => <span className="admin-break">{r.reason}</span> },
            {
              label: 'Policy today',
              cell: (r) =>
                r.quote ? (
                  <>
                    {r.quote.daysBefore} days before travel: keeps {r.quote.keepPercent}% (
                    {formatMinor(r.quote.keep, r.Currency)}), refunds {formatMinor(r.quote.refund, r.Currency)} of{' '}
                    {formatMinor(r.quote.paid, r.Currency)} paid
                    <details>
                      <summary>Policy</summary>
                      <ul>
                        {r.quote.policyLines.map((l) => (
                          <li key={l}>{l}</li>
                        ))}
                      </ul>
                    </details>
                  </>
                ) : (
                  'Cancelled'
                ),
            },
            {
              label: status === 'pending' ? 'Decide' : 'Decision',
              cell: (r) =>
                r.status === 'pending' ? (
                  <>
                    {mayApprove ? (
                      <button
                        type="button"
                        disabled={busy === r.id}
                        onClick={() => void approve(r)}
                        aria-label={`Approve the request for ${r.RefIdKey}`}
                      >
                        Approve
                      </button>
                    ) : null}{' '}
                    <DeclineForm item={r} onDone={done} />
                  </>
                ) : (
                  <>
                    {STATUS_LABEL[r.status]}
                    {r.decidedBy ? ` by ${r.decidedBy}` : ''}
                    {r.decidedAt ? ` on ${when(r.decidedAt)}` : ''}
                    {r.decisionMessage ? (
                      <>
                        <br />“{r.decisionMessage}”
                      </>
                    ) : null}
                  </>
                ),
            },
          ]}
          items={items}
          rowKey={(r) => r.id}
          rowTestId={(r) => `request-${r.RefIdKey}`}
        />
      )}
    </>
  );
}

export default function Page() {
  return (
    <>
      <title>Cancellation requests · Back office</title>
      <h1>Cancellation requests</h1>
      <RequireStaff action="cancellations.request">{(me) => <RequestQueue me={me} />}</RequireStaff>
    </>
  );
}
