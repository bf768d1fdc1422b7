import { getAvailability } from '../../../contract/catalogue-calls.ts';
import type { Availability } from '../../../contract/availability.ts';
import { useCall } from '../../lib/use-call.ts';

/** Rooms left on one departure, when online; undefined while unknown. Never kept for offline use: it changes by the minute. */
export function useDepartureAvailability(departure: { packageId: number; travelDate: string } | null): Availability | undefined {
  const valid = departure && /^\d{4}-\d{2}-\d{2}$/.test(departure.travelDate) ? departure : null;
  return useCall(getAvailability, valid, { revalidateOnFocus: true, shouldRetryOnError: false }).data;
}

/** "Only 2 rooms left on this date", or sold out: nothing when there is room. */
export function DepartureAvailability({ availability, rooms, when = 'on this date' }: { availability: Availability | undefined; rooms?: number; when?: string }) {
  let text = '';
  if (availability?.status === 'sold-out') text = `Sold out ${when}. Choose another date.`;
  else if (availability?.status === 'limited' && availability.roomsLeft !== null) {
    const left = availability.roomsLeft;
    text = `Nearly full: only ${left} ${left === 1 ? 'room' : 'rooms'} left ${when}.`;
    if (rooms && rooms > left) text += ` You asked for ${rooms}.`;
  }
  return (
    <p className={`availability${availability?.status === 'sold-out' ? ' availability-out' : ''}`} role="status">
      {text}
    </p>
  );
}
