import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { bookingDetailById, verifyStripePayment } from '../../../contract/booking-calls.ts';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { messageOf } from '../account/form-bits.tsx';
import { useSession } from '../account/use-session.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Back from Stripe's page: we ask our server to ask Stripe whether the session is paid (a few
 * times: Stripe may take a moment), then show the booking.
 */
function Confirming({ reference, sessionId }: { reference: string; sessionId: string }) {
  const { href, site } = useSite();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    void (async () => {
      try {
        const b = await callApi(bookingDetailById, { RefIdKey: reference }, { auth: true });
        let paidLater = false;
        for (let attempt = 0; ; attempt += 1) {
          try {
            paidLater =
              (
                await callApi(
                  verifyStripePayment,
                  { BookingId: b.BookingId, sessionId },
                  { auth: true, headers: { Country: site } },
                )
              ).PaymentMethod === 'pay-later';
            break;
          } catch (err) {
            // A payment kept with its refund due (the booking was cancelled meanwhile) is the answer, not a delay.
            const refund = err instanceof ApiError && (err.data as { refund?: string } | null)?.refund === 'due';
            if (!(err instanceof ApiError && err.httpStatus === 409 && attempt < 4) || refund || stopped) throw err;
            await wait(1500 * (attempt + 1));
          }
        }
        if (!stopped) navigate(href(`/trips/${reference}?booked=1${paidLater ? '&paid=1' : ''}`), { replace: true });
      } catch (err) {
        if (!stopped) setError(messageOf(err));
      }
    })();
    return () => {
      stopped = true;
    };
  }, [reference, sessionId, site, href, navigate]);
  return error ? (
    <div className="notice notice-error" role="alert">
      <p>{error}</p>
      <Link to={href(`/trips/${reference}`)}>See your booking</Link>
    </div>
  ) : (
    <p aria-busy="true">Confirming your payment with Stripe…</p>
  );
}

export default function PaymentReturnPage() {
  const [params] = useSearchParams();
  const session = useSession({ required: true });
  const reference = params.get('ref') ?? '';
  const sessionId = params.get('session_id') ?? '';
  return (
    <section className="section checkout-page">
      <Seo title="Confirming your payment" description="Confirming your payment." noindex />
      <h1>Your payment</h1>
      {!reference || !sessionId ? (
        <p className="notice notice-error" role="alert">
          This address is missing the booking or the payment. Open your booking from My trips.
        </p>
      ) : session.status === 'authenticated' ? (
        <Confirming reference={reference} sessionId={sessionId} />
      ) : (
        <p aria-busy="true">Loading…</p>
      )}
    </section>
  );
}
