import { FormMessages } from '../../components/form-messages.tsx';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useSite } from '../../app/site-context.tsx';
import type { BookingQuote, PaymentMethod } from '../../../contract/booking.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { depositNowText } from './deposit-words.ts';

const METHOD_TEXT: Record<PaymentMethod, { label: string; hint: string }> = {
  razorpay: {
    label: 'Pay now: UPI, card or netbanking',
    hint: 'Razorpay’s secure window opens; your card details never reach us.',
  },
  stripe: { label: 'Pay now by card', hint: 'You continue on Stripe’s secure page and come back here.' },
  'pay-later': {
    label: 'Book now, pay later by bank transfer',
    hint: 'Your booking is confirmed now. Pay within a week (and before you travel); the bank details come with your confirmation.',
  },
};

export function PayStep(props: {
  quote: BookingQuote;
  method: PaymentMethod;
  onMethod(method: PaymentMethod): void;
  /** The deposit is chosen (docs/decisions/0108): the gateway takes quote.deposit.amount now. */
  deposit?: boolean;
  onDeposit?(): void;
  busy: boolean;
  error: string | null;
  online: boolean;
  onBook(): void;
}) {
  const name = useId();
  const total = formatMinor(props.quote.total, props.quote.currency);
  const gateway = props.method !== 'pay-later' || Boolean(props.deposit);
  const offer = props.quote.deposit ?? null;
  const depositNow = offer && props.deposit ? formatMinor(offer.amount, props.quote.currency) : null;
  const { href } = useSite();
  return (
    <section className="checkout-pay" aria-labelledby="pay-heading">
      <h2 id="pay-heading">Payment</h2>
      <fieldset className="checkout-fieldset">
        <legend>How would you like to pay {total}?</legend>
        {props.quote.paymentMethods.map((m) => (
          <label key={m} className="choice">
            <input
              type="radio"
              name={name}
              value={m}
              checked={!props.deposit && props.method === m}
              onChange={() => props.onMethod(m)}
            />
            <span>
              <strong>{METHOD_TEXT[m].label}</strong>
              <br />
              <small>{METHOD_TEXT[m].hint}</small>
            </span>
          </label>
        ))}
        {offer && props.onDeposit ? (
          <label className="choice">
            <input
              type="radio"
              name={name}
              value="deposit"
              checked={Boolean(props.deposit)}
              onChange={() => props.onDeposit?.()}
            />
            <span>
              <strong>
                Pay a deposit now: {formatMinor(offer.amount, props.quote.currency)} ({offer.percent}%)
              </strong>
              <br />
              <small>
                {props.quote.currency === 'INR' ? 'By UPI or card now' : 'By card now'}; the rest,{' '}
                {formatMinor(offer.balance, props.quote.currency)}, by {formatDay(offer.dueOn)}, online from My trips or
                by bank transfer.
              </small>
            </span>
          </label>
        ) : null}
      </fieldset>
      {offer && props.deposit ? (
        <p className="checkout-deposit-now" role="status">
          {depositNowText({
            currency: props.quote.currency,
            deposit: offer.amount,
            balance: offer.balance,
            dueOn: offer.dueOn,
          })}
        </p>
      ) : null}
      {props.quote.payLaterUnavailable ? (
        <p className="acc-hint checkout-pay-later-missing" role="note">
          {props.quote.payLaterUnavailable}
        </p>
      ) : null}
      <FormMessages error={props.error} />
      <button
        type="button"
        className="button button-primary acc-wide"
        disabled={props.busy || !props.online || props.quote.paymentMethods.length === 0}
        onClick={props.onBook}
      >
        {props.busy
          ? 'Booking…'
          : depositNow
            ? `Book and pay ${depositNow} deposit`
            : gateway
              ? `Book and pay ${total}`
              : 'Confirm booking'}
      </button>
      <p className="acc-hint">
        By booking you accept our{' '}
        <Link to={href('/terms')} target="_blank">
          booking terms
        </Link>{' '}
        (with each package’s cancellation policy and how refunds are made), the package’s inclusions and exclusions
        shown on its page, and our{' '}
        <Link to={href('/privacy')} target="_blank">
          privacy policy
        </Link>
        .
      </p>
    </section>
  );
}
