import { Link } from 'react-router-dom';
import type { BookingSummary } from '../../../contract/booking.ts';
import { formatDay, formatMinor, formatTravelDate } from '../../../contract/format.ts';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { messageOf } from '../account/form-bits.tsx';
import { useSession } from '../account/use-session.ts';
import { BookingStatusBadges } from './booking-status.tsx';
import { useBookings } from './use-bookings.ts';
import './trips.css';

/** A booking's own page, on the site it was made on. */
export const tripPath = (b: Pick<BookingSummary, 'RefIdKey' | 'site'>) => `${b.site === 'IN' ? '/in' : ''}/trips/${b.RefIdKey}`;

function TripList({ userId }: { userId: string }) {
  const { href } = useSite();
  const list = useBookings(userId);
  if (list.error && !list.data) {
    return (
      <p className="notice notice-error" role="alert">
        {messageOf(list.error)}
      </p>
    );
  }
  if (!list.data) return <p aria-busy="true">Loading your trips…</p>;
  if (list.data.length === 0) {
    return (
      <div className="empty-state">
        <p>No trips yet. Your bookings will be here, with their vouchers and invoices.</p>
        <Link className="button button-primary" to={href('/holidays')}>
          Find a holiday
        </Link>
      </div>
    );
  }
  return (
    <ul className="trip-list">
      {list.data.map((b) => (
        <li key={b.BookingId} className="card trip-card">
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
        </li>
      ))}
    </ul>
  );
}

/** My trips: every booking of the signed-in traveller, newest first. */
export default function TripsPage() {
  const session = useSession({ required: true });
  return (
    <section className="section trips-page">
      <Seo title="My trips" description="Your bookings, vouchers and invoices." noindex />
      <h1>My trips</h1>
      {session.status === 'authenticated' && session.data ? <TripList userId={session.data.user.id} /> : <p aria-busy="true">Loading…</p>}
    </section>
  );
}
