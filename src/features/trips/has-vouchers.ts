import type { BookingSummary } from '../../../contract/booking.ts';

/**
 * Whether a booking has its supplier vouchers (decision 0093): the server says so in
 * `vouchersIssued` (paid in full, or kept from the older pay-later rules); a copy saved on the phone
 * before that field existed reads its payment state, as the shop did then.
 */
export const hasVouchers = (
  b: Pick<BookingSummary, 'Status' | 'PaymentStatus'> & { vouchersIssued?: boolean },
): boolean => b.vouchersIssued ?? (b.Status === 'confirmed' && b.PaymentStatus === 'paid');
