import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { BookingDetail } from '../../../contract/booking.ts';
import { formatMinor, formatSiteDay } from '../../../contract/format.ts';
import { shopDb } from '../../lib/db.ts';
import { readIdentity } from '../../lib/identity.ts';
import { discardCancellation, queueCancellation, queuedCancellation } from '../../lib/sync/cancellation-queue.ts';
import { Field } from '../account/form-bits.tsx';
import { useOnline } from '../cart/use-online.ts';
import { registerBackgroundSync, requestSync } from '../cart/sync-runner.ts';

/**
 * A booking's cancellation in Trips (issue 20): "Request cancellation" opens the policy, what
 * cancelling today refunds, a reason and Send. The request goes through the app's outbox (the
 * cart's sync engine): offline it waits there and is sent once when the phone is back online; its
 * ClientKey, made here, makes any resend the same request. Then the trip shows it requested, and
 * later the outcome. `onSent` reloads the booking from the server.
 */
export function CancellationRequest({ b, onSent }: { b: BookingDetail; onSent: () => void }) {
  const c = b.cancellation;
  const online = useOnline();
  const queued = useLiveQuery(() => queuedCancellation(shopDb(), b.RefIdKey), [b.RefIdKey]);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const regionId = useId();
  const reasonId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The request left the device (sent, the server's answer kept): read the booking again.
  const wasQueued = useRef(false);
  useEffect(() => {
    if (queued) wasQueued.current = true;
    else if (queued === null && wasQueued.current) {
      wasQueued.current = false;
      onSent();
    }
  }, [queued, onSent]);
  // Waiting for the network: send as soon as it is back (the engine also retries on a timer).
  useEffect(() => {
    if (queued?.state !== 'pending' || !online) return;
    void requestSync();
  }, [queued?.state, online]);
  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [open]);

  if (!c) return null;
  const money = (n: number) => formatMinor(n, b.Currency);
  const request = c.request;

  // The outcome, once staff decided; or the request, while it waits here or with staff.
  let state: ReactNode = null;
  if (b.Status === 'cancelled' && request?.status === 'approved') {
    state = (
      <div className="notice notice-ok" role="status">
        <p>
          <strong>Cancellation approved.</strong> This booking is cancelled
          {request.decidedAt ? ` (${formatSiteDay(request.decidedAt, b.site)})` : ''}.
        </p>
        <p>
          {c.refunded > 0
            ? `Refund: ${money(c.refunded)}, to the way you paid.`
            : c.paid > 0
              ? 'Your refund, as the policy allows, follows: we will email you when it is made.'
              : 'Nothing was paid, so there is nothing to refund.'}
        </p>
      </div>
    );
  } else if (queued?.state === 'failed') {
    state = (
      <div className="notice notice-error" role="alert">
        <p>Your cancellation request was not accepted: {queued.error}</p>
        <button type="button" className="button" onClick={() => void discardCancellation(shopDb(), b.RefIdKey)}>
          Dismiss
        </button>
      </div>
    );
  } else if (queued) {
    state = (
      <p className="notice trip-cancel-state" role="status">
        <strong>Cancellation requested.</strong>{' '}
        {online
          ? 'Sending it now…'
          : 'You are offline: it is saved on this phone and will be sent when you are back online.'}
      </p>
    );
  } else if (request?.status === 'pending') {
    state = (
      <p className="notice trip-cancel-state" role="status">
        <strong>Cancellation requested</strong> on {formatSiteDay(request.createdAt, b.site)}. We will reply by email,
        usually within one working day; your booking stays as it is meanwhile.
      </p>
    );
  } else if (request?.status === 'declined') {
    state = (
      <div className="notice notice-error trip-cancel-state" role="status">
        <p>
          <strong>Your cancellation request was declined</strong>
          {request.decidedAt ? ` on ${formatSiteDay(request.decidedAt, b.site)}` : ''}:
        </p>
        <p>{request.decisionMessage}</p>
      </div>
    );
  }

  // Hidden for a cancelled or travelled booking, and while a request waits.
  const canAsk = c.canRequest && !queued;
  if (!state && !canAsk) return null;

  const send = async () => {
    setError(null);
    const identity = readIdentity();
    if (identity.kind !== 'user') {
      setError('Please log in again to send the request.');
      return;
    }
    if (reason.trim().length < 3) {
      setError('Tell us why you want to cancel.');
      return;
    }
    setBusy(true);
    try {
      await queueCancellation(shopDb(), {
        refIdKey: b.RefIdKey,
        reason: reason.trim(),
        token: identity.token,
        userId: identity.userId,
        site: b.site,
      });
      setOpen(false);
      setReason('');
      void requestSync();
      void registerBackgroundSync();
    } catch {
      setError('The request could not be saved on this phone. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="trip-section trip-cancel" aria-labelledby={`${regionId}-h`}>
      <h2 id={`${regionId}-h`}>Cancellation</h2>
      {state}
      {canAsk ? (
        <>
          <button
            type="button"
            className="button"
            aria-expanded={open}
            aria-controls={regionId}
            onClick={() => setOpen(!open)}
          >
            Request cancellation
          </button>
          <div id={regionId} hidden={!open}>
            {open ? (
              <>
                <h3 ref={headingRef} tabIndex={-1}>
                  Request cancellation
                </h3>
                <p>The cancellation policy of this holiday, counted from your first travel date:</p>
                <ul>
                  {c.policyLines.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
                <p data-testid="cancel-refund-today">
                  {c.paid > 0
                    ? `Cancelled today (${c.daysBefore} days before travel), ${c.keepPercent}% of the total is kept: you would get back ${money(c.refund)} of the ${money(c.paid)} paid.`
                    : `Nothing has been paid yet, so nothing is refunded: the booking is simply released (${c.daysBefore} days before travel).`}
                </p>
                <Field id={reasonId} label="Why do you want to cancel?">
                  <textarea
                    id={reasonId}
                    value={reason}
                    maxLength={1000}
                    rows={3}
                    required
                    onChange={(e) => setReason(e.target.value)}
                  />
                </Field>
                {error ? (
                  <p className="notice notice-error" role="alert">
                    {error}
                  </p>
                ) : null}
                <p className="acc-hint">
                  {online
                    ? 'Staff reply by email, usually within one working day.'
                    : 'You are offline: the request is kept on this phone and sent when you are back online.'}
                </p>
                <button type="button" className="button button-primary" disabled={busy} onClick={() => void send()}>
                  Send
                </button>
              </>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
