import useSWR from 'swr';
import { bookingDetailById, bookingsList } from '../../../contract/booking-calls.ts';
import { BOOKING_MESSAGES } from '../../../contract/booking.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { readIdentity } from '../../lib/identity.ts';
import { refreshSession } from '../account/use-session.ts';

/** A 401 means the server no longer honours the token: the session catches up. */
async function signedIn<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError && err.httpStatus === 401) void refreshSession();
    throw err;
  }
}

/** The user id the booking calls need (spec §5): the stored user_id cookie, or the spec's error. */
function storedUserId(): string {
  const identity = readIdentity();
  if (identity.kind !== 'user') throw new Error(BOOKING_MESSAGES.userIdMissing);
  return identity.userId;
}

/** The traveller's bookings (both sites), newest first. Keyed by user: another sign-in never sees them. */
export function useBookings(userId: string) {
  return useSWR(['trips/list', userId], () => signedIn(() => callApi(bookingsList, { userid: Number(storedUserId()) }, { auth: true })), { revalidateOnFocus: true });
}

export function useBooking(userId: string, ref: string) {
  return useSWR(
    ['trips/detail', userId, ref],
    () =>
      signedIn(() => {
        storedUserId();
        return callApi(bookingDetailById, { RefIdKey: ref }, { auth: true });
      }),
    { revalidateOnFocus: true },
  );
}
