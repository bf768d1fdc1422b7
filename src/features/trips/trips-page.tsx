import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { BookingSummary } from '../../../contract/booking.ts';
import type { Site } from '../../../contract/site.ts';
import { formatMinor, formatSiteDay, formatTravelDate } from '../../../contract/format.ts';
import { Seo } from '../../components/seo.tsx';
import { PAGE_TRAVELLER_KEY } from '../../app/prefetch.ts';
import { matchAppRoute } from '../../app/routes.tsx';
import { useSite } from '../../app/site-context.tsx';
import { SITES } from '../../app/site.ts';
import { readIdentity } from '../../lib/identity.ts';
import { messageOf } from '../account/form-bits.tsx';
import { SignedIn } from '../account/signed-in.tsx';
import { useSession } from '../account/use-session.ts';
import { BookingStatusBadges } from './booking-status.tsx';
import { SavedCopy } from './saved-copy.tsx';
import { useBookings } from './use-bookings.ts';
import { syncSavedTrips, useSavedTrips } from './use-saved-trips.ts';
import { hasVouchers } from './has-vouchers.ts';
import type { WalletEntry } from './wallet.ts';
import { persistState } from './wallet-state.ts';
import './trips.css';

/** A booking's own pages, on the site it was made on. */
export const tripPath = (b: Pick<BookingSummary, 'RefIdKey' | 'site'>, page = '') =>
  `${b.site === 'IN' ? '/in' : ''}/trips/${b.RefIdKey}${page}`;

/**
 * One trip. Its title is a heading, so a screen reader goes from trip to trip (issue 34). A trip
 * booked on the other site says so: its pages open there, in that site's currency.
 */
function TripCard({ b, entry, site }: { b: BookingSummary; entry: WalletEntry | undefined; site: Site }) {
  return (
    <li className="card trip-card">
      <Link to={tripPath(b)} className="trip-card-link">
        <span className="trip-ref">{b.RefIdKey}</span>
        <h2 className="trip-card-title">
          {b.title}
          {b.moreLines ? ` and ${b.moreLines} more` : ''}
        </h2>
        <span>
          {b.firstTravelDate ? `From ${formatTravelDate(b.firstTravelDate)}` : null} · {b.travellerCount}{' '}
          {b.travellerCount === 1 ? 'traveller' : 'travellers'} · {formatMinor(b.Total, b.Currency)}
        </span>
        <BookingStatusBadges status={b.Status} payment={b.PaymentStatus} />
        <small>Booked {formatSiteDay(b.createdAt, b.site)}</small>
        {b.site !== site ? (
          <small className="trip-site-note">{`Booked on the ${SITES[b.site].label} site`}</small>
        ) : null}
      </Link>
      {b.Status === 'confirmed' ? (
        <p className="trip-docs">
          {hasVouchers(b) ? (
            <Link to={tripPath(b, '/voucher')}>Voucher</Link>
          ) : (
            <small>Vouchers come when the balance is paid.</small>
          )}
          <Link to={tripPath(b, '/invoice')}>{b.PaymentStatus === 'paid' ? 'Invoice' : 'Proforma invoice'}</Link>
        </p>
      ) : null}
      {/* The line keeps its room until the phone's copy is read or saved: the cards below do not move. */}
      {entry ? (
        <SavedCopy entry={entry} />
      ) : (
        <p className="saved-copy" aria-hidden="true">
          {'\u00a0'}
        </p>
      )}
    </li>
  );
}

const PERSIST_TEXT = {
  granted: 'Your trips are saved on this phone for offline use, and your browser has agreed to keep them.',
  denied:
    'Your trips are saved on this phone for offline use, but your browser may clear them if it runs short of space.',
  unsupported:
    'Your trips are saved on this phone for offline use; this browser does not say whether it will keep them.',
} as const;

function TripList({ userId }: { userId: string }) {
  const { href, site } = useSite();
  const list = useBookings(userId);
  const saved = useSavedTrips(userId);
  // Every booking the server lists is kept on the phone, and kept up to date.
  useEffect(() => {
    if (list.data) void syncSavedTrips(userId, list.data).catch(() => undefined);
  }, [list.data, userId]);
  const kept = new Map((saved ?? []).map((e) => [e.ref, e]));
  // The server's list when it has answered; until then, or offline, the copies on this phone.
  const rows = list.data ?? (saved ?? []).map((e) => e.detail);
  // The voucher page's code (a few KB beside the wallet's, which loads now too: docs/decisions/0088)
  // loads with the list, so a tap on Voucher (at the airport, offline) does not wait for it.
  useEffect(() => {
    matchAppRoute(tripPath({ RefIdKey: 'voucher', site }, '/voucher'))
      .route.page.preload()
      .catch(() => undefined);
  }, [site]);
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
          {list.error
            ? 'You are offline: these are the trips saved on this phone.'
            : 'Showing the trips saved on this phone…'}
        </p>
      ) : null}
      <ul className="trip-list">
        {rows.map((b) => (
          <TripCard key={b.RefIdKey} b={b} entry={kept.get(b.RefIdKey)} site={site} />
        ))}
      </ul>
      {/* Under the list: it comes once the copies are saved, and must not push the trips down. */}
      {persisted && kept.size ? <p className="acc-hint">{PERSIST_TEXT[persisted]}</p> : null}
    </>
  );
}

/**
 * The traveller the server rendered this page for (their list is in the page's fallback), while
 * this browser is still signed in as them: after a sign-out or another sign-in in the app, the
 * page waits for the session as before. Decision 0080.
 */
function useServedTraveller(): string | null {
  const served = useSWRConfig().fallback[PAGE_TRAVELLER_KEY] as unknown;
  if (typeof served !== 'string') return null;
  if (typeof document === 'undefined') return served;
  const identity = readIdentity();
  return identity.kind === 'user' && identity.userId === served ? served : null;
}

/**
 * The list the server rendered, shown at once; the session, asked as on every signed-in page, still sends a signed-out
 * visitor to log in.
 */
function ServedTrips({ userId }: { userId: string }) {
  const session = useSession({ required: true });
  return <TripList userId={session.status === 'authenticated' && session.data ? session.data.user.id : userId} />;
}

/** My trips: every booking, newest first, kept on the phone for the airport. */
export default function TripsPage() {
  const served = useServedTraveller();
  return (
    <section className="section trips-page">
      <Seo title="My trips" description="Your bookings, vouchers and invoices." noindex />
      <h1>My trips</h1>
      {served ? <ServedTrips userId={served} /> : <SignedIn>{(userId) => <TripList userId={userId} />}</SignedIn>}
    </section>
  );
}
