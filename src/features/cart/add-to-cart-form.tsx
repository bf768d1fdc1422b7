import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { keepThumbnailForOffline } from './cart-thumbnail.ts';
import { Link } from 'react-router-dom';
import { useSite } from '../../app/site-context.tsx';
import { FormMessages } from '../../components/form-messages.tsx';
import { whenIdle } from '../../lib/when-idle.ts';
import { occupancyRefusal, roomsNeeded, type Occupancy } from '../../../contract/occupancy.ts';
import { inCurrencyUnits } from '../../../contract/money.ts';
import { priceLine } from '../../../contract/pricing.ts';
import { siteDay, type Site } from '../../../contract/site-rules.ts';
import { DepartureAvailability, PriceCalendarAfterIdle, useDepartureAvailability } from './departure-availability.tsx';
import { fetchCartCodeAhead } from './cart-code-ahead.ts';
import { announceCartDelta } from './cart-events.ts';
import type { PackageSummary, Party } from './cart-ops.ts';
import './cart.css';

/**
 * The cart's database and sync code (Dexie and the schemas): not part of the package page's start.
 * It runs when the traveller first touches the form, and a tap never waits for it: the badge moves
 * first (decision 0012). On a page the service worker does not control yet, its files are fetched
 * ahead once the page is idle, without running them, so an add still works if the network drops
 * before the first tap.
 */
let cartCode: Promise<typeof import('./cart-code.ts')> | null = null;
function loadCartCode() {
  cartCode ??= import('./cart-code.ts').catch((err: unknown) => {
    cartCode = null;
    throw err;
  });
  return cartCode;
}
/**
 * Who is adding (the cookies and their code): loaded once the page is idle, or at the form's first
 * touch, so a tap finds it in and the badge still moves on the tap's frame (decision 0079).
 */
let identityCode: typeof import('./cart-identity.ts') | null = null;
const loadIdentity = async () => (identityCode ??= await import('./cart-identity.ts'));
const warmCartCode = () => {
  void loadCartCode().catch(() => undefined);
  void loadIdentity().catch(() => undefined);
};

/**
 * The day `offsetDays` after the site's today (its calendar day, as the server counts, whatever the phone's time zone).
 */
function isoDay(site: Site, offsetDays: number): string {
  const d = new Date(`${siteDay(Date.now(), site)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

function Stepper({
  label,
  value,
  min,
  max,
  onChange,
  hint,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(v: number): void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="stepper">
      <label htmlFor={id}>
        {label}
        {hint ? <span className="field-hint"> {hint}</span> : null}
      </label>
      <div className="stepper-controls">
        <button
          type="button"
          aria-label={`Fewer ${label.toLowerCase()}`}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          onChange={(e) => onChange(Math.max(min, Math.min(max, Number(e.target.value) || min)))}
        />
        <button
          type="button"
          aria-label={`More ${label.toLowerCase()}`}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}

/** Date and travellers, then `Add to cart`: the line appears in the cart at once, online or not. */
export function AddToCartForm({
  pkg,
}: {
  pkg: PackageSummary & { occupancy?: Occupancy & { childAgeLimit: number } };
}) {
  const room = pkg.occupancy;
  const { site, href, money } = useSite();
  const dateId = useId();
  // No date is chosen for the traveller: an add without one asks for it.
  const [party, setParty] = useState<Party>({ travelDate: '', adults: 2, children: 0, infants: 0, rooms: 1 });
  const dateRef = useRef<HTMLInputElement>(null);
  const [dateWrong, setDateWrong] = useState(false);
  const [added, setAdded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The cart lives on the device, so the button works once the page's code runs: until then it is
  // disabled rather than letting a tap post the form and reload the page.
  const [interactive, setInteractive] = useState(false);
  // Rooms left on the chosen date: asked once the traveller starts choosing, not at the page's start.
  const [choosing, setChoosing] = useState(false);
  const availability = useDepartureAvailability(choosing ? { packageId: pkg.id, travelDate: party.travelDate } : null);
  const soldOut = availability?.status === 'sold-out' || availability?.status === 'closed';
  useEffect(() => {
    setInteractive(true);
    void whenIdle()
      .then(loadIdentity)
      .catch(() => undefined);
    // A page the service worker controls gets the code from its cache, network or not.
    if (!navigator.serviceWorker?.controller) void whenIdle().then(fetchCartCodeAhead);
  }, []);
  const set = (patch: Partial<Party>) => {
    setAdded(false);
    if ('travelDate' in patch) setDateWrong(false);
    setParty((p) => {
      const next = { ...p, ...patch };
      // A bigger party gets enough rooms at once (the package's room sizes), up to the form's five.
      if (room && ('adults' in patch || 'children' in patch))
        next.rooms = Math.min(5, Math.max(next.rooms, roomsNeeded(next, room)));
      return next;
    });
  };
  const fewestRooms = room ? Math.min(5, roomsNeeded(party, room)) : 1;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!party.travelDate || party.travelDate < isoDay(site, 1)) {
      setError(party.travelDate ? 'Choose a travel date from tomorrow onwards.' : 'Choose your travel date.');
      setDateWrong(true);
      dateRef.current?.focus();
      return;
    }
    // Checked with no more rooms than adults: a party whose rooms would each need an adult hears that.
    const crowded = room ? occupancyRefusal({ ...party, rooms: Math.min(party.rooms, party.adults) }, room) : null;
    if (crowded) {
      setError(crowded);
      return;
    }
    if (party.rooms > party.adults) {
      setError('Each room needs at least one adult.');
      return;
    }
    if (party.infants > party.adults) {
      setError('Each infant travels with an adult.');
      return;
    }
    const who = (identityCode ?? (await loadIdentity())).currentCartIdentity();
    const lineId = crypto.randomUUID();
    // The badge moves on this frame, even before the database code has loaded.
    announceCartDelta({ owner: who.owner, site, lineId, delta: 1 });
    try {
      const { addToCart, shopDb, requestSync, registerBackgroundSync } = await loadCartCode();
      await addToCart(shopDb(), who, site, pkg, party, { lineId });
      keepThumbnailForOffline(pkg.heroImage);
      setAdded(true);
      // Analytics takes amounts in the currency's units (1299.5), the shop keeps the smallest unit.
      const event = {
        currency: pkg.price.currency,
        value: inCurrencyUnits(priceLine(pkg.price.amount, party.adults, party.children)),
        items: [{ item_id: pkg.slug, item_name: pkg.title, price: inCurrencyUnits(pkg.price.amount), quantity: 1 }],
      };
      // The tag manager's code is loaded by its own effect; an add never waits for it.
      void import('../../lib/analytics.ts').then(({ track }) => track('add_to_cart', event)).catch(() => undefined);
      void requestSync();
      void registerBackgroundSync();
    } catch {
      announceCartDelta({ owner: who.owner, site, lineId, delta: 0 });
      setError('We could not save this on your device. Please try again.');
    }
  }

  const total = priceLine(pkg.price.amount, party.adults, party.children);
  return (
    <form
      method="post"
      className="add-to-cart"
      onSubmit={submit}
      onPointerDown={() => {
        warmCartCode();
        setChoosing(true);
      }}
      onFocus={() => {
        warmCartCode();
        setChoosing(true);
      }}
      noValidate
    >
      <div className="field">
        <label htmlFor={dateId}>Travel date</label>
        <input
          ref={dateRef}
          id={dateId}
          type="date"
          required
          min={isoDay(site, 1)}
          max={isoDay(site, 540)}
          value={party.travelDate}
          aria-invalid={dateWrong || undefined}
          onChange={(e) => set({ travelDate: e.target.value })}
        />
        <DepartureAvailability availability={availability} rooms={party.rooms} />
        <PriceCalendarAfterIdle
          packageId={pkg.id}
          chosen={party.travelDate}
          onChoose={(travelDate) => {
            setChoosing(true);
            set({ travelDate });
          }}
        />
      </div>
      <div className="stepper-grid">
        <Stepper label="Adults" value={party.adults} min={1} max={9} onChange={(adults) => set({ adults })} />
        <Stepper
          label="Children"
          hint={`2–${(room?.childAgeLimit ?? 12) - 1} yrs`}
          value={party.children}
          min={0}
          max={6}
          onChange={(children) => set({ children })}
        />
        <Stepper
          label="Infants"
          hint="under 2"
          value={party.infants}
          min={0}
          max={4}
          onChange={(infants) => set({ infants })}
        />
        <Stepper
          label="Rooms"
          hint={room ? `up to ${room.maxPeoplePerRoom} a room` : undefined}
          value={party.rooms}
          min={fewestRooms}
          max={5}
          onChange={(rooms) => set({ rooms })}
        />
      </div>
      <p className="add-to-cart-total">
        Total <strong>{money({ amount: total, currency: pkg.price.currency })}</strong>
      </p>
      <button type="submit" className="button button-primary button-block" disabled={!interactive || soldOut}>
        Add to cart
      </button>
      <FormMessages
        error={error}
        status={
          added ? (
            <>
              Added to your cart. <Link to={href('/cart')}>View cart</Link>
            </>
          ) : null
        }
      />
    </form>
  );
}
