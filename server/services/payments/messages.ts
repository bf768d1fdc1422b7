import { formatDay } from '../../../contract/format.ts';

/** What a traveller is told about a payment: the verify calls' refusals and the pay-later limits. */
export const PAYMENT_MESSAGES = {
  notThisBooking: 'This payment is not for this booking. Nothing has changed.',
  badSignature:
    'We could not verify this payment: its signature is not Razorpay’s. Nothing has changed on your booking.',
  alreadyVerified: 'This payment has already been verified.',
  paidTwice: 'This booking was already paid. We have recorded this second payment and will refund it to you.',
  paymentIdUsed: 'This payment was already used for another booking. Nothing has changed.',
  amountMismatch:
    'The amount or currency of this payment does not match your booking. Nothing has changed; call us if money was taken.',
  notPaidYet: 'Stripe has not confirmed this payment yet. If you paid, your booking will show as paid shortly.',
  cancelled: 'This booking was cancelled, so it cannot be paid. Call us if money was taken.',
  /** A payment that came after the booking was cancelled, and could not bring it back. */
  lateRefund: (amount: string, ref: string) =>
    `We received your payment of ${amount} after booking ${ref} was cancelled (it was not paid in time), and its rooms are no longer available. The booking stays cancelled: we have recorded your payment and will refund ${amount} to you. We have emailed you the details.`,
  /** A payment that came after staff cancelled the booking: never reinstated. */
  cancelledRefund: (amount: string, ref: string) =>
    `We received your payment of ${amount} after booking ${ref} was cancelled. The booking stays cancelled: we have recorded your payment and will refund ${amount} to you. We have emailed you the details.`,
  /** More was taken than was due (the balance was paid another way meanwhile). */
  excessRefund: (excess: string, ref: string) =>
    `Your payment is recorded on booking ${ref}. It was ${excess} more than was still due (part of the balance had already reached us another way), so we will refund ${excess} to you.`,
  /** A payment-method coupon paid with another method. */
  methodRefund: (needs: string, used: string) =>
    `Your coupon is for payment by ${needs}, but this payment was made by ${used}. Your booking is not paid: we have recorded this payment and will refund it to you. Pay again by ${needs} to keep the coupon's price.`,
  nothingDue: 'This booking has nothing left to pay.',
  /** A rest below the least the gateway takes in one payment. */
  belowOnlineMinimum: (due: string, minimum: string, ref: string, phone: string) =>
    `The ${due} left on this booking is less than the least we can take online (${minimum}). Pay it by bank transfer quoting your booking reference ${ref}, or call us on ${phone} to pay it.`,
  balanceOverdue: (dueOn: string, phone: string) =>
    `The balance of this booking was due on ${formatDay(dueOn)}, so it can no longer be paid online. Call us on ${phone} to pay or to change your booking.`,
} as const;
