import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { BookingDetail } from '../../../contract/booking.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { messageOf } from '../account/form-bits.tsx';
import { SignedIn } from '../account/signed-in.tsx';
import { depositButtonText, depositReceivedText } from '../checkout/deposit-words.ts';
import { PriceSummary } from '../checkout/price-summary.tsx';
import { BookingDocuments } from './booking-documents.tsx';
import { BookingStatusBadges } from './booking-status.tsx';
import { CancellationRequest } from './cancellation-request.tsx';
import { CreditNoteSection } from './credit-note-section.tsx';
import { InstallOffer } from './install-offer.tsx';
import { MoneyDocumentsSection } from './money-documents-section.tsx';
import { SavedCopy } from './saved-copy.tsx';
import { useBooking } from './use-bookings.ts';
import { hasVouchers } from './has-vouchers.ts';
import { saveTrip } from './wallet.ts';
import { walletEntry } from './wallet-schema.ts';
import './trips.css';

const BANDS = { adult: 'Adult', child: 'Child', infant: 'Infant' } as const;

/** Pay later: no supplier vouchers before the balance is received in full. */
const VOUCHERS_LATER = 'Your vouchers come when the balance is paid.';

function PayLater({ b }: { b: BookingDetail }) {
  if (!b.payTo || b.amountDue <= 0) return null;
  const bank = b.payTo.bank;
  return (
    <section className="trip-section" aria-labelledby="pay-later-heading">
      <h2 id="pay-later-heading">How to pay</h2>
      <p>
        Pay <strong>{formatMinor(b.amountDue, b.Currency)}</strong> by{' '}
        <strong>{b.paymentDueOn ? formatDay(b.paymentDueOn) : 'the due date'}</strong> by bank transfer:
      </p>
      <dl className="bank-details">
        <dt>Account name</dt>
        <dd>{bank.accountName}</dd>
        <dt>Bank</dt>
        <dd>{bank.bankName}</dd>
        <dt>Account number</dt>
        <dd>{bank.accountNumber}</dd>
        <dt>{bank.codeLabel}</dt>
        <dd>{bank.code}</dd>
        <dt>Reference</dt>
        <dd>{b.RefIdKey}</dd>
      </dl>
      <p className="acc-hint">
        Or call us on <a href={`tel:${b.payTo.phone.replace(/\s/g, '')}`}>{b.payTo.phone}</a> to pay by card.
      </p>
    </section>
  );
}

function Trip({ userId, reference }: { userId: string; reference: string }) {
  const { href } = useSite();
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { paymentError?: string } | null };
  const booking = useBooking(userId, reference);
  const copy = useLiveQuery(() => walletEntry(reference), [reference]);
  // What the server says is kept on the phone (a confirmed booking with its documents).
  useEffect(() => {
    if (booking.data) void saveTrip(userId, booking.data).catch(() => undefined);
  }, [booking.data, userId]);
  const saved = copy && copy.userId === userId ? copy : null;
  const { mutate: reload } = booking;
  const reloadBooking = useCallback(() => void reload(), [reload]);
  const b = booking.data ?? saved?.detail;
  if (booking.error && !b) {
    return (
      <p className="notice notice-error" role="alert">
        {messageOf(booking.error)}
      </p>
    );
  }
  if (!b) return <p aria-busy="true">Loading your booking…</p>;
  const justBooked = params.get('booked') === '1';
  const awaiting = b.Status === 'awaiting-payment';
  const confirmed = b.Status === 'confirmed';
  // Back from paying a pay-later balance online.
  const paidNow = params.get('paid') === '1' && b.PaymentStatus === 'paid';
  // Back from paying a deposit (docs/decisions/0108): what was received, the balance, its due date and how to pay it.
  const depositReceived = justBooked && confirmed && Boolean(b.depositAmount) && b.amountPaid > 0 && b.amountDue > 0;
  const payBalanceOnline = b.payOnline && booking.data;
  return (
    <>
      {!booking.data && saved ? <SavedCopy entry={saved} /> : null}
      {depositReceived ? (
        <div className="notice notice-ok trip-confirmation trip-deposit-received" role="status">
          <h2>Booking confirmed</h2>
          <p>
            {depositReceivedText({
              currency: b.Currency,
              deposit: b.amountPaid,
              balance: b.amountDue,
              dueOn: b.paymentDueOn,
            })}
          </p>
          <p className="acc-hint">Thank you! We have emailed your confirmation.</p>
          {payBalanceOnline ? (
            // A document load: India's payment page carries Razorpay's policy.
            <a className="button button-primary" href={href(`/checkout/pay/${b.RefIdKey}`)}>
              Pay balance: {formatMinor(b.amountDue, b.Currency)}
            </a>
          ) : b.payTo ? (
            <a className="button" href="#pay-later-heading">
              How to pay the balance
            </a>
          ) : null}
        </div>
      ) : justBooked ? (
        <div
          className={`notice ${awaiting || b.Status === 'cancelled' ? 'notice-error' : 'notice-ok'} trip-confirmation`}
          role="status"
        >
          <h2>
            {awaiting
              ? 'Your booking is made: payment pending'
              : b.Status === 'cancelled'
                ? 'This booking is cancelled'
                : paidNow
                  ? 'Payment received'
                  : 'Booking confirmed'}
          </h2>
          <p>
            {awaiting
              ? 'Complete the payment to confirm it. Your rooms are kept meanwhile.'
              : b.Status === 'cancelled'
                ? b.PaymentStatus === 'refund-due'
                  ? 'Your payment reached us after the booking was cancelled and its rooms are no longer available: we will refund it to you.'
                  : 'It was not paid in time.'
                : paidNow
                  ? `Thank you! ${formatMinor(b.amountPaid, b.Currency)} is paid and your booking is confirmed. We have emailed your receipt.`
                  : 'Thank you! We have emailed your confirmation.'}
          </p>
        </div>
      ) : null}
      {state?.paymentError ? (
        <p className="notice notice-error" role="alert">
          The payment did not go through: {state.paymentError}
        </p>
      ) : null}
      <header className="trip-head">
        <p className="trip-ref-label">Booking reference</p>
        <p className="trip-ref-big">{b.RefIdKey}</p>
        <BookingStatusBadges status={b.Status} payment={b.PaymentStatus} />
        {confirmed ? (
          <p className="trip-docs">
            {hasVouchers(b) ? <Link to={href(`/trips/${b.RefIdKey}/voucher`)}>Voucher</Link> : null}
            <Link to={href(`/trips/${b.RefIdKey}/invoice`)}>
              {b.PaymentStatus === 'paid' ? 'Invoice' : 'Proforma invoice'}
            </Link>
          </p>
        ) : null}
        {confirmed && !hasVouchers(b) ? <p className="acc-hint trip-vouchers-later">{VOUCHERS_LATER}</p> : null}
      </header>
      {saved?.creditNote ? <CreditNoteSection entry={saved} /> : null}
      {saved?.moneyDocuments.length ? <MoneyDocumentsSection entry={saved} /> : null}
      {justBooked && confirmed ? <InstallOffer /> : null}
      {awaiting ? (
        // A document load: India's payment page carries Razorpay's policy.
        <a className="button button-primary acc-wide" href={href(`/checkout/pay/${b.RefIdKey}`)}>
          {/* A deposit booking's first payment is its deposit, or its rest after a part (docs/decisions/0108). */}
          {depositButtonText(b) ?? `Complete payment: ${formatMinor(b.amountDue, b.Currency)}`}
        </a>
      ) : payBalanceOnline && !depositReceived ? (
        // Pay later, paid online before the due date: the checkout's gateway flow on the payment page.
        <a className="button button-primary acc-wide" href={href(`/checkout/pay/${b.RefIdKey}`)}>
          {b.amountPaid > 0
            ? `Pay balance: ${formatMinor(b.amountDue, b.Currency)}`
            : `Pay ${formatMinor(b.amountDue, b.Currency)} now`}
        </a>
      ) : null}
      <PayLater b={b} />
      <section className="trip-section" aria-labelledby="trip-price-heading">
        <h2 id="trip-price-heading">Your holidays</h2>
        <PriceSummary quote={{ ...b, currency: b.Currency }} />
        {b.amountPaid ? <p>Paid: {formatMinor(b.amountPaid, b.Currency)}</p> : null}
        {b.amountPaid && b.amountDue > 0 ? <p>Balance due: {formatMinor(b.amountDue, b.Currency)}</p> : null}
      </section>
      <section className="trip-section" aria-labelledby="trip-travellers-heading">
        <h2 id="trip-travellers-heading">Travellers</h2>
        <ul className="traveller-list">
          {b.travellers.map((t, i) => (
            <li key={i}>
              {[t.title, t.firstName, t.lastName].filter(Boolean).join(' ')} · {BANDS[t.ageBand]}
              {t.lead ? ` · lead traveller${t.email ? `, ${t.email}` : ''}${t.phone ? `, ${t.phone}` : ''}` : ''}
            </li>
          ))}
        </ul>
        {b.pan ? <p>PAN: {b.pan}</p> : null}
        {b.specialRequests ? <p>Special requests: {b.specialRequests}</p> : null}
      </section>
      <section className="trip-section" aria-labelledby="trip-documents-heading">
        <h2 id="trip-documents-heading">Passports and visas</h2>
        <BookingDocuments
          bookingId={b.BookingId}
          documents={b.documents}
          disabled={b.Status === 'cancelled' || !booking.data}
          onChange={(documents) => void booking.mutate({ ...b, documents }, { revalidate: false })}
        />
      </section>
      <CancellationRequest b={b} onSent={reloadBooking} />
      <details className="trip-section">
        <summary>History</summary>
        <ul>
          {b.events.map((e, i) => (
            <li key={i}>
              {formatDay(e.at)}: {e.cause}
            </li>
          ))}
        </ul>
      </details>
      <p>
        <Link to={href('/trips')}>All my trips</Link>
      </p>
    </>
  );
}

/** One booking: reference, state, what to pay, holidays, travellers and their documents. */
export default function TripPage() {
  const { ref = '' } = useParams();
  return (
    <section className="section trip-page">
      <Seo title={`Booking ${ref}`} description="Your booking with Wanderlust Holidays." noindex />
      <h1 className="visually-hidden">Booking {ref}</h1>
      <SignedIn>{(userId) => <Trip userId={userId} reference={ref} />}</SignedIn>
    </section>
  );
}
