import { useState, type FormEvent } from 'react';
import { TITLES } from '../../../contract/account.ts';
import { correctTravellerCall, resendMailCall } from '../../../contract/admin-desk-calls.ts';
import type { ResendWhat } from '../../../contract/desk.ts';
import { can } from '../../../contract/staff.ts';
import { siteDay } from '../../../contract/calendar.ts';
import { adminApi } from '../admin-api.ts';
import { AmendPanel } from './amend-panel.tsx';
import type { DeskPanelProps } from './desk-panel.ts';

const RESEND = [
  { what: 'confirmation', label: 'Resend confirmation' },
  { what: 'invoice', label: 'Resend invoice' },
  { what: 'vouchers', label: 'Resend vouchers' },
] as const;

type Traveller = DeskPanelProps['booking']['travellers'][number];

function NameForm({
  refIdKey,
  t,
  onDone,
}: {
  refIdKey: string;
  t: Traveller;
  onDone: (ok: boolean, message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const id = `name-${t.id}`;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    const answer = await adminApi(correctTravellerCall, {
      params: { ref: refIdKey, travellerId: t.id },
      body: {
        ...(t.title ? { title: form.get('title') as (typeof TITLES)[number] } : {}),
        firstName: String(form.get('firstName') ?? ''),
        lastName: String(form.get('lastName') ?? ''),
        reason: String(form.get('reason') ?? ''),
      },
    });
    setBusy(false);
    onDone(answer.ok, answer.message);
  };
  const who = [t.title, t.firstName, t.lastName].filter(Boolean).join(' ');
  return (
    <form
      className="admin-form admin-inline"
      onSubmit={(e) => void submit(e)}
      aria-label={`Correct the name of ${who}`}
    >
      {t.title ? (
        <label>
          Title
          <select name="title" defaultValue={t.title}>
            {TITLES.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        First name
        <input name="firstName" id={`${id}-first`} defaultValue={t.firstName} required maxLength={60} />
      </label>
      <label>
        Last name
        <input name="lastName" id={`${id}-last`} defaultValue={t.lastName} required maxLength={60} />
      </label>
      <label>
        Reason
        <input name="reason" required maxLength={500} />
      </label>
      <button type="submit" disabled={busy}>
        Correct name of {who}
      </button>
    </form>
  );
}

/**
 * Amend the booking (bookings.amend); resend the confirmation, invoice and vouchers; correct a traveller's name
 * (mail.resend, travellers.edit).
 */
export function BookingActionsPanel({ booking: b, me, onChanged }: DeskPanelProps) {
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const resend = can(me.role, 'mail.resend');
  const edit = can(me.role, 'travellers.edit');
  const amend = <AmendPanel booking={b} me={me} onChanged={onChanged} />;
  if (!resend && !edit) return amend;
  const live = b.Status === 'confirmed';
  // Vouchers once paid in full, or kept from the older pay-later rules: the desk detail links them then (decision
  // 0093).
  const withVouchers = b.links.vouchers !== null;
  const ahead = b.Status !== 'cancelled' && b.firstTravelDate > siteDay(Date.now(), b.site);

  const done = (ok: boolean, text: string) => {
    setError(ok ? '' : text);
    setMessage(ok ? text : '');
    if (ok) onChanged();
  };
  const send = async (what: ResendWhat) => {
    setBusy(true);
    const answer = await adminApi(resendMailCall, { params: { ref: b.RefIdKey }, body: { what } });
    setBusy(false);
    done(answer.ok, answer.message);
  };

  return (
    <>
      {amend}
      <section className="admin-panel" aria-labelledby="booking-actions-heading">
        <h2 id="booking-actions-heading">Mail and corrections</h2>
        {resend ? (
          live ? (
            <p className="admin-actions">
              {RESEND.map((r) =>
                r.what === 'vouchers' && !withVouchers ? null : (
                  <button key={r.what} type="button" disabled={busy} onClick={() => void send(r.what)}>
                    {r.label}
                  </button>
                ),
              )}
              {!withVouchers ? <small> Vouchers can be sent once the booking is paid in full.</small> : null}
            </p>
          ) : (
            <p>
              {b.Status === 'cancelled'
                ? 'This booking is cancelled: there is nothing to resend.'
                : 'Nothing to resend until the booking is paid.'}
            </p>
          )
        ) : null}
        {edit ? (
          ahead ? (
            <>
              <h3>Correct a traveller’s name</h3>
              <p>
                Before travel only. The vouchers carry the corrected name; a tax invoice already issued keeps the name
                it was issued with.
              </p>
              {b.travellers.map((t) => (
                <NameForm
                  key={`${t.id}-${t.firstName}-${t.lastName}-${t.title ?? ''}`}
                  refIdKey={b.RefIdKey}
                  t={t}
                  onDone={done}
                />
              ))}
            </>
          ) : (
            <p>
              {b.Status === 'cancelled'
                ? 'Names of a cancelled booking cannot be changed.'
                : 'Names can only be corrected before travel.'}
            </p>
          )
        ) : null}
        <p role="alert" className="admin-error">
          {error}
        </p>
        <p role="status">{message}</p>
      </section>
    </>
  );
}
