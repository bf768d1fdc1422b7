import { useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { NextStep } from '../../../contract/booking.ts';
import type { PayLinkView } from '../../../contract/desk-new-booking.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { useSite } from '../../app/site-context.tsx';
import { FormMessages } from '../../components/form-messages.tsx';
import { Seo } from '../../components/seo.tsx';
import { openPayment, type RazorpayHandlerAnswer } from './open-payment.ts';
import '../account/account.css';
import './checkout.css';

/*
 * A payment link the desk sent (docs/decisions/0095): opened on the traveller's phone without
 * signing in, it shows the booking and what is due, and pays it through the site's gateway
 * (Stripe's page, which comes back here with its session, or Razorpay's checkout).
 */

class LinkError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

async function linkCall<T>(path: string, body?: object): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/payments/links/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      credentials: 'omit',
    });
  } catch {
    throw new LinkError('You appear to be offline. Check your connection and open the link again.', 0);
  }
  const envelope = (await res.json().catch(() => ({}))) as { status?: string; message?: string; data?: T };
  if (!res.ok || envelope.status === 'error')
    throw new LinkError(
      envelope.message || `We could not read this link (${res.status}). Please try again.`,
      res.status,
    );
  return envelope.data as T;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default function PayLinkPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { site } = useSite();
  const [view, setView] = useState<PayLinkView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(Boolean(sessionId));
  const path = encodeURIComponent(token);

  const load = useCallback(async () => {
    try {
      setView(await linkCall<PayLinkView>(path));
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [path]);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      // Back from Stripe's page: our server asks Stripe whether the session is paid (a few times: it may take a
      // moment).
      if (sessionId) {
        for (let attempt = 0; attempt < 5 && !stopped; attempt += 1) {
          try {
            await linkCall(`${path}/stripe`, { sessionId });
            break;
          } catch (err) {
            if (!(err instanceof LinkError && err.httpStatus === 409 && attempt < 4)) {
              if (!stopped) setError((err as Error).message);
              break;
            }
            await wait(1500 * (attempt + 1));
          }
        }
        if (!stopped) setConfirming(false);
      }
      if (!stopped) await load();
    })();
    return () => {
      stopped = true;
    };
  }, [path, sessionId, load]);

  async function pay() {
    if (!view) return;
    setBusy(true);
    setError(null);
    try {
      const { Next } = await linkCall<{ Next: NextStep }>(`${path}/start`, {});
      const outcome = await openPayment(Next, 0, view.site, (answer: RazorpayHandlerAnswer) =>
        linkCall(`${path}/razorpay`, answer),
      );
      if (outcome === 'paid') await load();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const gateway = (view?.gateway ?? (site === 'IN' ? 'razorpay' : 'stripe')) === 'razorpay' ? 'Razorpay’s' : 'Stripe’s';
  return (
    <section className="section checkout-page">
      <Seo title="Pay for your booking" description="Pay for your booking with the link we sent you." noindex />
      <h1>{view?.state === 'paid' ? 'Payment received' : 'Pay for your booking'}</h1>
      {confirming ? <p aria-busy="true">Confirming your payment with Stripe…</p> : null}
      {!view && !error && !confirming ? <p aria-busy="true">Loading your booking…</p> : null}
      <FormMessages error={error} />
      {view ? (
        <>
          <dl className="price-summary">
            <div>
              <dt>Booking</dt>
              <dd>{view.RefIdKey}</dd>
            </div>
            <div>
              <dt>Holiday</dt>
              <dd>
                {view.title}
                {view.travelDate ? `, from ${formatDay(view.travelDate)}` : ''}
              </dd>
            </div>
            <div>
              <dt>{view.state === 'paid' ? 'Paid' : 'Amount due'}</dt>
              <dd>
                <strong>{formatMinor(view.state === 'paid' ? view.total : view.amountDue, view.currency)}</strong>
              </dd>
            </div>
          </dl>
          {view.state === 'paid' ? (
            <p className="notice notice-success" role="status">
              Thank you: booking {view.RefIdKey} is paid. Your vouchers and tax invoice are on their way to your mail.
            </p>
          ) : (
            <>
              <button
                type="button"
                className="button button-primary acc-wide"
                disabled={busy}
                onClick={() => void pay()}
              >
                {busy ? 'Opening the payment…' : `Pay ${formatMinor(view.amountDue, view.currency)} now`}
              </button>
              <p className="acc-hint">
                This link works until{' '}
                {new Date(view.expiresAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}. Your
                card is typed on {gateway} page, never ours.
              </p>
            </>
          )}
        </>
      ) : null}
    </section>
  );
}
