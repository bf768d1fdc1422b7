import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { BookingSummary } from '../../../contract/booking.ts';
import { formatDay, formatMinor, formatTravelDate } from '../../../contract/format.ts';
import { Seo } from '../../components/seo.tsx';
import { useSite } from '../../app/site-context.tsx';
import { messageOf } from '../account/form-bits.tsx';
import { SignedIn } from '../account/signed-in.tsx';
import { BookingStatusBadges } from './booking-status.tsx';
import { SavedCopy } from './saved-copy.tsx';
import { useBookings } from './use-bookings.ts';
import { syncSavedTrips, useSavedTrips } from './use-saved-trips.ts';
import type { WalletEntry } from './wallet.ts';
import { persistState } from './wallet-state.ts';
import './trips.css';

/** A booking's own pages, on the site it was made on. */
export const tripPath = (b: Pick<BookingSummary, 'RefIdKey' | 'site'>, page = '') => `${b.site === 'IN' ? '/in' : ''}/trips/${b.RefIdKey}${page}`;

function TripCard({ b, entry }: { b: BookingSummary; entry: WalletEntry | undefined }) {
  return (
    <li className="card trip-card">
      <Link to={tripPath(b)} className="trip-card-link">
        <span className="trip-ref">{b.RefIdKey}</span>
        <strong>
          {b.title}
          {b.moreLines ? ` and ${b.moreLines} more` : ''}
        </strong>
        <span>
          {b.firstTravelDate ? `From ${formatTravelDate(b.firstTravelDate)}` : null} · {b.travellerCount} {b.travellerCount === 1 ? 'traveller' : 'travellers'} · {formatMinor(b.Total, b.Currency)}
        </span>
        <BookingStatusBadges status={b.Status} payment={b.PaymentStatus} />
        <small>Booked {formatDay(b.createdAt)}</small>
      </Link>
      {b.Status === 'confirmed' ? (
        <p className="trip-docs">
          {b.PaymentStatus === 'paid' ? <Link to={tripPath(b, '/voucher')}>Voucher</Link> : <small>Vouchers come when the balance is paid.</small>}
          <Link to={tripPath(b, '/invoice')}>{b.PaymentStatus === 'paid' ? 'Invoice' : 'Proforma invoice'}</Link>
        </p>
      ) : null}
      {entry ? <SavedCopy entry={entry} /> : null}
    </li>
  );
}

const PERSIST_TEXT = {
  granted: 'Your trips are saved on this phone for offline use, and your browser has agreed to keep them.',
  denied: 'Your trips are saved on this phone for offline use, but your browser may clear them if it runs short of space.',
  unsupported: 'Your trips are saved on this phone for offline use; this browser does not say whether it will keep them.',
} as const;

function TripList({ userId }: { userId: string }) {
  const { href } = useSite();
  const list = useBookings(userId);
  const saved = useSavedTrips(userId);
  // Every booking the server lists is kept on the phone, and kept up to date.
  useEffect(() => {
    if (list.data) void syncSavedTrips(userId, list.data).catch(() => undefined);
  }, [list.data, userId]);
  const kept = new Map((saved ?? []).map((e) => [e.ref, e]));
  // The server's list when it has answered; until then, or offline, the copies on this phone.
  const rows = list.data ?? (saved ?? []).map((e) => e.detail);
  const fromPhone = !list.data && rows.length > 0;
  if (rows.length === 0) {
    if (list.error) {
      return (
        <p className="notice notice-error" role="alert">
          {messageOf(list.error)}
        </p>
      );
    }
    if (!list.data) return <p aria-busy="true">Loading your trips…</p>;
    return (
      <div className="empty-state">
        <p>No trips yet. Your bookings will be here, with their vouchers and invoices, ready for offline use.</p>
        <Link className="button button-primary" to={href('/holidays')}>
          Find a holiday
        </Link>
      </div>
    );
  }
  const persisted = persistState();
  return (
    <>
      {fromPhone ? (
        <p className="notice offline-banner" role="status">
          {list.error ? 'You are offline: these are the trips saved on this phone.' : 'Showing the trips saved on this phone…'}
        </p>
      ) : null}
      {persisted && kept.size ? <p className="acc-hint">{PERSIST_TEXT[persisted]}</p> : null}
      <ul className="trip-list">
        {rows.map((b) => (
          <TripCard key={b.RefIdKey} b={b} entry={kept.get(b.RefIdKey)} />
        ))}
      </ul>
    </>
  );
}

/** My trips: every booking, newest first, kept on the phone for the airport. */
export default function TripsPage() {
  return (
    <section className="section trips-page">
      <Seo title="My trips" description="Your bookings, vouchers and invoices." noindex />
      <h1>My trips</h1>
      <SignedIn>{(userId) => <TripList userId={userId} />}</SignedIn>
    </section>
  );
}
