import { useEffect, useRef, useState } from 'react';
import { cartThumbUrl } from './cart-thumbnail.ts';
import type { SiteTaxRules } from '../../../contract/tax.ts';
import { TaxHint, useTaxRules } from '../checkout/tax-hint.tsx';
import { Link, useNavigate } from 'react-router-dom';
import { useSettings, useSite } from '../../app/site-context.tsx';
import { checkoutNavigation } from '../checkout/checkout-document.ts';
import { Seo } from '../../components/seo.tsx';
import { shopDb, type CartLine, type LocalTempBooking } from '../../lib/db.ts';
import { formatTravelDate, nightsDays, partyText } from '../../../contract/format.ts';
import { discardChange, holdCart, removeFromCart, retryChange } from './cart-ops.ts';
import { siteForPath } from '../../../contract/site-rules.ts';
import { currentCartIdentity, knownCartOwner } from './cart-identity.ts';
import { registerBackgroundSync, requestSync } from './sync-runner.ts';
import { DepartureAvailability, useDepartureAvailability } from './departure-availability.tsx';
import { readCartLinesAhead, useCartLines, useTempBookings } from './use-cart.ts';
import { useOnline } from './use-online.ts';
import { useCartOwner } from './use-cart-owner.ts';
import { linesSignature, useCartFigures } from './cart-figures.ts';
import { holdOfCart } from './cart-holds.ts';
import type { CartTotals } from '../../../contract/cart-totals.ts';
import { formatMinor } from '../../../contract/format.ts';
import { useNow } from '../../lib/use-now.ts';
import './cart.css';

/**
 * The lines on the device, read as this code loads. The route waits for them (250 ms at most)
 * before the page hydrates, so the first render after hydration shows them: offline, on a repeat
 * visit, "Loading your cart…" is never painted on a live page (issue 15).
 */
export const linesReadAhead: Promise<void> =
  typeof window === 'undefined'
    ? Promise.resolve()
    : readCartLinesAhead(knownCartOwner(), siteForPath(location.pathname), 250);

/**
 * A line's picture, or the drawn placeholder (cart.css: sun over waves) when it cannot load: offline
 * with the picture never kept, the browser would draw a broken image (issue 34). A load that failed
 * before the app took over the page is found when it mounts.
 */
function CartThumb({ image }: { image: string }) {
  const [broken, setBroken] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) setBroken(true);
  }, []);
  if (broken) return <span className="cart-line-image cart-line-image-drawn" role="presentation" />;
  return (
    <img
      ref={img}
      className="cart-line-image"
      src={cartThumbUrl(image)}
      alt=""
      width={96}
      height={64}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}

function CartLineItem({ line, online, rules }: { line: CartLine; online: boolean; rules?: SiteTaxRules }) {
  const { money, href } = useSite();
  const availability = useDepartureAvailability(
    online ? { packageId: line.packageId, travelDate: line.travelDate } : null,
  );
  const afterChange = () => {
    void requestSync();
    void registerBackgroundSync();
  };
  return (
    <li className="cart-line card" aria-label={line.title}>
      <CartThumb key={line.image} image={line.image} />
      <div className="cart-line-body">
        <h2 className="cart-line-title">
          <Link to={href(`/holidays/${line.slug}`)}>{line.title}</Link>
        </h2>
        <p className="cart-line-meta">
          {line.city} · {nightsDays(line.nights, line.nights + 1)}
          <br />
          {formatTravelDate(line.travelDate)} · {partyText(line)}
        </p>
        <p className="cart-line-price">
          {money({ amount: line.totalPrice, currency: line.currency })}{' '}
          <TaxHint overseas={line.overseas} vatTreatment={line.vatTreatment} rules={rules} />
        </p>
        <DepartureAvailability availability={availability} rooms={line.rooms} />
        {line.state === 'pending' ? <p className="sync-state sync-pending">Waiting to sync</p> : null}
        {line.state === 'failed' ? (
          <div className="sync-state sync-failed" role="alert">
            <p>Not saved: {line.error ?? 'the server refused this change.'}</p>
            <button
              type="button"
              className="button"
              onClick={() => void retryChange(shopDb(), line.id).then(afterChange)}
            >
              Retry
            </button>{' '}
            <button type="button" className="button" onClick={() => void discardChange(shopDb(), line.id)}>
              Discard
            </button>
          </div>
        ) : null}
      </div>
      <button
        type="button"
        className="button cart-line-remove"
        aria-label={`Remove ${line.title}`}
        onClick={() => void removeFromCart(shopDb(), currentCartIdentity(), line.id).then(afterChange)}
      >
        Remove
      </button>
    </li>
  );
}

function HoldStatus({ booking }: { booking: LocalTempBooking }) {
  const { money } = useSite();
  const now = useNow(1000);
  const total = money({ amount: booking.total, currency: booking.currency });
  if (booking.state === 'pending') {
    return (
      <p className="notice" role="status">
        Your booking request for {total} is waiting to sync. The hold starts when we confirm it.
      </p>
    );
  }
  if (booking.state === 'failed') {
    return (
      <div className="notice notice-error" role="alert">
        <p>We could not hold your booking: {booking.error}</p>
        <button
          type="button"
          className="button"
          onClick={() => void retryChange(shopDb(), booking.id).then(() => requestSync())}
        >
          Retry
        </button>{' '}
        <button type="button" className="button" onClick={() => void discardChange(shopDb(), booking.id)}>
          Discard
        </button>
      </div>
    );
  }
  const left = booking.holdExpiresAt ? Date.parse(booking.holdExpiresAt) - now : 0;
  if (left <= 0) {
    return <p className="notice">Your hold on {total} has ended. Continue to booking again to hold today’s prices.</p>;
  }
  const mm = Math.floor(left / 60_000);
  const ss = String(Math.floor((left % 60_000) / 1000)).padStart(2, '0');
  return (
    <p className="notice hold-notice" role="status">
      Held for you: {booking.itemCount} {booking.itemCount === 1 ? 'holiday' : 'holidays'}, {total}. Hold ends in{' '}
      <strong>
        {mm}:{ss}
      </strong>
      .
    </p>
  );
}

/** The taxes the cart's total will carry: GST on the India site (and TCS when a line is overseas), VAT on the UAE's. */
function CartTaxes({ lines, rules }: { lines: CartLine[]; rules?: SiteTaxRules }) {
  const standard = lines.some((l) => (l.vatTreatment ?? 'standard') === 'standard');
  return (
    <TaxHint
      overseas={lines.some((l) => l.overseas)}
      vatTreatment={standard ? 'standard' : (lines[0]?.vatTreatment ?? 'zero')}
      rules={rules}
    />
  );
}

/**
 * What checkout will charge, as the server works it out (docs/decisions/0106): the subtotal, the
 * coupon checkout applies by itself (with a way to remove it, and to apply it again), each tax and
 * the total. Offline: the last figures, with a word that they may change.
 */
function CartFigures({
  figures,
  stale,
  savedAt,
  onRemove,
  onApply,
}: {
  figures: CartTotals;
  stale: boolean;
  savedAt: number | null;
  onRemove: () => void;
  onApply: (code: string) => void;
}) {
  const m = (amount: number) => formatMinor(amount, figures.currency);
  const offeredAgain = !figures.coupon && figures.offered ? figures.offered : null;
  return (
    <div className="cart-figures" data-testid="cart-figures">
      <dl className="price-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{m(figures.subtotal)}</dd>
        </div>
        {figures.coupon ? (
          <div className="price-discount cart-coupon" data-testid="cart-coupon">
            <dt>
              {figures.coupon.code}{' '}
              <button
                type="button"
                className="link-button"
                aria-label={`Remove coupon ${figures.coupon.code}`}
                onClick={onRemove}
              >
                Remove
              </button>
            </dt>
            <dd>−{m(figures.discount)}</dd>
          </div>
        ) : null}
        {figures.taxes.map((t) => (
          <div key={t.code} className={t.included ? 'price-included' : undefined}>
            <dt>{t.label}</dt>
            <dd>{t.included ? m(t.amount) : `+${m(t.amount)}`}</dd>
          </div>
        ))}
      </dl>
      <p className="cart-total">
        Total <strong data-testid="cart-total">{m(figures.total)}</strong>
      </p>
      {figures.couponError ? <p className="field-hint">{figures.couponError}</p> : null}
      {offeredAgain ? (
        <p className="cart-coupon-offer">
          {offeredAgain.code} takes off {m(offeredAgain.discount)}.{' '}
          <button type="button" className="link-button" onClick={() => onApply(offeredAgain.code)}>
            Apply {offeredAgain.code}
          </button>
        </p>
      ) : null}
      {figures.panRequired ? (
        <p className="field-hint">
          TCS is worked out without a PAN here: at checkout it counts against the lead traveller’s PAN.
        </p>
      ) : null}
      {stale ? (
        <p className="field-hint" role="status">
          Figures from{' '}
          {savedAt ? new Date(savedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : 'earlier'}
          : they may change when you are back online.
        </p>
      ) : null}
    </div>
  );
}

export default function CartPage() {
  const { site, currency, money, href } = useSite();
  const { razorpayCheckout } = useSettings();
  const navigate = useNavigate();
  const lines = useCartLines();
  const holds = useTempBookings();
  const online = useOnline();
  const visible = (lines ?? []).filter((l) => l.state !== 'removing');
  const total = visible.reduce((sum, l) => sum + l.totalPrice, 0);
  const rules = useTaxRules();
  const owner = useCartOwner();
  const priced = visible.filter((l) => l.state !== 'failed');
  const figures = useCartFigures(site, owner, priced, online);
  // The banner speaks of the hold of what is in the cart now, never of an earlier cart's.
  const signature = linesSignature(visible);
  const latestHold = holdOfCart(holds, { itemCount: visible.length, total, signature });

  useEffect(() => {
    void requestSync();
  }, []);

  async function continueToBooking() {
    await holdCart(shopDb(), currentCartIdentity(), site, currency, total, visible.length, signature);
    void requestSync();
    void registerBackgroundSync();
    if (checkoutNavigation(site, razorpayCheckout) === 'document') window.location.assign(href('/checkout'));
    else navigate(href('/checkout'));
  }

  return (
    <section className="section cart-page">
      <Seo title="Your cart" description="The holidays in your cart." noindex />
      <h1>Your cart</h1>
      {!online ? (
        <p className="notice offline-banner" role="status">
          You are offline. Changes are saved on this phone and will sync when you are back online.
        </p>
      ) : null}
      {lines === undefined ? (
        <p aria-busy="true">Loading your cart…</p>
      ) : visible.length === 0 ? (
        <div className="empty-state">
          <p>Your cart is empty.</p>
          <Link className="button button-primary" to={href('/holidays')}>
            Find a holiday
          </Link>
        </div>
      ) : (
        <>
          <ul className="cart-lines">
            {visible.map((line) => (
              <CartLineItem key={line.id} line={line} online={online} rules={rules} />
            ))}
          </ul>
          <div className="cart-summary card">
            {figures.figures ? (
              <CartFigures
                figures={figures.figures}
                stale={figures.stale}
                savedAt={figures.savedAt}
                onRemove={() => figures.setChoice({ none: true })}
                onApply={(code) => figures.setChoice({ code })}
              />
            ) : (
              <>
                <p className="cart-total">
                  Total <strong>{money({ amount: total, currency })}</strong>{' '}
                  <CartTaxes lines={visible} rules={rules} />
                </p>
                {figures.error && online ? <p className="field-hint">{figures.error}</p> : null}
                <p className="field-hint">Prices are confirmed by us when your cart syncs.</p>
              </>
            )}
            {latestHold ? <HoldStatus booking={latestHold} /> : null}
            <button
              type="button"
              className="button button-primary button-block"
              onClick={() => void continueToBooking()}
            >
              Continue to booking
            </button>
          </div>
        </>
      )}
    </section>
  );
}
