import { useId, useState } from 'react';
import type { BookingQuote } from '../../../contract/booking.ts';
import type { ApplicableCoupon, PayWith } from '../../../contract/coupons.ts';
import { couponDiscountText, couponPaymentText } from '../../../contract/format.ts';
import { useSite } from '../../app/site-context.tsx';
import { FormMessages } from '../../components/form-messages.tsx';
import type { CheckoutForm } from './checkout-form.ts';
import { PriceSummary } from './price-summary.tsx';

/** The coupons this cart can use (best first, as the server sorts them), a typed code, or none. */
function CouponChoice({
  coupons,
  chosen,
  onChoose,
  error,
}: {
  coupons: ApplicableCoupon[];
  chosen: string;
  onChoose(code: string): void;
  error: string | null;
}) {
  const { money } = useSite();
  const [typed, setTyped] = useState('');
  const name = useId();
  const [all, setAll] = useState(false);
  const usable = coupons.filter((c) => c.applicable);
  // Coupons for another way of paying: shown with their rule, never chosen for the traveller.
  const byPaying = coupons.filter(
    (c) => !c.applicable && c.coupon.payment && c.reason?.startsWith('This coupon is for paying'),
  );
  // The best three, and the chosen one wherever it ranks; the rest on request.
  const shown = all ? usable : usable.filter((c, i) => i < 3 || c.coupon.code === chosen);
  const typedIsOther = chosen !== '' && !usable.some((c) => c.coupon.code === chosen);
  return (
    <fieldset className="checkout-fieldset coupon-choice">
      <legend>Coupon</legend>
      {shown.map((c) => (
        <label key={c.coupon.code} className="choice">
          <input type="radio" name={name} checked={chosen === c.coupon.code} onChange={() => onChoose(c.coupon.code)} />
          <span>
            <strong>{c.coupon.code}</strong> · saves {money(c.discount)}
            <br />
            <small>
              {c.coupon.title} ({couponDiscountText(c.coupon.discount, money)})
            </small>
          </span>
        </label>
      ))}
      {byPaying.map((c) => (
        <p key={c.coupon.code} className="acc-hint coupon-by-paying">
          <strong>{c.coupon.code}</strong>: {couponDiscountText(c.coupon.discount, money)}.{' '}
          {couponPaymentText(c.coupon.payment)}.
        </p>
      ))}
      {shown.length < usable.length ? (
        <button type="button" className="link-button" onClick={() => setAll(true)}>
          Show {usable.length - shown.length} more {usable.length - shown.length === 1 ? 'coupon' : 'coupons'}
        </button>
      ) : null}
      <label className="choice">
        <input type="radio" name={name} checked={chosen === ''} onChange={() => onChoose('')} />
        <span>No coupon</span>
      </label>
      <div className="coupon-entry">
        <label htmlFor={`${name}-code`}>Have a code?</label>
        <input
          id={`${name}-code`}
          value={typed}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          onChange={(e) => setTyped(e.target.value.toUpperCase())}
        />
        <button type="button" className="button" disabled={!typed.trim()} onClick={() => onChoose(typed.trim())}>
          Apply
        </button>
      </div>
      <p className="field-error" role="status">
        {typedIsOther && error ? `${chosen}: ${error}` : ''}
      </p>
    </fieldset>
  );
}

const PAY_WITH_LABEL: Record<PayWith, string> = { card: 'Card', netbanking: 'Net banking', upi: 'UPI' };

/** How the traveller will pay online: some coupons are for one way of paying, and apply only once it is chosen. */
function PayWithChoice({
  choices,
  chosen,
  onChoose,
}: {
  choices: PayWith[];
  chosen: PayWith | null;
  onChoose(p: PayWith | null): void;
}) {
  const name = useId();
  return (
    <fieldset className="checkout-fieldset pay-with-choice">
      <legend>How will you pay online?</legend>
      <p className="acc-hint">Some coupons are for one way of paying: they apply once you choose it.</p>
      {choices.map((p) => (
        <label key={p} className="choice">
          <input type="radio" name={name} checked={chosen === p} onChange={() => onChoose(p)} />
          <span>{PAY_WITH_LABEL[p]}</span>
        </label>
      ))}
      <label className="choice">
        <input type="radio" name={name} checked={chosen === null} onChange={() => onChoose(null)} />
        <span>Not decided yet</span>
      </label>
    </fieldset>
  );
}

export function ReviewStep(props: {
  quote: BookingQuote | undefined;
  quoteError: string | null;
  coupons: ApplicableCoupon[];
  form: CheckoutForm;
  chosenCoupon: string;
  onCoupon(code: string): void;
  /** Ways of paying at the site's gateway (none when it is off). */
  payWithChoices: PayWith[];
  onPayWith(p: PayWith | null): void;
  online: boolean;
  onDone(): void;
}) {
  const { quote, form } = props;
  const lead = form.lead;
  return (
    <section className="checkout-review" aria-labelledby="review-heading">
      <h2 id="review-heading">Review your booking</h2>
      <div className="checkout-who">
        <p>
          <strong>
            {lead.Title} {lead.FirstName} {lead.LastName}
          </strong>{' '}
          (lead traveller) · {lead.Email} · {lead.Phone}
        </p>
        {form.others.length ? <p>With {form.others.map((t) => `${t.FirstName} ${t.LastName}`).join(', ')}</p> : null}
        {form.specialRequests ? <p>Requests: {form.specialRequests}</p> : null}
      </div>
      {props.payWithChoices.length ? (
        <PayWithChoice choices={props.payWithChoices} chosen={form.payWith ?? null} onChoose={props.onPayWith} />
      ) : null}
      <CouponChoice
        coupons={props.coupons}
        chosen={props.chosenCoupon}
        onChoose={props.onCoupon}
        error={quote?.couponError ?? null}
      />
      {quote ? (
        <PriceSummary quote={quote} />
      ) : props.quoteError ? null : (
        <p aria-busy="true">Pricing your holidays…</p>
      )}
      {quote?.cancellationPolicies?.length ? (
        <section className="checkout-cancellation" aria-labelledby="review-cancellation-heading">
          <h3 id="review-cancellation-heading">Cancellation policy</h3>
          {quote.cancellationPolicies.map((p) => (
            <div key={p.packageId}>
              {quote.cancellationPolicies!.length > 1 ? (
                <p>
                  <strong>{p.title}</strong>
                </p>
              ) : null}
              <ul>
                {p.lines.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            </div>
          ))}
          <p className="acc-hint">
            Counted from the first travel date, as a share of the total. You can ask to cancel from My trips.
          </p>
        </section>
      ) : null}
      {quote?.payLaterUnavailable ? (
        <p className="acc-hint checkout-pay-later-missing" role="note">
          {quote.payLaterUnavailable}
        </p>
      ) : null}
      <FormMessages error={props.quoteError} />
      <button
        type="button"
        className="button button-primary acc-wide"
        disabled={!quote || !props.online || Boolean(quote.couponError && props.chosenCoupon)}
        onClick={props.onDone}
      >
        Continue to payment
      </button>
    </section>
  );
}
