import { useEffect, useState } from 'react';
import { getAvailability, getDepartures } from '../../../contract/catalogue-calls.ts';
import type { Availability } from '../../../contract/availability.ts';
import { formatTravelDate } from '../../../contract/format.ts';
import { useCall } from '../../lib/use-call.ts';
import { whenIdle } from '../../lib/when-idle.ts';

/** Rooms left on one departure, when online; undefined while unknown. Never kept for offline use: it changes by the minute. */
export function useDepartureAvailability(departure: { packageId: number; travelDate: string } | null): Availability | undefined {
  const valid = departure && /^\d{4}-\d{2}-\d{2}$/.test(departure.travelDate) ? departure : null;
  return useCall(getAvailability, valid, { revalidateOnFocus: true, shouldRetryOnError: false }).data;
}

/** "Only 2 rooms left on this date", or sold out: nothing when there is room. */
export function DepartureAvailability({ availability, rooms, when = 'on this date' }: { availability: Availability | undefined; rooms?: number; when?: string }) {
  let text = '';
  if (availability?.status === 'sold-out') text = `Sold out ${when}. Choose another date.`;
  else if (availability?.status === 'closed') text = `Not on sale ${when}. Choose another date.`;
  else if (availability?.status === 'limited' && availability.roomsLeft !== null) {
    const left = availability.roomsLeft;
    text = `Nearly full: only ${left} ${left === 1 ? 'room' : 'rooms'} left ${when}.`;
    if (rooms && rooms > left) text += ` You asked for ${rooms}.`;
  }
  return (
    <p className={`availability${availability?.status === 'sold-out' || availability?.status === 'closed' ? ' availability-out' : ''}`} role="status">
      {text}
    </p>
  );
}

/** The dates staff scheduled for the package (open for sale), asked once the page is idle; [] while unknown or offline. */
export function useScheduledDepartures(packageId: number): Availability[] {
  const [ask, setAsk] = useState(false);
  useEffect(() => {
    void whenIdle().then(() => setAsk(true));
  }, []);
  return useCall(getDepartures, ask ? { packageId } : null, { revalidateOnFocus: true, shouldRetryOnError: false }).data?.departures ?? [];
}

/** The scheduled departures as buttons that choose the date (a sold-out one cannot be chosen). */
export function ScheduledDepartures({ departures, chosen, onChoose }: { departures: Availability[]; chosen: string; onChoose(travelDate: string): void }) {
  if (departures.length === 0) return null;
  return (
    <fieldset className="departure-list">
      <legend>Departures</legend>
      <ul>
        {departures.map((d) => {
          const left = d.status === 'sold-out' ? 'sold out' : d.roomsLeft === null ? 'available' : `${d.roomsLeft} ${d.roomsLeft === 1 ? 'room' : 'rooms'} left`;
          return (
            <li key={d.travelDate}>
              <button type="button" aria-pressed={chosen === d.travelDate} disabled={d.status === 'sold-out'} onClick={() => onChoose(d.travelDate)} data-date={d.travelDate}>
                {formatTravelDate(d.travelDate)} · {left}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
