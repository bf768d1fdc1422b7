import { describe, expect, it } from 'vitest';
import { siteDay } from '../../contract/site-rules.ts';
import { siteDayNow } from './shared-answers.ts';

describe('siteDayNow', () => {
  it('answers the day of the clock it is given, whatever an earlier caller asked', () => {
    const today = Date.now();
    const inAYear = today + 366 * 86_400_000;
    const aYearAgo = today - 366 * 86_400_000;
    for (const site of ['UAE', 'IN'] as const) {
      // A caller on a future clock, then one on the real clock, then one in the past (decision 0103).
      expect(siteDayNow(site, inAYear)).toBe(siteDay(inAYear, site));
      expect(siteDayNow(site, today)).toBe(siteDay(today, site));
      expect(siteDayNow(site, aYearAgo)).toBe(siteDay(aYearAgo, site));
      expect(siteDayNow(site, today)).toBe(siteDay(today, site));
    }
  });

  it("changes day at the site's midnight, not UTC's: the last millisecond before and the first after", () => {
    // 2026-03-31 24:00 in India is 18:30 UTC; in the UAE 20:00 UTC.
    const indiaMidnight = Date.parse('2026-03-31T18:30:00Z');
    expect(siteDayNow('IN', indiaMidnight - 1)).toBe('2026-03-31');
    expect(siteDayNow('IN', indiaMidnight)).toBe('2026-04-01');
    expect(siteDayNow('IN', indiaMidnight - 1)).toBe('2026-03-31');
    const uaeMidnight = Date.parse('2026-03-31T20:00:00Z');
    expect(siteDayNow('UAE', uaeMidnight - 1)).toBe('2026-03-31');
    expect(siteDayNow('UAE', uaeMidnight)).toBe('2026-04-01');
    expect(siteDayNow('UAE', uaeMidnight - 1)).toBe('2026-03-31');
  });
});
