import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { EnquiryDetail } from '../../../contract/enquiry-inbox.ts';
import type { DeskPackageOption } from '../../../contract/desk-new-booking.ts';
import type { EnquiryQuote } from '../../../contract/enquiry-replies.ts';
import { formatMinor } from '../../../contract/format.ts';
import { addDays, siteDay } from '../../../contract/calendar.ts';
import { enquiryQuotesCall, makeQuoteCall } from '../../../contract/admin-enquiry-calls.ts';
import { newBookingPackagesCall } from '../../../contract/admin-new-booking-calls.ts';
import { adminApi } from '../admin-api.ts';

/*
 * The enquiry page's quote (docs/decisions/0101): a package, a date, the party and until when it
 * holds; the server prices it as the shop does and mails the traveller a link to book it. Quotes
 * made are listed with their price, their link, and the booking made from one.
 */

/** Days after the enquiry's site's today (its own calendar, not UTC's). */
const dayAfter = (site: 'UAE' | 'IN', days: number) => addDays(siteDay(Date.now(), site), days);
const numberOf = (f: FormData, name: string) => Number(f.get(name) ?? 0);

export function QuoteForm({ e, onDone }: { e: EnquiryDetail; onDone: () => void }) {
  const [packages, setPackages] = useState<DeskPackageOption[]>([]);
  const [quotes, setQuotes] = useState<EnquiryQuote[]>([]);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const answer = await adminApi(enquiryQuotesCall, { params: { id: e.id } });
    if (answer.ok) setQuotes(answer.data.items);
  }, [e.id]);
  useEffect(() => {
    void load();
    void adminApi(newBookingPackagesCall, { query: { site: e.site } }).then((a) => {
      if (a.ok) setPackages(a.data.items);
    });
  }, [load, e.site]);

  const submit = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const f = new FormData(ev.currentTarget);
    setBusy(true);
    const answer = await adminApi(makeQuoteCall, {
      params: { id: e.id },
      body: {
        packageId: numberOf(f, 'packageId'),
        travelDate: String(f.get('travelDate') ?? ''),
        adults: numberOf(f, 'adults'),
        children: numberOf(f, 'children'),
        rooms: numberOf(f, 'rooms'),
        validUntil: String(f.get('validUntil') ?? ''),
      },
    });
    setBusy(false);
    if (!answer.ok) {
      setNotice('');
      return setError(answer.message);
    }
    setError('');
    setNotice(answer.message);
    await load();
    onDone();
  };

  return (
    <section aria-labelledby="enquiry-quote">
      <h2 id="enquiry-quote">Make a quote</h2>
      <form className="admin-form" onSubmit={(ev) => void submit(ev)} aria-label="Make a quote">
        <label style={{ minWidth: 0 }}>
          Holiday
          <select name="packageId" required defaultValue="" style={{ width: '100%', minWidth: 0, maxWidth: '100%' }}>
            <option value="" disabled>
              Choose a holiday
            </option>
            {packages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title} ({p.city}, {p.nights} nights)
              </option>
            ))}
          </select>
        </label>
        <label>
          Travel date
          <input type="date" name="travelDate" required min={dayAfter(e.site, 1)} />
        </label>
        <label>
          Adults
          <input type="number" name="adults" required min={1} max={20} defaultValue={2} inputMode="numeric" />
        </label>
        <label>
          Children
          <input type="number" name="children" required min={0} max={20} defaultValue={0} inputMode="numeric" />
        </label>
        <label>
          Rooms
          <input type="number" name="rooms" required min={1} max={20} defaultValue={1} inputMode="numeric" />
        </label>
        <label>
          Valid until
          <input type="date" name="validUntil" required defaultValue={dayAfter(e.site, 7)} />
        </label>
        <button type="submit" disabled={busy}>
          Price and send the quote
        </button>
      </form>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{notice}</p>
      {quotes.length ? (
        <>
          <h3>Quotes sent</h3>
          <ul>
            {quotes.map((q) => (
              <li key={q.id} className="admin-break">
                <strong>{formatMinor(q.total, q.currency)}</strong> {q.title}, {q.travelDate}, {q.adults} adults
                {q.children ? `, ${q.children} children` : ''}, {q.rooms} rooms; valid until {q.validUntil}
                {q.expired ? ' (ended)' : ''}{' '}
                <small>
                  ({q.staff ?? 'staff'}, {q.at.replace('T', ' ').slice(0, 16)})
                </small>{' '}
                {q.bookingRef ? (
                  <Link to={`/admin/bookings/${q.bookingRef}`}>Booked: {q.bookingRef}</Link>
                ) : (
                  <a href={q.url} className="admin-break">
                    The traveller’s link
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
