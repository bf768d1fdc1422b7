import { SITE_OFFSET_MINUTES, siteDay, type Site } from './site-rules.ts';

/*
 * The shop's calendar, one place for the server and the browser: a site's day and its midnight,
 * adding days, month ends and India's financial year. Days are YYYY-MM-DD strings in the site's
 * own time zone (no daylight saving in either: UAE UTC+4, India UTC+5:30), instants are Dates.
 */

export { siteDay };

const DAY_MS = 86_400_000;

/** Each site's calendar day at an instant: "today" for anything decided per booking by its site. */
export type SiteDays = Record<Site, string>;
export const siteDays = (instant: Date | number): SiteDays => ({
  UAE: siteDay(instant, 'UAE'),
  IN: siteDay(instant, 'IN'),
});

/** The instant a site's calendar day (YYYY-MM-DD) begins: its midnight. */
export function siteDayStart(day: string, site: Site): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - SITE_OFFSET_MINUTES[site] * 60_000);
}

/** YYYY-MM-DD plus `days` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The last day of a YYYY-MM month. */
export function monthEnd(month: string): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
}

/** The first day (YYYY-MM-DD) of the Indian financial year (April to March) holding this day. */
export function financialYearStart(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** The financial year (`2026-27`) holding an India day. */
export function financialYearOf(day: string): string {
  const y = Number(financialYearStart(day).slice(0, 4));
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
}
