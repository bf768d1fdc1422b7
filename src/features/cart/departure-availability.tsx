import { useEffect, useState } from 'react';
import { getAvailability } from '../../../contract/catalogue-calls.ts';
import type { Availability } from '../../../contract/availability.ts';
import { useCall } from '../../lib/use-call.ts';
import { whenIdle } from '../../lib/when-idle.ts';

/**
 * Rooms left on one departure, when online; undefined while unknown. Never kept for offline use: it changes by the
 * minute.
 */
export function useDepartureAvailability(
  departure: { packageId: number; travelDate: string } | null,
): Availability | undefined {
  const valid = departure && /^\d{4}-\d{2}-\d{2}$/.test(departure.travelDate) ? departure : null;
  return useCall(getAvailability, valid, { revalidateOnFocus: true, shouldRetryOnError: false }).data;
}

/** "Only 2 rooms left on this date", or sold out: nothing when there is room. */
export function DepartureAvailability({
  availability,
  rooms,
  when = 'on this date',
}: {
  availability: Availability | undefined;
  rooms?: number;
  when?: string;
}) {
  let text = '';
  if (availability?.status === 'sold-out') text = `Sold out ${when}. Choose another date.`;
  else if (availability?.status === 'closed') text = `Not on sale ${when}. Choose another date.`;
  else if (availability?.status === 'limited' && availability.roomsLeft !== null) {
    const left = availability.roomsLeft;
    text = `Nearly full: only ${left} ${left === 1 ? 'room' : 'rooms'} left ${when}.`;
    if (rooms && rooms > left) text += ` You asked for ${rooms}.`;
  }
  return (
    <p
      className={`availability${availability?.status === 'sold-out' || availability?.status === 'closed' ? ' availability-out' : ''}`}
      role="status"
    >
      {text}
    </p>
  );
}

type PriceCalendarModule = typeof import('../catalogue/price-calendar.tsx');
let calendarCode: Promise<PriceCalendarModule> | null = null;

/**
 * The price calendar of the package's departures, loaded once the page is idle: its code and its
 * read are never part of the package page's start (src/features/catalogue/price-calendar.tsx).
 */
export function PriceCalendarAfterIdle(props: {
  packageId: number;
  chosen: string;
  onChoose(travelDate: string): void;
}) {
  const [code, setCode] = useState<PriceCalendarModule | null>(null);
  useEffect(() => {
    let live = true;
    void whenIdle()
      .then(() => (calendarCode ??= import('../catalogue/price-calendar.tsx')))
      .then((m) => live && setCode(m))
      .catch(() => {
        calendarCode = null;
      });
    return () => {
      live = false;
    };
  }, []);
  if (!code) return null;
  const Calendar = code.default;
  return <Calendar {...props} />;
}
