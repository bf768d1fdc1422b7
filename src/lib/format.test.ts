import { describe, expect, it } from 'vitest';
import { formatMoney, nightsDays } from './format.ts';

describe('formatMoney', () => {
  it('writes AED with western grouping', () => {
    expect(formatMoney({ amount: 1250, currency: 'AED' })).toBe('AED 1,250');
    expect(formatMoney({ amount: 1250000, currency: 'AED' })).toBe('AED 1,250,000');
  });
  it('writes rupees with Indian digit grouping', () => {
    expect(formatMoney({ amount: 125000, currency: 'INR' })).toBe('₹1,25,000');
    expect(formatMoney({ amount: 12500000, currency: 'INR' })).toBe('₹1,25,00,000');
    expect(formatMoney({ amount: 999, currency: 'INR' })).toBe('₹999');
  });
  it('says nights and days', () => {
    expect(nightsDays(1, 2)).toBe('1 night / 2 days');
    expect(nightsDays(5, 6)).toBe('5 nights / 6 days');
  });
});
