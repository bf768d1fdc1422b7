import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { getPackageDetail } from '../../../contract/catalogue-calls.ts';
import type { QuoteView } from '../../../contract/enquiry-replies.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { useSite } from '../../app/site-context.tsx';
import { FormMessages } from '../../components/form-messages.tsx';
import { Seo } from '../../components/seo.tsx';
import { useCall } from '../../lib/use-call.ts';
import { packageDetailParams } from '../catalogue/package-data.ts';
import '../checkout/checkout.css';

/*
 * A quote the desk sent from an enquiry (docs/decisions/0101): opened from the mail without
 * signing in, it shows the holiday, the party and the price until the quote ends. "Book this"
 * puts the quoted line in the cart on this device, and the traveller books it through the shop's
 * own checkout, which prices it again.
 */

async function readQuote(token: string): Promise<QuoteView> {
  let res: Response;
  try {
    res = await fetch(`/api/quotes/${encodeURIComponent(token)}`, {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
    });
  } catch {
    throw new Error('You appear to be offline. Check your connection and open the link again.');
  }
  const envelope = (await res.json().catch(() => ({}))) as { status?: string; message?: string; data?: QuoteView };
  if (!res.ok || envelope.status === 'error' || !envelope.data)
    throw new Error(envelope.message || 'This quote could not be opened. Please try again in a moment.');
  return envelope.data;
}

const party = (q: QuoteView) =>
  `${q.adults} adult${q.adults === 1 ? '' : 's'}${q.children ? `, ${q.children} child${q.children === 1 ? '' : 'ren'}` : ''}, ${q.rooms} room${q.rooms === 1 ? '' : 's'}`;

export default function QuotePage() {
  const { token = '' } = useParams();
  const { href } = useSite();
  const navigate = useNavigate();
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const { data: pkg } = useCall(getPackageDetail, quote ? packageDetailParams(quote.slug) : null);

  useEffect(() => {
    let live = true;
    readQuote(token).then(
      (q) => live && setQuote(q),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function bookThis() {
    if (!quote || !pkg) return;
    setBusy(true);
    try {
      const [{ addToCart, shopDb, requestSync }, { currentCartIdentity }] = await Promise.all([
        import('../cart/cart-code.ts'),
        import('../cart/cart-identity.ts'),
      ]);
      await addToCart(shopDb(), currentCartIdentity(), quote.site, pkg, {
        travelDate: quote.travelDate,
        adults: quote.adults,
        children: quote.children,
        infants: 0,
        rooms: quote.rooms,
      });
      void requestSync();
      navigate(href('/cart'));
    } catch {
      setError('We could not put the holiday in your cart on this device. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="section checkout-page">
      <Seo title="Your holiday quote" description="The quote we sent you for your holiday." noindex />
      <h1>Your holiday quote</h1>
      {!quote && !error ? <p aria-busy="true">Loading your quote…</p> : null}
      <FormMessages error={error} />
      {quote ? (
        <>
          {quote.name ? <p>Dear {quote.name}, here is the holiday we priced for you.</p> : null}
          <dl className="price-summary">
            <div>
              <dt>Holiday</dt>
              <dd>{quote.title}</dd>
            </div>
            <div>
              <dt>Travel date</dt>
              <dd>{formatDay(quote.travelDate)}</dd>
            </div>
            <div>
              <dt>Party</dt>
              <dd>{party(quote)}</dd>
            </div>
            <div>
              <dt>Price</dt>
              <dd>
                <strong>{formatMinor(quote.total, quote.currency)}</strong>
              </dd>
            </div>
            <div>
              <dt>Valid until</dt>
              <dd>{formatDay(quote.validUntil)}</dd>
            </div>
          </dl>
          {quote.bookingRef ? (
            <p className="notice notice-success" role="status">
              You booked this quote: booking {quote.bookingRef}.
            </p>
          ) : (
            <>
              <button
                type="button"
                className="button button-primary"
                disabled={busy || !pkg}
                onClick={() => void bookThis()}
              >
                Book this
              </button>
              <p>
                The holiday goes into your cart; you name the travellers and pay at checkout, where the price is worked
                out again for the day you book.
              </p>
            </>
          )}
        </>
      ) : null}
    </section>
  );
}
