import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '../../../contract/availability.ts';
import { calendarMonths, startMonth } from './price-calendar-months.ts';

const day = (travelDate: string, fromPerAdult: number, status: CalendarDay['status'] = 'available'): CalendarDay => ({
  travelDate,
  fromPerAdult,
  status,
  roomsLeft: null,
  coupon: null,
});

describe('the price calendar’s months', () => {
  it('lays each month out in Sunday-first weeks with every date of the month, departures in their cells', () => {
    const [june] = calendarMonths([day('2027-06-04', 500_000)]);
    expect(june!.month).toBe('2027-06-01');
    // 1 June 2027 is a Tuesday: two blanks, then the 30 days, padded to whole weeks.
    expect(june!.weeks[0]!.slice(0, 3)).toEqual([null, null, { travelDate: '2027-06-01', day: null }]);
    const cells = june!.weeks.flat().filter((c) => c !== null);
    expect(cells).toHaveLength(30);
    expect(cells.find((c) => c.travelDate === '2027-06-04')!.day).toMatchObject({ fromPerAdult: 500_000 });
    expect(june!.weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('marks the month’s cheapest open date only when another open date costs more; sold-out and stop-sold dates do not count', () => {
    const months = calendarMonths([
      day('2027-06-04', 500_000),
      day('2027-06-11', 450_000),
      day('2027-06-18', 300_000, 'sold-out'),
      day('2027-06-25', 100_000, 'closed'),
      day('2027-07-02', 500_000),
      day('2027-07-09', 500_000, 'limited'),
    ]);
    expect(months.map((m) => [m.month, m.cheapest])).toEqual([
      ['2027-06-01', 450_000],
      ['2027-07-01', null],
    ]);
  });

  it('opens on the chosen date’s month, else the first month with an open date', () => {
    const months = calendarMonths([day('2027-06-04', 1, 'sold-out'), day('2027-07-02', 1), day('2027-08-06', 1)]);
    expect(startMonth(months, '2027-08-06')).toBe(2);
    expect(startMonth(months, '')).toBe(1);
    expect(startMonth(calendarMonths([]), '')).toBe(0);
  });
});
