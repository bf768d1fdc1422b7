import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  financialYearOf,
  financialYearStart,
  monthEnd,
  siteDay,
  siteDays,
  siteDayStart,
} from './calendar.ts';

describe('the calendar', () => {
  it("takes each site's day where the site is: between 18:30 and 20:00 UTC India is a day ahead of the UAE", () => {
    const evening = new Date('2026-11-28T19:00:00Z');
    expect(siteDays(evening)).toEqual({ UAE: '2026-11-28', IN: '2026-11-29' });
    expect(siteDay(new Date('2026-11-28T20:00:00Z'), 'UAE')).toBe('2026-11-29');
    expect(siteDay(new Date('2026-11-28T18:29:59Z'), 'IN')).toBe('2026-11-28');
  });

  it("starts a site's day at its own midnight, and that instant is that day there", () => {
    expect(siteDayStart('2026-11-29', 'IN').toISOString()).toBe('2026-11-28T18:30:00.000Z');
    expect(siteDayStart('2026-11-29', 'UAE').toISOString()).toBe('2026-11-28T20:00:00.000Z');
    for (const site of ['UAE', 'IN'] as const) {
      const start = siteDayStart('2027-03-01', site);
      expect(siteDay(start, site)).toBe('2027-03-01');
      expect(siteDay(start.getTime() - 1, site)).toBe('2027-02-28');
    }
  });

  it('adds days across months, years and leap days, and counts the days between', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2026-11-28', 0)).toBe('2026-11-28');
    expect(daysBetween('2026-11-28', '2027-01-01')).toBe(34);
    expect(daysBetween('2027-01-01', '2026-11-28')).toBe(-34);
    expect(daysBetween('2026-11-28', addDays('2026-11-28', 400))).toBe(400);
  });

  it("ends a month on its last day and finds India's financial year (April to March)", () => {
    expect(monthEnd('2028-02')).toBe('2028-02-29');
    expect(monthEnd('2026-12')).toBe('2026-12-31');
    expect(financialYearStart('2027-03-31')).toBe('2026-04-01');
    expect(financialYearStart('2027-04-01')).toBe('2027-04-01');
    expect(financialYearOf('2026-11-28')).toBe('2026-27');
    expect(financialYearOf('2099-05-01')).toBe('2099-00');
  });
});
