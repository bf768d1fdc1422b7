import type { PriceBreakdown } from '../../../contract/booking.ts';
import { formatMinor, formatTravelDate, partyText } from '../../../contract/format.ts';

/** The first rows of a price list (checkout and invoice): subtotal and the coupon's discount, if any. */
export function SubtotalRows({
  subtotal,
  discount,
  couponCode,
  m,
}: {
  subtotal: number;
  discount: number;
  couponCode?: string;
  m: (amount: number) => string;
}) {
  return (
    <>
      <div>
        <dt>Subtotal</dt>
        <dd>{m(subtotal)}</dd>
      </div>
      {discount ? (
        <div className="price-discount">
          <dt>Coupon {couponCode}</dt>
          <dd>−{m(discount)}</dd>
        </div>
      ) : null}
    </>
  );
}

/** The server's price: lines, coupon, taxes as the site shows them, and the total. */
export function PriceSummary({ quote }: { quote: PriceBreakdown }) {
  const m = (amount: number) => formatMinor(amount, quote.currency);
  const tcs = quote.taxes.find((t) => t.code === 'TCS');
  return (
    <div className="price-summary">
      <ul className="price-lines">
        {quote.lines.map((l, i) => (
          <li key={`${l.packageId}-${l.travelDate}-${i}`}>
            <span>
              <strong>{l.title}</strong>
              <br />
              <small>
                {l.city} · {l.nights} nights from {formatTravelDate(l.travelDate)} · {partyText(l)}
              </small>
            </span>
            <span>{m(l.amount)}</span>
          </li>
        ))}
      </ul>
      <dl className="price-totals">
        <SubtotalRows subtotal={quote.subtotal} discount={quote.discount} couponCode={quote.coupon?.code} m={m} />
        {quote.taxes.map((t) => (
          <div key={t.code} className={t.included ? 'price-included' : undefined}>
            <dt>{t.label}</dt>
            <dd>{m(t.amount)}</dd>
          </div>
        ))}
        <div className="price-total">
          <dt>Total to pay</dt>
          <dd>{m(quote.total)}</dd>
        </div>
      </dl>
      {tcs ? (
        <p className="acc-hint">
          TCS is tax collected at source on holidays outside India ({tcs.rate}%). It is credited against the lead
          traveller’s PAN, and you can claim it in your income tax return.
        </p>
      ) : null}
    </div>
  );
}
