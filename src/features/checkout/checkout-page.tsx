import { FormMessages } from '../../components/form-messages.tsx';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { createBooking, getBookingQuote } from '../../../contract/booking-calls.ts';
import { BOOKING_MESSAGES, type PaymentMethod } from '../../../contract/booking.ts';
import { getApplicableCoupons } from '../../../contract/coupon-calls.ts';
import { BOOKING_SUCCESS } from '../../../contract/envelope.ts';
import { useSettings, useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { ApiError, callApi, callEnvelope } from '../../lib/api-client.ts';
import { focusHeading } from '../../lib/focus-heading.ts';
import { Steps, messageOf } from '../account/form-bits.tsx';
import { useProfile } from '../account/use-account-data.ts';
import { useSession } from '../account/use-session.ts';
import { requestSync } from '../cart/sync-runner.ts';
import { couponFromCart, forgetCartFigures } from '../cart/cart-figures.ts';
import { forgetHold } from '../cart/cart-holds.ts';
import { TotalChange } from './total-change.tsx';
import { useOnline } from '../cart/use-online.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import { shopDb } from '../../lib/db.ts';
import { newestDraft } from './checkout-draft.ts';
import { addressLines, bookingKey, partyOf } from './checkout-form.ts';
import { serverFieldErrors } from './server-field-errors.ts';
import { useCheckoutDraft, type HeldFor } from './use-checkout-draft.ts';
import { HoldClock } from './hold-clock.tsx';
import { checkoutNavigation, onCheckoutDocument } from './checkout-document.ts';
import { depositNowText, type DepositFigures } from './deposit-words.ts';
import { openPayment } from './open-payment.ts';
import { PayStep } from './pay-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { TravellersStep, travellerErrors } from './travellers-step.tsx';
import { CheckoutTotal } from './tax-hint.tsx';
import { useCurrentHold } from './use-current-hold.ts';
import '../account/account.css';
import './checkout.css';

const STEPS = ['travellers', 'review', 'pay'] as const;
type Step = (typeof STEPS)[number];
/** Each step's heading, where the step starts (on screen, below the header) and focus goes. */
const STEP_HEADING: Record<Step, string> = {
  travellers: 'travellers-heading',
  review: 'review-heading',
  pay: 'pay-heading',
};
const IN_FLIGHT = 'This change is being processed. Please try again in a moment.';
/** Said above the travellers step when a later step was opened without what it needs, or the server refused a field. */
const MISSING = 'Some details are missing or need a change: they are marked below.';

const doneKey = (site: string, userId: string) => `wl-checkout-done:${site}:${userId}`;

function SignInFirst() {
  const { href } = useSite();
  const back = encodeURIComponent(href('/checkout'));
  return (
    <section className="auth-card checkout-signin" aria-labelledby="signin-heading">
      <h2 id="signin-heading">Log in to book</h2>
      <p>{BOOKING_MESSAGES.needsSignIn}</p>
      <div className="checkout-actions">
        <Link className="button button-primary" to={href(`/login?callbackUrl=${back}`)}>
          Log in
        </Link>
        <Link className="button" to={href(`/signup?callbackUrl=${back}`)}>
          Create an account
        </Link>
      </div>
    </section>
  );
}

function Checkout({ userId }: { userId: string }) {
  const { site, href } = useSite();
  const settings = useSettings();
  const online = useOnline();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('step');
  const step: Step = STEPS.includes(requested as Step) ? (requested as Step) : 'travellers';
  const { state, holdAgain } = useCurrentHold(userId, site, online);
  const hold = state.at === 'ready' ? state.hold : null;
  const owner = `user:${userId}`;
  // Offline, the draft kept for a hold still running stands for the hold the server would name.
  const offlineDraft = useLiveQuery(
    () => (online ? null : newestDraft(shopDb(), owner, site).catch(() => null)),
    [online, owner, site],
  );
  const heldFromDraft = !hold && !online && offlineDraft ? offlineDraft : null;
  const held: HeldFor | null = hold
    ? { holdId: hold.TempBookingId, holdExpiresAt: hold.holdExpiresAt, party: partyOf(hold.items) }
    : heldFromDraft
      ? { holdId: heldFromDraft.holdId, holdExpiresAt: heldFromDraft.holdExpiresAt, party: heldFromDraft.party }
      : null;
  const draft = useCheckoutDraft(owner, site, held);
  const form = draft.form;
  const setForm = draft.update;
  // The fields a later step found missing, or the server refused, marked on the travellers step.
  const [marked, setMarked] = useState<Record<string, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [holding, setHolding] = useState(false);
  // The deposit CreateBooking took (the server's figure), shown as its gateway opens (docs/decisions/0108).
  const [taken, setTaken] = useState<DepositFigures | null>(null);
  const profile = useProfile(userId);

  // India's checkout opens Razorpay's script, which only this page's own policy allows: a page
  // reached inside the app (another page's policy) is loaded afresh as a document.
  useEffect(() => {
    if (checkoutNavigation(site, settings.razorpayCheckout) === 'document' && !onCheckoutDocument())
      window.location.replace(window.location.href);
  }, [site, settings.razorpayCheckout]);

  // The lead traveller starts as the account's own details, when nothing was typed yet.
  const p = profile.data;
  const formLoaded = form !== null;
  useEffect(() => {
    if (!p || !formLoaded) return;
    setForm((f) => {
      if (f.lead.FirstName || f.lead.LastName || f.lead.Email) return f;
      return {
        ...f,
        lead: {
          ...f.lead,
          Title: p.title ?? '',
          FirstName: p.firstName ?? '',
          LastName: p.lastName ?? '',
          Email: p.email ?? '',
          DOB: p.dob ?? '',
          Phone: p.phone ?? undefined,
        },
      };
    });
  }, [p, formLoaded, setForm]);

  // The hold ended (the server has none running): its drafts go with it.
  const noHold = state.at === 'none';
  const clearDraft = draft.clear;
  useEffect(() => {
    if (noHold) void clearDraft('all');
  }, [noHold, clearDraft]);

  const auth = { auth: true, headers: { Country: site } } as const;
  // How the traveller will pay at the gateway, once chosen at review: coupons tied to it apply only then.
  const payWith = form?.payWith ?? undefined;
  const coupons = useSWR(hold && online ? ['checkout/coupons', userId, site, hold.TempBookingId, payWith] : null, () =>
    callApi(
      getApplicableCoupons,
      { cartTotal: hold!.total, userId: Number(userId), TempBookingId: hold!.TempBookingId, PayWith: payWith },
      auth,
    ),
  );
  const best = coupons.data?.coupons.find((c) => c.applicable)?.coupon.code ?? '';
  // Until the traveller chooses here, the cart's choice holds (a coupon removed in the cart stays
  // removed), else the best coupon for this cart is applied, as the cart showed (docs/decisions/0106).
  const [cartCoupon] = useState(() => couponFromCart(site));
  const chosenCoupon = form?.coupon ?? cartCoupon ?? (coupons.data || coupons.error ? best : null);
  const quote = useSWR(
    hold && online && chosenCoupon !== null
      ? ['checkout/quote', userId, site, hold.TempBookingId, chosenCoupon, payWith]
      : null,
    () =>
      callApi(
        getBookingQuote,
        { TempBookingId: hold!.TempBookingId, CouponCode: chosenCoupon || undefined, PayWith: payWith },
        auth,
      ),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  const q = quote.data?.TempBookingId === hold?.TempBookingId ? quote.data : undefined;
  const methods = q?.paymentMethods ?? ['pay-later'];
  const method: PaymentMethod =
    form?.method && methods.includes(form.method) ? form.method : (methods[0] ?? 'pay-later');
  // A deposit now by the site's gateway, where the quote offers one (docs/decisions/0108): a choice
  // kept in the draft with the rest of the form (decision 0099), so a reload or a killed tab keeps it.
  const deposit = Boolean(form?.deposit) && Boolean(q?.deposit);

  const go = (next: Step) => setParams(next === 'travellers' ? {} : { step: next });

  // A step is reached only with what it needs: review and payment need every traveller's details
  // as the travellers step checks them (a new tab, a bookmark or the history can open them first).
  const panRequired = q?.panRequired ?? false;
  const invoiceValue = q
    ? q.total - q.taxes.filter((t) => t.code === 'TCS').reduce((sum, t) => sum + t.amount, 0)
    : null;
  const missing = form && step !== 'travellers' ? travellerErrors(form, panRequired, { site, invoiceValue }) : null;
  const lacking = missing !== null && Object.keys(missing).length > 0;
  useEffect(() => {
    if (!lacking || !missing) return;
    setMarked(missing);
    setParams({}, { replace: true });
    // `missing` is computed afresh each render; `lacking` and the step say when to act.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lacking, step]);

  // A new step (forward, back or from the browser's history) opens at its heading, focused: the
  // button that led there sat at the bottom of a longer step. The first step is the page's start.
  const shownStep = useRef(step);
  useEffect(() => {
    // Back and forward between the steps too: the browser's own scroll restoring would win.
    const before = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    return () => {
      history.scrollRestoration = before;
    };
  }, []);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    return focusHeading(() => document.getElementById(STEP_HEADING[step]), 'heading');
  }, [step]);

  async function book() {
    if (!hold || !q || !form) return;
    setBusy(true);
    setError(null);
    let made: { BookingId: number; RefIdKey: string } | null = null;
    try {
      const answer = await callEnvelope(
        createBooking,
        {
          TempBookingId: hold.TempBookingId,
          PaymentMethod: deposit ? (methods.find((m) => m !== 'pay-later') ?? method) : method,
          Deposit: deposit || undefined,
          LeadTraveller: {
            ...form.lead,
            Phone: form.lead.Phone ?? '',
            State: site === 'IN' ? form.lead.State || undefined : undefined,
            Address: addressLines(form.lead.Address),
          } as never,
          Gstin: site === 'IN' && form.gstin.trim() ? form.gstin : undefined,
          Trn: site === 'UAE' && form.trn.trim() ? form.trn : undefined,
          Travellers: form.others,
          SpecialRequests: form.specialRequests,
          Pan: q.panRequired ? form.pan : undefined,
          CouponCode: chosenCoupon || undefined,
          PayWith: method === 'pay-later' ? undefined : payWith,
        },
        { ...auth, idempotencyKey: bookingKey(hold.TempBookingId) },
      );
      // Spec §4: a booking counts as made only when the status is 'Success'.
      if (answer.status !== BOOKING_SUCCESS)
        throw new Error(answer.message || 'Your booking was not made. Please try again.');
      const b = answer.data;
      made = b;
      // Rendered before the hold leaves the device and the gateway opens (a page left for Stripe's renders no more).
      if (b.DepositAmount !== undefined) {
        const figures = {
          currency: b.Currency,
          deposit: b.DepositAmount,
          balance: b.Total - b.DepositAmount,
          dueOn: q.deposit?.dueOn ?? null,
        };
        flushSync(() => setTaken(figures));
      }
      await draft.clear('this-hold');
      // The hold became a booking: it leaves the device, and the cart's coupon choice with it (docs/decisions/0106).
      await forgetHold(shopDb(), hold.TempBookingId).catch(() => undefined);
      forgetCartFigures(site);
      // The booked lines left the server's cart: this device's cart catches up.
      void requestSync();
      sessionStorage.setItem(doneKey(site, userId), b.RefIdKey);
      const outcome = await openPayment(b.Next, b.BookingId, site);
      if (outcome === 'left-for-gateway') return;
      navigate(href(`/trips/${b.RefIdKey}?booked=1`), { replace: true });
    } catch (err) {
      if (made) {
        // The booking is made; only its payment is not: the trip page offers to pay again.
        navigate(href(`/trips/${made.RefIdKey}?booked=1`), { replace: true, state: { paymentError: messageOf(err) } });
        return;
      }
      // A refusal means the traveller changes something and books anew (a new key); no answer
      // or "still in progress" keeps the key, so trying again cannot make a second booking.
      if (err instanceof ApiError && err.httpStatus < 500 && err.message !== IN_FLIGHT)
        bookingKey(hold.TempBookingId, true);
      // A field the server refused is shown under that field on the travellers step, in words.
      const { fields, rest } = serverFieldErrors(messageOf(err));
      if (Object.keys(fields).length) {
        setMarked(fields);
        go('travellers');
      }
      setError(rest);
    } finally {
      setBusy(false);
    }
  }

  async function hold_again() {
    setHolding(true);
    setError(null);
    try {
      await holdAgain();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setHolding(false);
    }
  }

  const made = sessionStorage.getItem(doneKey(site, userId));
  let body: React.ReactNode;
  if (held && (state.at === 'ready' || state.at === 'loading')) {
    body = (
      <>
        <HoldClock until={held.holdExpiresAt} onHoldAgain={() => void hold_again()} busy={holding} />
        {/* Review shows the whole price with each tax line; the other steps show the total and its taxes. */}
        {step !== 'review' ? <CheckoutTotal quote={q} /> : null}
        {q ? <TotalChange site={site} quote={q} /> : null}
        {!form || lacking ? <p aria-busy="true">Finding what you typed…</p> : null}
        {form && step === 'travellers' ? (
          <>
            {marked ? (
              <p className="notice notice-error" role="alert">
                {MISSING}
              </p>
            ) : null}
            <TravellersStep
              form={form}
              onChange={setForm}
              marked={marked}
              panRequired={panRequired}
              tcsRate={q?.taxes.find((t) => t.code === 'TCS')?.rate ?? null}
              invoiceValue={invoiceValue}
              site={site}
              online={online}
              onDone={() => {
                setMarked(null);
                go('review');
              }}
            />
          </>
        ) : null}
        {form && !lacking && step === 'review' ? (
          <ReviewStep
            quote={q}
            quoteError={quote.error ? messageOf(quote.error) : null}
            coupons={coupons.data?.coupons ?? []}
            form={form}
            chosenCoupon={chosenCoupon ?? ''}
            onCoupon={(code) => setForm({ ...form, coupon: code })}
            payWithChoices={
              methods.includes('razorpay') ? ['card', 'netbanking', 'upi'] : methods.includes('stripe') ? ['card'] : []
            }
            onPayWith={(p) => setForm({ ...form, payWith: p })}
            online={online}
            onDone={() => go('pay')}
          />
        ) : null}
        {form && !lacking && step === 'pay' && q ? (
          <PayStep
            quote={q}
            method={method}
            onMethod={(m) => setForm({ ...form, method: m, deposit: false })}
            deposit={deposit}
            onDeposit={() => setForm({ ...form, deposit: true })}
            busy={busy}
            error={error}
            online={online}
            onBook={() => void book()}
          />
        ) : null}
        {form && !lacking && step === 'pay' && !q ? <p aria-busy="true">Pricing your holidays…</p> : null}
      </>
    );
  } else if (state.at === 'loading') body = <p aria-busy="true">Finding your held holidays…</p>;
  else if (state.at === 'waiting') body = <p aria-busy="true">Holding your holidays… (this needs a connection)</p>;
  else if (state.at === 'refused' || state.at === 'error') {
    body = (
      <div className="notice notice-error" role="alert">
        <p>{state.message}</p>
        <Link to={href('/cart')}>Back to your cart</Link>
      </div>
    );
  } else if (state.at === 'none') {
    body = (
      <div className="notice">
        {made ? (
          <p>
            Your booking is made: <Link to={href(`/trips/${made}`)}>see booking {made}</Link>.
          </p>
        ) : (
          <p>You have no holidays on hold. Holding keeps today’s prices and your rooms for a while as you book.</p>
        )}
        <div className="checkout-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={holding || !online}
            onClick={() => void hold_again()}
          >
            {holding ? 'Holding…' : 'Hold my cart'}
          </button>
          <Link className="button" to={href('/cart')}>
            Back to your cart
          </Link>
        </div>
        <FormMessages error={error} />
      </div>
    );
  } else {
    body = <p aria-busy="true">Finding your held holidays…</p>;
  }

  return (
    <>
      <Steps steps={['Travellers', 'Review', 'Payment']} current={STEPS.indexOf(step)} />
      {!online ? (
        <p className="notice offline-banner" role="status">
          You are offline. Booking needs a connection: what you typed is kept on this phone, so carry on when you are
          back online.
        </p>
      ) : null}
      {taken ? (
        <p className="notice checkout-deposit-taken" role="status">
          {depositNowText(taken)}
        </p>
      ) : null}
      {body}
    </>
  );
}

/** Checkout: who travels → review with the server's price → pay (a gateway or later). */
export default function CheckoutPage() {
  const session = useSession({ refetchOnWindowFocus: true });
  return (
    <section className="section checkout-page">
      <Seo title="Checkout" description="Book your held holidays." noindex />
      <h1>Checkout</h1>
      {session.status === 'authenticated' && session.data ? (
        <Checkout userId={session.data.user.id} />
      ) : session.status === 'unauthenticated' ? (
        <SignInFirst />
      ) : (
        <p aria-busy="true">Loading…</p>
      )}
    </section>
  );
}
