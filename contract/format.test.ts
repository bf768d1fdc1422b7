import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatMinor,
  formatMoney,
  formatMonthYear,
  formatSiteDay,
  formatTravelDate,
  nightsDays,
  toMinor,
  typedAmount,
} from './format.ts';

describe('formatMoney (amounts in the smallest unit: fils, paise)', () => {
  it('writes AED with western grouping', () => {
    expect(formatMoney({ amount: 125_000, currency: 'AED' })).toBe('AED 1,250');
    expect(formatMoney({ amount: 125_000_000, currency: 'AED' })).toBe('AED 1,250,000');
    expect(formatMoney({ amount: 0, currency: 'AED' })).toBe('AED 0');
  });
  it('writes rupees with Indian digit grouping', () => {
    expect(formatMoney({ amount: 12_500_000, currency: 'INR' })).toBe('₹1,25,000');
    expect(formatMoney({ amount: 1_250_000_000, currency: 'INR' })).toBe('₹1,25,00,000');
    expect(formatMoney({ amount: 99_900, currency: 'INR' })).toBe('₹999');
    expect(formatMoney({ amount: 100_000, currency: 'INR' })).toBe('₹1,000');
  });
  it('writes an amount that is not whole with two decimals', () => {
    expect(formatMoney({ amount: 129_950, currency: 'AED' })).toBe('AED 1,299.50');
    expect(formatMoney({ amount: 236_205, currency: 'INR' })).toBe('₹2,362.05');
  });
  it('groups and rounds exactly as Intl does, for both sites', () => {
    const western = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const indian = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const westernCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const indianCents = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [
      0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 123456, 999999, 1000000, 12345678, 123456789,
      1234567890, 98765432101,
    ];
    for (const n of amounts) {
      expect(formatMoney({ amount: n * 100, currency: 'AED' })).toBe(`AED ${western.format(n)}`);
      expect(formatMoney({ amount: n * 100, currency: 'INR' })).toBe(`₹${indian.format(n)}`);
      for (const cents of [1, 5, 50, 99]) {
        const minor = n * 100 + cents;
        expect(formatMoney({ amount: minor, currency: 'AED' })).toBe(`AED ${westernCents.format(minor / 100)}`);
        expect(formatMoney({ amount: minor, currency: 'INR' })).toBe(`₹${indianCents.format(minor / 100)}`);
      }
    }
    // Less than a fils or a paisa: rounded half away from zero, as Intl rounds.
    for (const [minor, shown] of [
      [0.4, 'AED 0'],
      [0.5, 'AED 0.01'],
      [149_999.5, 'AED 1,500'],
      [149_999.7, 'AED 1,500'],
      [-1.5, '-AED 0.02'],
    ] as const)
      expect(formatMinor(minor, 'AED')).toBe(shown);
  });
  it('puts the minus before the currency, as the back office writes a negative difference', () => {
    for (const n of [1, 999, 1000, 123456])
      expect(formatMinor(-n * 100, 'INR')).toBe(`-₹${new Intl.NumberFormat('en-IN').format(n)}`);
    expect(formatMinor(-129_950, 'AED')).toBe('-AED 1,299.50');
  });
  it('never writes minus zero (Intl would: -0)', () => {
    expect(formatMoney({ amount: -0.4, currency: 'AED' })).toBe('AED 0');
    expect(formatMoney({ amount: -0, currency: 'INR' })).toBe('₹0');
    expect(formatMinor(-0.4, 'INR')).toBe('₹0');
  });
  it('says nights and days', () => {
    expect(nightsDays(1, 2)).toBe('1 night / 2 days');
    expect(nightsDays(5, 6)).toBe('5 nights / 6 days');
  });
});

describe('dates', () => {
  it('writes a day, a travel date and a month in UTC', () => {
    expect(formatDay('2026-12-05')).toBe('5 Dec 2026');
    expect(formatDay('2026-09-30T23:30:00.000Z')).toBe('30 Sep 2026');
    expect(formatDay('2027-01-01T00:00:00+04:00')).toBe('31 Dec 2026');
    expect(formatTravelDate('2026-12-05')).toBe('Sat 5 Dec 2026');
    expect(formatTravelDate('2027-02-28')).toBe('Sun 28 Feb 2027');
    expect(formatMonthYear('2026-03-14T10:00:00Z')).toBe('March 2026');
  });
  it('agrees with Intl on the day, month and year of every day of a leap year', () => {
    const dayMonthYear = new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      weekday: 'short',
      timeZone: 'UTC',
    });
    for (let t = Date.UTC(2028, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      const parts = Object.fromEntries(dayMonthYear.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
      expect(formatTravelDate(iso)).toBe(`${parts.weekday} ${parts.day} ${parts.month!.slice(0, 3)} ${parts.year}`);
      expect(formatMonthYear(iso)).toBe(`${parts.month} ${parts.year}`);
    }
  });
  it('shows a date it cannot read as it came', () => {
    expect(formatDay('soon')).toBe('soon');
    expect(formatMonthYear('')).toBe('');
  });
});

describe('formatSiteDay', () => {
  it('names the day an instant fell on where the site is, as the invoice is dated', () => {
    // 19:00 UTC on 1 May: still the 1st in Dubai (23:00), already the 2nd in India (00:30).
    expect(formatSiteDay('2026-05-01T19:00:00.000Z', 'UAE')).toBe('1 May 2026');
    expect(formatSiteDay('2026-05-01T19:00:00.000Z', 'IN')).toBe('2 May 2026');
    expect(formatSiteDay('2026-12-31T20:30:00Z', 'UAE')).toBe('1 Jan 2027');
    expect(formatSiteDay('not a date', 'UAE')).toBe('not a date');
  });
});

describe('toMinor', () => {
  it('reads what staff type as an amount into the smallest unit, exactly (no floating point)', () => {
    expect(toMinor('1,234.50')).toBe(123450);
    expect(toMinor(' 1250 ')).toBe(125000);
    expect(toMinor('0.07')).toBe(7);
    expect(toMinor('1.1')).toBe(110);
    expect(toMinor('1 25 000')).toBe(12500000);
    expect(toMinor('4.35')).toBe(435);
  });
  it('answers null, one answer, for anything that is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '1.234', '1e3', '12.5.0', '.5', 'AED 10']) expect(toMinor(bad)).toBeNull();
  });
});

describe('typedAmount', () => {
  it('writes an amount back as staff type it, and toMinor reads it as it was', () => {
    expect(typedAmount(165_000)).toBe('1650');
    expect(typedAmount(129_950)).toBe('1299.50');
    expect(typedAmount(7)).toBe('0.07');
    for (const minor of [0, 1, 7, 99, 100, 129_950, 165_000, 4_599_900, 123_456_789]) {
      expect(toMinor(typedAmount(minor))).toBe(minor);
    }
  });
});
