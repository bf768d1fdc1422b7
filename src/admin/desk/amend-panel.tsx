import { useEffect, useState, type FormEvent } from 'react';
import { amendBookingCall } from '../../../contract/admin-desk-calls.ts';
import { newBookingDeparturesCall, newBookingPackagesCall } from '../../../contract/admin-new-booking-calls.ts';
import type { DepartureList } from '../../../contract/availability.ts';
import type { AmendLine, AmendRequest, AmendResult, AmendTraveller } from '../../../contract/desk-amend.ts';
import type { DeskPackageOption } from '../../../contract/desk-new-booking.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { siteDay } from '../../../contract/calendar.ts';
import { can } from '../../../contract/staff.ts';
import { adminApi } from '../admin-api.ts';
import { newKey } from './cancel-panel.tsx';
import type { DeskPanelProps } from './desk-panel.ts';
import { DepartureOptions } from './departure-options.tsx';

/**
 * Amend the travel date, the holiday (another of the site's, on one of its departures), the party
 * (with the names of who joins and who leaves) and the rooms, per line on a booking of several
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
  // Party and rooms per line (by position), as the booking has them now.
  const [parties, setParties] = useState(() =>
    b.lines.map((l) => ({
      position: l.position,
      adults: String(l.adults),
      children: String(l.children),
      rooms: String(l.rooms),
    })),
  );
  // Another holiday: which line, the site's holidays on sale, and the new one's departures.
  const [holidayLine, setHolidayLine] = useState(b.lines[0]?.position ?? 0);
  const [holiday, setHoliday] = useState('');
  const [holidays, setHolidays] = useState<DeskPackageOption[] | null>(null);
  const [departures, setDepartures] = useState<DepartureList['departures'] | null>(null);
  const [holidayDate, setHolidayDate] = useState('');
  const allowed = can(me.role, 'bookings.amend') && can(me.role, 'bookings.create');
  // The site's own day, as the server checks the new date: not UTC's.
  const today = siteDay(Date.now(), b.site);
  const open = b.Status === 'confirmed' && b.firstTravelDate > today;
  // The site's holidays are read only when the form that offers them is shown.
  useEffect(() => {
    if (!allowed || !open || holidays) return;
    void adminApi(newBookingPackagesCall, { query: { site: b.site } }).then((a) =>
      a.ok ? setHolidays(a.data.items) : setHolidays([]),
    );
  }, [allowed, open, holidays, b.site]);
  useEffect(() => {
    setDepartures(null);
    setHolidayDate('');
    if (!holiday) return;
    void adminApi(newBookingDeparturesCall, { query: { site: b.site, packageId: Number(holiday) } }).then((a) =>
      a.ok ? setDepartures(a.data.departures) : setError(a.message),
    );
  }, [holiday, b.site]);
  if (!can(me.role, 'bookings.amend')) return null;
  const m = (n: number) => formatMinor(n, b.Currency);

  const changed = () => setPreview(null);
  /** What the form asks: only what differs from the booking now. */
  const request = (): Omit<AmendRequest, 'confirm'> => {
    const out: Omit<AmendRequest, 'confirm'> = {};
    if (date) out.travelDate = date;
    if (one) {
      if (Number(adults) !== one.adults) out.adults = Number(adults);
      if (Number(children) !== one.children) out.children = Number(children);
      if (Number(rooms) !== one.rooms) out.rooms = Number(rooms);
      if (holiday) {
        out.packageId = Number(holiday);
        if (holidayDate) out.travelDate = holidayDate;
      }
    } else {
      const lines: AmendLine[] = [];
      for (const l of b.lines) {
        const p = parties.find((x) => x.position === l.position)!;
        const c: AmendLine = { position: l.position };
        if (Number(p.adults) !== l.adults) c.adults = Number(p.adults);
        if (Number(p.children) !== l.children) c.children = Number(p.children);
        if (Number(p.rooms) !== l.rooms) c.rooms = Number(p.rooms);
        if (holiday && holidayLine === l.position) {
          c.packageId = Number(holiday);
          if (holidayDate) c.travelDate = holidayDate;
        }
        if (Object.keys(c).length > 1) lines.push(c);
      }
      if (lines.length) out.lines = lines;
    }
    if (leaving.length) out.remove = leaving;
    if (joining.length) out.add = joining;
    return out;
  };
  const ask = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    setMessage('');
    setPreview(null);
    const body = request();
    if (!Object.keys(body).length)
      return setError('Choose a new travel date or another holiday, or change the party or the rooms.');
    setBusy(true);
    const answer = await adminApi(amendBookingCall, { params: { ref: b.RefIdKey }, body: { ...body, confirm: false } });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setAsked(body);
    setPreview(answer.data);
  };
  const confirm = async () => {
    if (!preview) return;
    setBusy(true);
    setError('');
    const answer = await adminApi(amendBookingCall, {
      params: { ref: b.RefIdKey },
      body: { ...asked, confirm: true },
      headers: { 'idempotency-key': key },
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setMessage(answer.message);
    setPreview(null);
    setDate('');
    setHoliday('');
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

  // Who leaves and who joins: the same fields for a booking of one holiday or of several.
  const whoTravels = (
    <>
      {b.travellers
        .filter((t) => !t.lead)
        .map((t) => (
          <label key={t.id} className="admin-check">
            <input
              type="checkbox"
              checked={leaving.includes(t.id)}
              onChange={(e) => (
                setLeaving(e.target.checked ? [...leaving, t.id] : leaving.filter((x) => x !== t.id)),
                changed()
              )}
            />
            {t.firstName} {t.lastName} no longer travels
          </label>
        ))}
      {joining.map((t, i) => (
        <div key={i} role="group" aria-label={`Traveller joining ${i + 1}`}>
          <label>
            First name
            <input
              required
              maxLength={60}
              value={t.firstName}
              onChange={(e) => (
                setJoining(joining.map((x, j) => (j === i ? { ...x, firstName: e.target.value } : x))),
                changed()
              )}
            />
          </label>
          <label>
            Last name
            <input
              required
              maxLength={60}
              value={t.lastName}
              onChange={(e) => (
                setJoining(joining.map((x, j) => (j === i ? { ...x, lastName: e.target.value } : x))),
                changed()
              )}
            />
          </label>
          <label>
            Adult or child
            <select
              value={t.ageBand}
              onChange={(e) => (
                setJoining(
                  joining.map((x, j) => (j === i ? { ...x, ageBand: e.target.value as 'adult' | 'child' } : x)),
                ),
                changed()
              )}
            >
              <option value="adult">Adult</option>
              <option value="child">Child</option>
            </select>
          </label>
          <button type="button" onClick={() => (setJoining(joining.filter((_, j) => j !== i)), changed())}>
            Remove this traveller
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => (setJoining([...joining, { firstName: '', lastName: '', ageBand: 'adult' }]), changed())}
      >
        Add a traveller
      </button>
    </>
  );

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
            {allowed ? (
              <fieldset>
                <legend>Holiday</legend>
                {one ? null : (
                  <label>
                    Which holiday changes
                    <select value={holidayLine} onChange={(e) => (setHolidayLine(Number(e.target.value)), changed())}>
                      {b.lines.map((l) => (
                        <option key={l.position} value={l.position}>
                          {l.title} ({formatDay(l.travelDate)})
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                <label>
                  New holiday (same site)
                  <select
                    name="packageId"
                    style={{ width: '100%', maxWidth: '100%', minWidth: 0 }}
                    value={holiday}
                    onChange={(e) => (setHoliday(e.target.value), changed())}
                  >
                    <option value="">{holidays ? 'Keep the holiday' : 'Loading holidays…'}</option>
                    {holidays
                      ?.filter((h) => h.id !== b.lines.find((l) => l.position === holidayLine)?.packageId)
                      .map((h) => (
                        <option key={h.id} value={h.id}>
                          {h.title} ({h.city}, {h.nights} nights)
                        </option>
                      ))}
                  </select>
                </label>
                {holiday ? (
                  departures && departures.length ? (
                    <label>
                      Its departure
                      <select
                        name="holidayDate"
                        style={{ width: '100%', maxWidth: '100%', minWidth: 0 }}
                        value={holidayDate}
                        onChange={(e) => (setHolidayDate(e.target.value), changed())}
                      >
                        <DepartureOptions departures={departures} />
                      </select>
                    </label>
                  ) : (
                    <label>
                      Its travel date (no departures scheduled: any date from tomorrow)
                      <input
                        name="holidayDate"
                        type="date"
                        min={today}
                        value={holidayDate}
                        onChange={(e) => (setHolidayDate(e.target.value), changed())}
                      />
                    </label>
                  )
                ) : null}
              </fieldset>
            ) : null}
            {one ? (
              <fieldset>
                <legend>Party and rooms</legend>
                <label>
                  Adults
                  <input
                    type="number"
                    min={1}
                    max={9}
                    value={adults}
                    onChange={(e) => (setAdults(e.target.value), changed())}
                  />
                </label>
                <label>
                  Children
                  <input
                    type="number"
                    min={0}
                    max={6}
                    value={children}
                    onChange={(e) => (setChildren(e.target.value), changed())}
                  />
                </label>
                <label>
                  Rooms
                  <input
                    type="number"
                    min={1}
                    max={5}
                    value={rooms}
                    onChange={(e) => (setRooms(e.target.value), changed())}
                  />
                </label>
                {whoTravels}
              </fieldset>
            ) : (
              <fieldset>
                <legend>Party and rooms, per holiday</legend>
                {b.lines.map((l) => {
                  const p = parties.find((x) => x.position === l.position)!;
                  const set = (k: 'adults' | 'children' | 'rooms', v: string) => (
                    setParties(parties.map((x) => (x.position === l.position ? { ...x, [k]: v } : x))),
                    changed()
                  );
                  return (
                    <div key={l.position} role="group" aria-label={`Party and rooms: ${l.title}`}>
                      <strong>{l.title}</strong>
                      <label>
                        Adults
                        <input
                          type="number"
                          min={1}
                          max={9}
                          value={p.adults}
                          onChange={(e) => set('adults', e.target.value)}
                        />
                      </label>
                      <label>
                        Children
                        <input
                          type="number"
                          min={0}
                          max={6}
                          value={p.children}
                          onChange={(e) => set('children', e.target.value)}
                        />
                      </label>
                      <label>
                        Rooms
                        <input
                          type="number"
                          min={1}
                          max={5}
                          value={p.rooms}
                          onChange={(e) => set('rooms', e.target.value)}
                        />
                      </label>
                    </div>
                  );
                })}
                <p>Who travels (the largest party across the holidays):</p>
                {whoTravels}
              </fieldset>
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
                {preview.after.lines.some((l, i) => l.packageId !== preview.before.lines[i]?.packageId) ? (
                  <>
                    <dt>Holiday</dt>
                    <dd data-testid="amend-holiday">
                      {preview.after.lines
                        .filter((l, i) => l.packageId !== preview.before.lines[i]?.packageId)
                        .map(
                          (l) =>
                            `${preview.before.lines.find((x) => x.position === l.position)?.title ?? ''} → ${l.title}`,
                        )
                        .join('; ')}
                    </dd>
                  </>
                ) : null}
                <dt>Party</dt>
                <dd>{preview.after.travellers.join(', ')}</dd>
                <dt>Total</dt>
                <dd>
                  {m(preview.before.total)} → {m(preview.after.total)}
                </dd>
                <dt>Difference</dt>
                <dd data-testid="amend-difference">
                  {preview.difference > 0 ? `+${m(preview.difference)}` : m(preview.difference)}
                </dd>
              </dl>
              {preview.coupon ? (
                <p className={preview.coupon.kept ? undefined : 'admin-error'}>{preview.coupon.note}</p>
              ) : null}
              <p>{settlement(preview)} The traveller is mailed the changed trip and new vouchers.</p>
              <button type="button" disabled={busy} onClick={() => void confirm()}>
                Confirm the change
              </button>
            </div>
          ) : null}
        </>
      ) : (
        <p>
          {b.Status === 'cancelled'
            ? 'This booking is cancelled: it cannot be amended.'
            : b.Status !== 'confirmed'
              ? 'The booking can be amended once its payment has come.'
              : 'This trip has started: it can no longer be amended.'}
        </p>
      )}
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{message}</p>
    </section>
  );
}
