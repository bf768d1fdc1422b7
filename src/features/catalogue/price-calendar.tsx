import { useState, useSyncExternalStore } from 'react';
import type { Currency } from '../../../contract/site-rules.ts';
import { getPriceCalendar } from '../../../contract/catalogue-calls.ts';
import { formatMinor, formatMonthYear, formatTravelDate } from '../../../contract/format.ts';
import { isOffline, subscribeOffline } from '../../lib/reachability.ts';
import { useCall } from '../../lib/use-call.ts';
import { calendarMonths, isOpen, startMonth, type CalendarCell } from './price-calendar-months.ts';
import './price-calendar.css';

/*
 * The package page's price calendar (loaded after the page, never on the first route): a month of
 * departures with the price from per adult on each date, "2 left" when rooms are few, sold-out and
 * stop-sold dates struck through, the month's cheapest date marked. Tapping a date fills the travel
 * date. Read from the server (Holiday/GetPriceCalendar); the last copy is kept on the device with
 * the other public reads (src/lib/swr-persist.ts), so offline it shows that copy and says when its
 * prices are from.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** A copy older than this says when its prices are from even online. */
const STALE_MS = 10 * 60_000;

/** The price in a cell, short enough for a seventh of a phone's width: the currency is in the caption. */
function cellPrice(amount: number, currency: Currency): string {
  return formatMinor(amount, currency).replace(/^AED /, '').replace(/^₹/, '');
}

function asOfText(iso: string): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${formatTravelDate(at.toISOString().slice(0, 10))}, ${time}`;
}

export default function PriceCalendar({
  packageId,
  chosen,
  onChoose,
}: {
  packageId: number;
  chosen: string;
  onChoose(travelDate: string): void;
}) {
  const calendar = useCall(getPriceCalendar, { packageId }, { revalidateOnFocus: true, shouldRetryOnError: false });
  const offline = useSyncExternalStore(subscribeOffline, isOffline, () => false);
  const data = calendar.data;
  const months = data ? calendarMonths(data.days) : [];
  const [shown, setShown] = useState<number | null>(null);
  if (!data || months.length === 0) return null;
  const index = Math.min(shown ?? startMonth(months, chosen), months.length - 1);
  const month = months[index]!;
  const old = offline || calendar.error !== undefined || Date.now() - Date.parse(data.asOf) > STALE_MS;
  const label = (cell: CalendarCell) => {
    const d = cell.day!;
    const parts = [formatTravelDate(cell.travelDate)];
    if (d.status === 'sold-out') parts.push('sold out');
    else if (d.status === 'closed') parts.push('not on sale');
    else {
      parts.push(`from ${formatMinor(d.fromPerAdult, data.currency)} per adult`);
      if (d.status === 'limited' && d.roomsLeft !== null)
        parts.push(`${d.roomsLeft} ${d.roomsLeft === 1 ? 'room' : 'rooms'} left`);
      if (month.cheapest === d.fromPerAdult) parts.push('cheapest this month');
    }
    return parts.join(', ');
  };
  return (
    <fieldset className="price-calendar">
      <legend>Departures</legend>
      <div className="price-calendar-head">
        <button type="button" onClick={() => setShown(index - 1)} disabled={index === 0} aria-label="Previous month">
          ‹
        </button>
        <p aria-live="polite">{formatMonthYear(month.month)}</p>
        <button
          type="button"
          onClick={() => setShown(index + 1)}
          disabled={index === months.length - 1}
          aria-label="Next month"
        >
          ›
        </button>
      </div>
      <table>
        <caption>
          From, per adult sharing ({data.currency})
          {old ? <span className="price-calendar-asof"> · prices as of {asOfText(data.asOf)}</span> : null}
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map((w) => (
              <th key={w} scope="col" abbr={w}>
                {w.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {month.weeks.map((week, w) => (
            <tr key={w}>
              {week.map((cell, i) => (
                <td key={i}>
                  {cell?.day ? (
                    <button
                      type="button"
                      data-date={cell.travelDate}
                      data-status={cell.day.status}
                      className={month.cheapest === cell.day.fromPerAdult && isOpen(cell.day) ? 'cheapest' : undefined}
                      aria-pressed={chosen === cell.travelDate}
                      disabled={!isOpen(cell.day)}
                      onClick={() => onChoose(cell.travelDate)}
                    >
                      {/* The cell's short figures are for the eye; a screen reader hears the date and price. */}
                      <span className="day" aria-hidden="true">
                        {Number(cell.travelDate.slice(8))}
                      </span>
                      {isOpen(cell.day) ? (
                        <span className="price" aria-hidden="true">
                          {cellPrice(cell.day.fromPerAdult, data.currency)}
                        </span>
                      ) : (
                        <s className="price" aria-hidden="true">
                          {cell.day.status === 'sold-out' ? 'Full' : 'Closed'}
                        </s>
                      )}
                      {cell.day.status === 'limited' && cell.day.roomsLeft !== null ? (
                        <span className="left" aria-hidden="true">
                          {cell.day.roomsLeft} left
                        </span>
                      ) : null}
                      <span className="visually-hidden">{label(cell)}</span>
                    </button>
                  ) : cell ? (
                    <span className="no-departure">{Number(cell.travelDate.slice(8))}</span>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {month.cheapest !== null ? (
        <p className="price-calendar-key">
          <span className="cheapest-key" aria-hidden="true" /> Cheapest date this month
        </p>
      ) : null}
    </fieldset>
  );
}
