import type { BookingStatus, PaymentStatus } from '../../../contract/booking.ts';

const STATUS: Record<BookingStatus, string> = {
  'awaiting-payment': 'Awaiting payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};
const PAYMENT: Record<PaymentStatus, string> = {
  unpaid: 'Not paid yet',
  'partly-paid': 'Partly paid',
  paid: 'Paid',
  failed: 'Payment failed',
  'refund-due': 'Refund due',
  'partly-refunded': 'Partly refunded',
  refunded: 'Refunded',
};

/** A booking's state in words, and its payment's. */
export function BookingStatusBadges({ status, payment }: { status: BookingStatus; payment: PaymentStatus }) {
  return (
    <span className="trip-badges">
      <span className={`trip-badge trip-${status}`}>{STATUS[status]}</span>
      <span className={`trip-badge trip-pay-${payment}`}>{PAYMENT[payment]}</span>
    </span>
  );
}
