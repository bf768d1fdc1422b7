import { useState, type FormEvent } from 'react';
import type { AmendRequest, AmendResult, AmendTraveller } from '../../../contract/desk-amend.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import type { Currency } from '../../../contract/site.ts';
import { can } from '../../../contract/staff.ts';
import { adminCall } from '../admin-api.ts';
import { newKey } from './cancel-panel.tsx';
import type { DeskPanelProps } from './desk-panel.ts';

/**
 * Amend the travel date, the party (with the names of who joins and who leaves) and the rooms
 * (bookings.amend): the server's difference is shown first (nothing changes), then staff confirm
 * that same change, once per form (its Idempotency-Key: docs/decisions/0096).
 */
export function AmendPanel({ booking: b, me, onChanged }: DeskPanelProps) {
  const one = b.lines.length === 1 ? b.lines[0]! : null;
  const [date, setDate] = useState('');
  const [adults, setAdults] = useState(String(one?.adults ?? ''));
  const [children, setChildren] = useState(String(one?.children ?? ''));
  const [rooms, setRooms] = useState(String(one?.rooms ?? ''));
  const [leaving, setLeaving] = useState<number[]>([]);
  const [joining, setJoining] = useState<AmendTraveller[]>([]);
  const [asked, setAsked] = useState<Omit<AmendRequest, 'confirm'> | null>(null);
  const [preview, setPreview] = useState<AmendResult | null>(null);
  const [key, setKey] = useState(newKey);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  if (!can(me.role, 'bookings.amend')) return null;
  const m = (n: number) => formatMinor(n, b.Currency as Currency);
  const today = new Date().toISOString().slice(0, 10);
  const open = b.Status === 'confirmed' && b.firstTravelDate > today;
  const path = `bookings/${encodeURIComponent(b.RefIdKey)}/amend`;

  const changed = () => setPreview(null);
  /** What the form asks: only what differs from the booking now. */
  const request = (): Omit<AmendRequest, 'confirm'> => {
    const out: Omit<AmendRequest, 'confirm'> = {};
    if (date) out.travelDate = date;
    if (one) {
      if (Number(adults) !== one.adults) out.adults = Number(adults);
      if (Number(children) !== one.children) out.children = Number(children);
      if (Number(rooms) !== one.rooms) out.rooms = Number(rooms);
      if (leaving.length) out.remove = leaving;
      if (joining.length) out.add = joining;
    }
    return out;
  };
  const ask = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    setMessage('');
    setPreview(null);
    const body = request();
    if (!Object.keys(body).length) return setError('Choose a new travel date, or change the party or the rooms.');
    setBusy(true);
    const answer = await adminCall<AmendResult>('POST', path, { ...body, confirm: false });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setAsked(body);
    setPreview(answer.data);
  };
  const confirm = async () => {
    if (!preview) return;
    setBusy(true);
    setError('');
    const answer = await adminCall<AmendResult>('POST', path, { ...asked, confirm: true }, { 'idempotency-key': key });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setMessage(answer.message);
    setPreview(null);
    setDate('');
    setLeaving([]);
    setJoining([]);
    setKey(newKey());
    onChanged();
  };

  const settlement = (p: AmendResult) =>
    p.settlement.kind === 'due'
      ? `The traveller owes ${m(p.settlement.amount)} more: the balance is due as a pay-later balance.`
      : p.settlement.kind === 'refund'
        ? `${m(p.settlement.amount)} goes back to the traveller today, under a credit note.`
        : p.after.amountDue > 0
          ? `Nothing moves now: the balance due becomes ${m(p.after.amountDue)}.`
          : 'The price does not change: nothing to pay or refund.';

  return (
    <section className="admin-panel" aria-labelledby="amend-panel-heading">
      <h2 id="amend-panel-heading">Amend</h2>
      {open ? (
        <>
          <form className="admin-form" onSubmit={(e) => void ask(e)} aria-labelledby="amend-panel-heading">
            <label>
              New travel date (now {formatDay(b.firstTravelDate)})
              <input
                name="travelDate"
                type="date"
                min={today}
                value={date}
                onChange={(e) => {
                  setDate(e.target.value);
                  changed();
                }}
              />
            </label>
            {one ? (
              <fieldset>
                <legend>Party and rooms</legend>
                <label>
                  Adults
                  <input type="number" min={1} max={9} value={adults} onChange={(e) => (setAdults(e.target.value), changed())} />
                </label>
                <label>
                  Children
                  <input type="number" min={0} max={6} value={children} onChange={(e) => (setChildren(e.target.value), changed())} />
                </label>
                <label>
                  Rooms
                  <input type="number" min={1} max={5} value={rooms} onChange={(e) => (setRooms(e.target.value), changed())} />
                </label>
                {b.travellers
                  .filter((t) => !t.lead)
                  .map((t) => (
                    <label key={t.id} className="admin-check">
                      <input
                        type="checkbox"
                        checked={leaving.includes(t.id)}
                        onChange={(e) => (setLeaving(e.target.checked ? [...leaving, t.id] : leaving.filter((x) => x !== t.id)), changed())}
                      />
                      {t.firstName} {t.lastName} no longer travels
                    </label>
                  ))}
                {joining.map((t, i) => (
                  <div key={i} role="group" aria-label={`Traveller joining ${i + 1}`}>
                    <label>
                      First name
                      <input required maxLength={60} value={t.firstName} onChange={(e) => (setJoining(joining.map((x, j) => (j === i ? { ...x, firstName: e.target.value } : x))), changed())} />
                    </label>
                    <label>
                      Last name
                      <input required maxLength={60} value={t.lastName} onChange={(e) => (setJoining(joining.map((x, j) => (j === i ? { ...x, lastName: e.target.value } : x))), changed())} />
                    </label>
                    <label>
                      Adult or child
                      <select value={t.ageBand} onChange={(e) => (setJoining(joining.map((x, j) => (j === i ? { ...x, ageBand: e.target.value as 'adult' | 'child' } : x))), changed())}>
                        <option value="adult">Adult</option>
                        <option value="child">Child</option>
                      </select>
                    </label>
                    <button type="button" onClick={() => (setJoining(joining.filter((_, j) => j !== i)), changed())}>
                      Remove this traveller
                    </button>
                  </div>
                ))}
                <button type="button" onClick={() => (setJoining([...joining, { firstName: '', lastName: '', ageBand: 'adult' }]), changed())}>
                  Add a traveller
                </button>
              </fieldset>
            ) : (
              <p>The party and rooms can be changed on a booking of one holiday.</p>
            )}
            <button type="submit" disabled={busy}>
              Show the difference
            </button>
          </form>
          {preview ? (
            <div data-testid="amend-preview">
              <dl className="admin-facts">
                <dt>Travel date</dt>
                <dd>
                  {formatDay(preview.before.travelDate)} → {formatDay(preview.after.travelDate)}
                </dd>
                <dt>Party</dt>
                <dd>{preview.after.travellers.join(', ')}</dd>
                <dt>Total</dt>
                <dd>
                  {m(preview.before.total)} → {m(preview.after.total)}
                </dd>
                <dt>Difference</dt>
                <dd data-testid="amend-difference">{preview.difference > 0 ? `+${m(preview.difference)}` : m(preview.difference)}</dd>
              </dl>
              <p>{settlement(preview)} The traveller is mailed the changed trip and new vouchers.</p>
              <button type="button" disabled={busy} onClick={() => void confirm()}>
                Confirm the change
              </button>
            </div>
          ) : null}
        </>
      ) : (
        <p>{b.Status === 'cancelled' ? 'This booking is cancelled: it cannot be amended.' : b.Status !== 'confirmed' ? 'The booking can be amended once its payment has come.' : 'This trip has started: it can no longer be amended.'}</p>
      )}
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{message}</p>
    </section>
  );
}
