import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  createDeskBookingCall,
  findTravellerCall,
  newBookingDeparturesCall,
  newBookingPackagesCall,
  quoteNewBookingCall,
} from '../../../contract/admin-new-booking-calls.ts';
import type { DepartureList } from '../../../contract/availability.ts';
import type { AgeBand } from '../../../contract/booking.ts';
import type { DeskNewBooking, DeskPackageOption, DeskQuote } from '../../../contract/desk-new-booking.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { newKey } from '../desk/cancel-panel.tsx';
import { DepartureOptions } from '../desk/departure-options.tsx';

/*
 * New booking (issue 31, decision 0095): a traveller on the phone or at the counter. The trip (site,
 * holiday, a date from its departures, party and rooms), the traveller (found by email or phone, or
 * entered), the server's price shown before confirming, then pay later or a payment link.
 */

interface Other {
  firstName: string;
  lastName: string;
  dob: string;
}

const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'] as const;
/** One column that never grows past the screen: a holiday's long name in a select stays inside 390 px. */
const NARROW = { gridTemplateColumns: 'minmax(0, 1fr)' } as const;
const FULL = { width: '100%', maxWidth: '100%', minWidth: 0 } as const;
const blank = { title: 'Ms', firstName: '', lastName: '', email: '', phone: '', dob: '', state: '', address: '' };

function NewBooking() {
  const [site, setSite] = useState<'UAE' | 'IN'>('UAE');
  const [packages, setPackages] = useState<DeskPackageOption[] | null>(null);
  const [packageId, setPackageId] = useState('');
  const [departures, setDepartures] = useState<DepartureList['departures'] | null>(null);
  const [travelDate, setTravelDate] = useState('');
  const [party, setParty] = useState({ adults: 2, children: 0, infants: 0, rooms: 1 });
  const [lead, setLead] = useState(blank);
  const [others, setOthers] = useState<Other[]>([]);
  const [extra, setExtra] = useState({ coupon: '', pan: '' });
  const [payment, setPayment] = useState<'pay-later' | 'link'>('link');
  const [lookup, setLookup] = useState('');
  const [lookupNote, setLookupNote] = useState('');
  const [quote, setQuote] = useState<DeskQuote | null>(null);
  const [made, setMade] = useState<DeskNewBooking | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per booking form: a double tap on Confirm is one booking.
  const [key, setKey] = useState(newKey);

  useEffect(() => {
    setPackages(null);
    setPackageId('');
    void adminApi(newBookingPackagesCall, { query: { site } }).then((a) =>
      a.ok ? setPackages(a.data.items) : setError(a.message),
    );
  }, [site]);

  useEffect(() => {
    setDepartures(null);
    setTravelDate('');
    if (!packageId) return;
    void adminApi(newBookingDeparturesCall, { query: { site, packageId: Number(packageId) } }).then((a) =>
      a.ok ? setDepartures(a.data.departures) : setError(a.message),
    );
  }, [site, packageId]);

  // The others of the party: children and infants need a name and date of birth (their fare depends on it).
  const needed = party.adults - 1 + party.children + party.infants;
  useEffect(() => {
    setOthers((o) =>
      Array.from({ length: Math.max(0, needed) }, (_, i) => o[i] ?? { firstName: '', lastName: '', dob: '' }),
    );
  }, [needed]);
  const bandOf = (i: number): AgeBand =>
    i < party.adults - 1 ? 'adult' : i < party.adults - 1 + party.children ? 'child' : 'infant';

  // Any change after a price asks for a new one: staff confirm against the figures shown.
  const changed = () => {
    setQuote(null);
    setMade(null);
  };

  const request = () => {
    const travellers = others.map((t, i) => ({ ...t, ageBand: bandOf(i) }));
    const named = travellers.some((t) => t.firstName.trim() || t.ageBand !== 'adult');
    return {
      site,
      packageId: Number(packageId),
      travelDate,
      ...party,
      lead: {
        ...lead,
        // The select offers only the titles the server takes.
        title: lead.title as (typeof TITLES)[number],
        state: site === 'IN' && lead.state.trim() ? lead.state.trim() : undefined,
        address:
          site === 'IN' && lead.address.trim()
            ? lead.address
                .split('\n')
                .map((l) => l.trim())
                .filter(Boolean)
            : undefined,
      },
      ...(named
        ? {
            travellers: travellers.map((t, i) => ({
              firstName: t.firstName.trim() || `Adult ${i + 2}`,
              lastName: t.lastName.trim() || lead.lastName,
              ageBand: t.ageBand,
              ...(t.dob ? { dob: t.dob } : {}),
            })),
          }
        : {}),
      payment,
      ...(extra.coupon.trim() ? { coupon: extra.coupon.trim() } : {}),
      ...(site === 'IN' && extra.pan.trim() ? { pan: extra.pan.trim() } : {}),
    };
  };

  const find = async () => {
    setLookupNote('');
    const answer = await adminApi(findTravellerCall, { query: { q: lookup.trim() } });
    if (!answer.ok) return setLookupNote(answer.message);
    const t = answer.data.traveller;
    setLookupNote(answer.message);
    if (t) {
      changed();
      setLead((l) => ({
        ...l,
        title: t.title ?? l.title,
        firstName: t.firstName || l.firstName,
        lastName: t.lastName || l.lastName,
        email: t.email ?? l.email,
        phone: t.phone ?? l.phone,
        dob: t.dob ?? l.dob,
      }));
    } else if (lookup.includes('@')) setLead((l) => ({ ...l, email: lookup.trim() }));
    else setLead((l) => ({ ...l, phone: lookup.trim() }));
  };

  const price = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setMade(null);
    if (!packageId) return setError('Choose a holiday first.');
    if (!travelDate) return setError('Choose the travel date.');
    setBusy(true);
    const answer = await adminApi(quoteNewBookingCall, { body: request() });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setQuote(answer.data);
  };

  const confirm = async () => {
    setError('');
    setBusy(true);
    const answer = await adminApi(createDeskBookingCall, { body: request(), headers: { 'idempotency-key': key } });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setKey(newKey());
    setMade(answer.data);
    setQuote(null);
  };

  const m = (n: number) => formatMinor(n, quote?.currency ?? 'AED');
  const field = (name: keyof typeof blank, label: string, type = 'text', more: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input
        type={type}
        value={lead[name]}
        onChange={(e) => {
          changed();
          setLead({ ...lead, [name]: e.target.value });
        }}
        {...more}
      />
    </label>
  );
  const count = (name: keyof typeof party, label: string, min: number, max: number) => (
    <label>
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={party[name]}
        onChange={(e) => {
          changed();
          setParty({ ...party, [name]: Math.max(min, Math.min(max, Number(e.target.value) || 0)) });
        }}
      />
    </label>
  );

  return (
    <>
      <form className="admin-form" aria-label="New booking" onSubmit={(e) => void price(e)} style={NARROW}>
        <h2>Trip</h2>
        <label>
          Site
          <select
            style={FULL}
            value={site}
            onChange={(e) => {
              changed();
              setSite(e.target.value as 'UAE' | 'IN');
            }}
          >
            <option value="UAE">UAE (AED)</option>
            <option value="IN">India (INR)</option>
          </select>
        </label>
        <label>
          Holiday
          <select
            style={FULL}
            value={packageId}
            required
            onChange={(e) => {
              changed();
              setPackageId(e.target.value);
            }}
          >
            <option value="">{packages ? 'Choose a holiday' : 'Loading holidays…'}</option>
            {packages?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title} ({p.city}, {p.nights} nights, from {formatMinor(p.fromPrice, p.currency)})
              </option>
            ))}
          </select>
        </label>
        {departures && departures.length ? (
          <label>
            Travel date
            <select
              style={FULL}
              value={travelDate}
              required
              onChange={(e) => {
                changed();
                setTravelDate(e.target.value);
              }}
            >
              <DepartureOptions departures={departures} />
            </select>
          </label>
        ) : (
          <label>
            Travel date
            <input
              type="date"
              value={travelDate}
              required
              onChange={(e) => {
                changed();
                setTravelDate(e.target.value);
              }}
            />
            {packageId && departures ? (
              <small>No departures are scheduled: any date from tomorrow, as in the shop.</small>
            ) : null}
          </label>
        )}
        <div
          className="admin-inline admin-form"
          style={{ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', margin: 0 }}
        >
          {count('adults', 'Adults', 1, 9)}
          {count('children', 'Children', 0, 6)}
          {count('infants', 'Infants', 0, 4)}
          {count('rooms', 'Rooms', 1, 5)}
        </div>

        <h2>Traveller</h2>
        <div className="admin-inline admin-form" style={{ gridTemplateColumns: 'minmax(0, 1fr) auto', margin: 0 }}>
          <label>
            Find by email or phone
            <input
              type="search"
              value={lookup}
              onChange={(e) => setLookup(e.target.value)}
              placeholder="name@example.com or +9715…"
            />
          </label>
          <button type="button" onClick={() => void find()} disabled={lookup.trim().length < 3}>
            Find
          </button>
        </div>
        <p role="status">{lookupNote}</p>
        <label>
          Title
          <select
            style={FULL}
            value={lead.title}
            onChange={(e) => {
              changed();
              setLead({ ...lead, title: e.target.value });
            }}
          >
            {TITLES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        {field('firstName', 'First name', 'text', { required: true, autoComplete: 'off' })}
        {field('lastName', 'Last name', 'text', { required: true, autoComplete: 'off' })}
        {field('email', 'Email', 'email', { required: true, autoComplete: 'off' })}
        {field('phone', 'Phone (with country code)', 'tel', { required: true, autoComplete: 'off' })}
        {field('dob', 'Date of birth', 'date', { required: true })}
        {site === 'IN' ? field('state', 'State (place of supply; the shop’s own when left empty)') : null}
        {site === 'IN' ? (
          <label>
            Address of the lead traveller (needed for bookings of ₹50,000 or more: the GST invoice carries it)
            <textarea
              rows={3}
              value={lead.address}
              required={Boolean(quote?.addressRequired)}
              aria-invalid={quote?.addressRequired && !lead.address.trim() ? true : undefined}
              autoComplete="off"
              onChange={(e) => {
                changed();
                setLead({ ...lead, address: e.target.value });
              }}
            />
          </label>
        ) : null}
        {others.map((t, i) => (
          <fieldset key={i} style={{ border: '1px solid #d1d5db', borderRadius: 6, display: 'grid', gap: '.5rem' }}>
            <legend>
              Traveller {i + 2} ({bandOf(i)})
            </legend>
            {(['firstName', 'lastName'] as const).map((k) => (
              <label key={k}>
                {k === 'firstName' ? 'First name' : 'Last name'}
                {bandOf(i) === 'adult' ? ' (optional)' : ''}
                <input
                  value={t[k]}
                  required={bandOf(i) !== 'adult'}
                  onChange={(e) => {
                    changed();
                    setOthers(others.map((o, j) => (j === i ? { ...o, [k]: e.target.value } : o)));
                  }}
                />
              </label>
            ))}
            {bandOf(i) !== 'adult' ? (
              <label>
                Date of birth
                <input
                  type="date"
                  required
                  value={t.dob}
                  onChange={(e) => {
                    changed();
                    setOthers(others.map((o, j) => (j === i ? { ...o, dob: e.target.value } : o)));
                  }}
                />
              </label>
            ) : null}
          </fieldset>
        ))}
        <label>
          Coupon (optional)
          <input
            value={extra.coupon}
            onChange={(e) => {
              changed();
              setExtra({ ...extra, coupon: e.target.value });
            }}
          />
        </label>
        {site === 'IN' ? (
          <label>
            PAN (overseas holidays: tax collected at source)
            <input
              value={extra.pan}
              maxLength={10}
              onChange={(e) => {
                changed();
                setExtra({ ...extra, pan: e.target.value });
              }}
            />
          </label>
        ) : null}
        <fieldset style={{ border: '1px solid #d1d5db', borderRadius: 6 }}>
          <legend>Payment</legend>
          <label style={{ display: 'flex', gap: '.5rem', alignItems: 'center', fontWeight: 400 }}>
            <input
              type="radio"
              name="payment"
              checked={payment === 'link'}
              onChange={() => setPayment('link')}
              style={{ minHeight: 0, width: '1.25rem', height: '1.25rem' }}
            />{' '}
            Send a payment link ({site === 'IN' ? 'Razorpay' : 'Stripe'})
          </label>
          <label style={{ display: 'flex', gap: '.5rem', alignItems: 'center', fontWeight: 400 }}>
            <input
              type="radio"
              name="payment"
              checked={payment === 'pay-later'}
              onChange={() => setPayment('pay-later')}
              style={{ minHeight: 0, width: '1.25rem', height: '1.25rem' }}
            />{' '}
            Pay later (bank transfer by the due date)
          </label>
        </fieldset>
        <button type="submit" disabled={busy}>
          {busy && !quote ? 'Working out the price…' : 'Show the price'}
        </button>
      </form>
      <p role="alert" className="admin-error">
        {error}
      </p>
      {quote ? (
        <section aria-labelledby="new-booking-price" className="admin-form" style={NARROW}>
          <h2 id="new-booking-price">Price</h2>
          <p>
            {quote.title}, {formatDay(quote.travelDate)}
          </p>
          <dl>
            <div>
              <dt>Subtotal</dt>
              <dd>{m(quote.subtotal)}</dd>
            </div>
            {quote.discount ? (
              <div>
                <dt>Discount{quote.coupon ? ` (${quote.coupon.code})` : ''}</dt>
                <dd>−{m(quote.discount)}</dd>
              </div>
            ) : null}
            {quote.taxes.map((t) => (
              <div key={t.code}>
                <dt>{t.label}</dt>
                <dd>{m(t.amount)}</dd>
              </div>
            ))}
            <div>
              <dt>Total</dt>
              <dd>
                <strong data-testid="new-booking-total">{m(quote.total)}</strong>
              </dd>
            </div>
          </dl>
          {quote.couponError ? <p className="admin-error">Coupon: {quote.couponError}</p> : null}
          {quote.panRequired ? (
            <p className="admin-error">Tax collected at source applies: enter the lead traveller’s PAN.</p>
          ) : null}
          {quote.addressRequired ? (
            <p className="admin-error">
              This booking is ₹50,000 or more: enter the lead traveller’s address (the GST invoice carries it), then
              show the price again.
            </p>
          ) : null}
          <p>
            {quote.traveller
              ? `Booked in the account of ${quote.traveller.name || quote.traveller.email}.`
              : 'No account with this email or phone: one is made with the booking.'}
          </p>
          <p>{quote.payLater.offered ? `Balance due by ${formatDay(quote.payLater.dueOn)}.` : quote.payLater.reason}</p>
          <button
            type="button"
            disabled={busy || !quote.payLater.offered || quote.addressRequired}
            onClick={() => void confirm()}
          >
            {busy
              ? 'Booking…'
              : payment === 'link'
                ? `Book and send the payment link (${m(quote.total)})`
                : `Book to pay later (${m(quote.total)})`}
          </button>
        </section>
      ) : null}
      {made ? (
        <section aria-labelledby="new-booking-made" className="admin-form" style={NARROW}>
          <h2 id="new-booking-made">Booking {made.RefIdKey} made</h2>
          <p role="status">
            {formatMinor(made.Total, made.Currency)} for {lead.email}
            {made.paymentDueOn ? `, due by ${formatDay(made.paymentDueOn)}` : ''}.
            {made.paymentUrl
              ? ' The payment link is on its way to the traveller:'
              : ' The confirmation is on its way to the traveller.'}
          </p>
          {made.paymentUrl ? (
            <p>
              <a className="admin-break" href={made.paymentUrl} data-testid="payment-url">
                {made.paymentUrl}
              </a>
              <br />
              <small>
                Works until{' '}
                {new Date(made.linkExpiresAt!).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}.
              </small>
            </p>
          ) : null}
          <p>
            <Link to={`/admin/bookings/${made.RefIdKey}`}>Open booking {made.RefIdKey}</Link>
          </p>
        </section>
      ) : null}
    </>
  );
}

export default function AdminNewBookingPage() {
  return (
    <>
      <title>New booking · Back office</title>
      <h1>New booking</h1>
      <RequireStaff action="bookings.create">{() => <NewBooking />}</RequireStaff>
    </>
  );
}
