/**
 * Booking messages the browser needs without the booking schemas (and zod): My trips' first code
 * stays light (decision 0072). contract/booking.ts's BOOKING_MESSAGES uses the same text.
 */

/** Spec §5: the booking list and details need the stored user id. */
export const USER_ID_MISSING = 'User ID not found in cookies';
