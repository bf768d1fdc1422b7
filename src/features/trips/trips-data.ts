import { bookingsList } from '../../../contract/booking-calls.ts';
import type { Prefetch } from '../../app/prefetch.ts';

/** My trips' SWR key for a traveller's list (use-bookings.ts reads it by the same). */
export const tripsListKey = (userId: string) => ['trips/list', userId];

/** A signed-in traveller's list, read with their token before My trips is rendered for them (server only). */
export const tripsPrefetch = (userId: string): Prefetch[] => [
  { call: bookingsList, params: { userid: Number(userId) }, key: tripsListKey(userId) },
];
