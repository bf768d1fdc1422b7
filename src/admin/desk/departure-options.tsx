import type { DepartureList } from '../../../contract/availability.ts';
import { formatDay } from '../../../contract/format.ts';

/** A holiday's departures as a select's options: sold-out and closed ones shown but not chosen, with the rooms left. */
export function DepartureOptions({ departures }: { departures: DepartureList['departures'] }) {
  return (
    <>
      <option value="">Choose a departure</option>
      {departures.map((d) => (
        <option key={d.travelDate} value={d.travelDate} disabled={d.status === 'sold-out' || d.status === 'closed'}>
          {formatDay(d.travelDate)} ·{' '}
          {d.status === 'sold-out' ? 'sold out' : d.roomsLeft === null ? 'available' : `${d.roomsLeft} rooms left`}
        </option>
      ))}
    </>
  );
}
