import { verifyRazorpayPayment } from '../../../contract/booking-calls.ts';
import type { NextStep } from '../../../contract/booking.ts';
import type { PayWith } from '../../../contract/coupons.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';

/*
 * Opening a gateway for a booking. The card never touches our pages: Razorpay's own checkout
 * (its script, loaded only here and only when Razorpay is on) or Stripe's hosted page.
 */

export interface RazorpayHandlerAnswer {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', fn: (answer: { error?: { description?: string } }) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

let loading: Promise<void> | null = null;

/** Razorpay's checkout.js, once per page; allowed by the India checkout's own CSP. */
function loadRazorpay(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('We could not open Razorpay. Check your connection and try again: your booking is saved.'));
    };
    document.head.append(script);
  });
  return loading;
}

export type PaymentOutcome = 'paid' | 'left-for-gateway' | 'dismissed';

const METHOD_BLOCK: Record<PayWith, string> = {
  card: 'Pay by card',
  netbanking: 'Pay by net banking',
  upi: 'Pay by UPI',
};

/**
 * Razorpay checkout's `config` showing one way of paying only (a payment-method coupon's): a block
 * of that method, and none of checkout's default blocks
 * (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/configure-payment-methods/).
 */
export function onlyMethodConfig(method: PayWith) {
  return {
    display: {
      blocks: { coupon: { name: METHOD_BLOCK[method], instruments: [{ method }] } },
      sequence: ['block.coupon'],
      preferences: { show_default_blocks: false },
    },
  };
}

/**
 * Takes the traveller through the gateway's step: resolves 'paid' once our server has verified the
 * payment, 'dismissed' when they closed Razorpay's window, or 'left-for-gateway' as the page goes
 * to Stripe (the return page verifies it).
 */
export async function openPayment(
  next: NextStep,
  bookingId: number,
  site: 'UAE' | 'IN',
  /**
   * How Razorpay's answer is checked by our server: the traveller's own verify call unless given (a payment link's:
   * decision 0095).
   */
  verify: (answer: RazorpayHandlerAnswer) => Promise<unknown> = (answer) =>
    callApi(verifyRazorpayPayment, { BookingId: bookingId, ...answer }, { auth: true, headers: { Country: site } }),
): Promise<PaymentOutcome> {
  if (next.type === 'stripe') {
    window.location.assign(next.url);
    return 'left-for-gateway';
  }
  if (next.type !== 'razorpay') return 'paid';
  await loadRazorpay(next.checkoutUrl);
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('We could not open Razorpay. Please try again: your booking is saved.');
  return new Promise<PaymentOutcome>((resolve, reject) => {
    const checkout = new Razorpay({
      key: next.keyId,
      amount: next.amount,
      currency: next.currency,
      order_id: next.orderId,
      name: next.name,
      description: next.description,
      prefill: next.prefill,
      timeout: next.timeout,
      ...(next.method ? { config: onlyMethodConfig(next.method) } : {}),
      handler: (answer: RazorpayHandlerAnswer) => {
        verify(answer).then(
          () => resolve('paid'),
          // Razorpay's webhook may have recorded this payment first: it is paid all the same.
          (err: unknown) =>
            err instanceof ApiError && err.httpStatus === 409 && /already been verified/.test(err.message)
              ? resolve('paid')
              : reject(err),
        );
      },
      modal: { ondismiss: () => resolve('dismissed') },
    });
    checkout.on('payment.failed', (answer) =>
      reject(
        new Error(answer.error?.description ?? 'The payment did not go through. Your booking is saved: try again.'),
      ),
    );
    checkout.open();
  });
}
