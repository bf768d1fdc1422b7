import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { startBookingPayment } from '../../../contract/booking-calls.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { useSite } from '../../app/site-context.tsx';
import { FormMessages } from '../../components/form-messages.tsx';
import { Seo } from '../../components/seo.tsx';
import { callApi } from '../../lib/api-client.ts';
import { messageOf } from '../account/form-bits.tsx';
import { SignedIn } from '../account/signed-in.tsx';
import { useBooking } from '../trips/use-bookings.ts';
import { depositButtonText } from './deposit-words.ts';
import { openPayment } from './open-payment.ts';
import '../account/account.css';
import './checkout.css';

/** Paying a booking that is waiting for its gateway payment: the same order or session again. */
function Pay({ userId, reference }: { userId: string; reference: string }) {
  const { href, site } = useSite();
  const navigate = useNavigate();
  const booking = useBooking(userId, reference);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const b = booking.data;
  if (booking.error && !b)
    return (
      <p className="notice notice-error" role="alert">
        {messageOf(booking.error)}
      </p>
    );
  if (!b) return <p aria-busy="true">Loading your booking…</p>;
  // A gateway booking waiting for its payment, or a pay-later balance paid online before its due date.
  if (b.Status !== 'awaiting-payment' && !b.payOnline) {
    return (
      <p className="notice">
        Nothing to pay here: <Link to={href(`/trips/${reference}`)}>see booking {reference}</Link>.
      </p>
    );
  }
  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const { Next } = await callApi(
        startBookingPayment,
        { BookingId: b!.BookingId },
        { auth: true, headers: { Country: site } },
      );
      const outcome = await openPayment(Next, b!.BookingId, site);
      // The booking as it now is (paid), not the copy this page loaded.
      if (outcome === 'paid') await booking.mutate();
      if (outcome === 'paid')
        navigate(href(`/trips/${reference}?booked=1${b!.payOnline ? '&paid=1' : ''}`), { replace: true });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <p>
        Booking <strong>{b.RefIdKey}</strong>: {b.title}
        {b.moreLines ? ` and ${b.moreLines} more` : ''}.
      </p>
      <FormMessages error={error} />
      <button type="button" className="button button-primary acc-wide" disabled={busy} onClick={() => void pay()}>
        {busy
          ? 'Opening the payment…'
          : // A deposit booking pays its deposit first, then the balance (docs/decisions/0108).
            (depositButtonText(b) ??
            (b.payOnline && b.amountPaid > 0
              ? `Pay balance: ${formatMinor(b.amountDue, b.Currency)}`
              : `Pay ${formatMinor(b.amountDue, b.Currency)}${b.payOnline ? ' now' : ''}`))}
      </button>
      {b.payOnline && b.paymentDueOn ? (
        <p className="acc-hint">
          Due by {formatDay(b.paymentDueOn)}. The card is typed on {site === 'IN' ? 'Razorpay’s' : 'Stripe’s'} page,
          never ours.
        </p>
      ) : null}
    </>
  );
}

export default function PayBookingPage() {
  const { ref = '' } = useParams();
  return (
    <section className="section checkout-page">
      <Seo title="Pay for your booking" description="Pay for your booking." noindex />
      <h1>Complete your payment</h1>
      <SignedIn>{(userId) => <Pay userId={userId} reference={ref} />}</SignedIn>
    </section>
  );
}
