import type { CalendarDay } from '../../../contract/availability.ts';

/** One month of the price calendar: its first day (YYYY-MM-01) and its weeks, Sunday first, blanks as null. */
export interface CalendarMonth {
  month: string;
  weeks: (CalendarCell | null)[][];
  /** The lowest price on an open date of the month, marked only when another open date costs more. */
  cheapest: number | null;
}

export interface CalendarCell {
  travelDate: string;
  /** The departure on this date, or null when nothing leaves that day. */
  day: CalendarDay | null;
}

/** Whether a departure can still be chosen (not sold out, not stop-sold). */
export const isOpen = (d: CalendarDay) => d.status === 'available' || d.status === 'limited';

const DAY_MS = 86_400_000;

/** The months holding departures, in order, each laid out in weeks. */
export function calendarMonths(days: readonly CalendarDay[]): CalendarMonth[] {
  const byMonth = new Map<string, CalendarDay[]>();
  for (const d of days) {
    const month = `${d.travelDate.slice(0, 7)}-01`;
    byMonth.set(month, [...(byMonth.get(month) ?? []), d]);
  }
  return [...byMonth.keys()].sort().map((month) => {
    const list = byMonth.get(month)!;
    const byDate = new Map(list.map((d) => [d.travelDate, d]));
    const first = new Date(`${month}T00:00:00Z`);
    const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    const cells: (CalendarCell | null)[] = Array.from({ length: first.getUTCDay() }, () => null);
    for (let i = 0; i < length; i++) {
      const travelDate = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      cells.push({ travelDate, day: byDate.get(travelDate) ?? null });
    }
    while (cells.length % 7) cells.push(null);
    const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
    const open = list.filter(isOpen).map((d) => d.fromPerAdult);
    const lowest = open.length ? Math.min(...open) : null;
    const cheapest = lowest !== null && open.some((p) => p > lowest) ? lowest : null;
    return { month, weeks, cheapest };
  });
}

/** The month to open on: the chosen date's, else the first with an open date, else the first. */
export function startMonth(months: readonly CalendarMonth[], chosen: string): number {
  const ofChosen = months.findIndex((m) => m.month.slice(0, 7) === chosen.slice(0, 7));
  if (ofChosen >= 0) return ofChosen;
  const firstOpen = months.findIndex((m) => m.weeks.some((w) => w.some((c) => c?.day && isOpen(c.day))));
  return Math.max(0, firstOpen);
}
