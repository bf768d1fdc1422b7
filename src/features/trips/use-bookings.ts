import useSWR from 'swr';
import { bookingDetailById, bookingsList } from '../../../contract/booking-calls.ts';
import { USER_ID_MISSING } from '../../../contract/booking-messages.ts';
import { callApi } from '../../lib/api-client.ts';
import { readIdentity } from '../../lib/identity.ts';
import { signedInCall } from '../account/signed-in-call.ts';
import { tripsListKey } from './trips-data.ts';

/** The user id the booking calls need (spec §5): the stored user_id cookie, or the spec's error. */
function storedUserId(): string {
  const identity = readIdentity();
  if (identity.kind !== 'user') throw new Error(USER_ID_MISSING);
  return identity.userId;
}

/** The traveller's bookings (both sites), newest first. Keyed by user: another sign-in never sees them. */
export function useBookings(userId: string) {
  return useSWR(
    tripsListKey(userId),
    () => signedInCall(() => callApi(bookingsList, { userid: Number(storedUserId()) }, { auth: true })),
    { revalidateOnFocus: true },
  );
}

export function useBooking(userId: string, ref: string) {
  return useSWR(
    ['trips/detail', userId, ref],
    () =>
      signedInCall(() => {
        storedUserId();
        return callApi(bookingDetailById, { RefIdKey: ref }, { auth: true });
      }),
    { revalidateOnFocus: true },
  );
}
