import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem, stateOfGstCode, taxHint, tcsText } from './tax.ts';

describe('GSTIN', () => {
  it('checks the form, the state code and the check character', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem(' 27aapfu0939f1zv ')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/^Its last character/);
    expect(gstinProblem('98AAPFU0939F1Z3')).toMatch(/^98 is not a GST state code/);
    expect(gstinProblem('27AAPFU0939F')).toMatch(/^A GSTIN has 15 characters/);
  });

  it('reads state codes, old ones as today’s', () => {
    expect(stateOfGstCode('27')).toEqual({ state: 'Maharashtra', code: '27' });
    expect(stateOfGstCode('07')).toEqual({ state: 'Delhi', code: '07' });
    expect(stateOfGstCode('28')).toEqual({ state: 'Andhra Pradesh', code: '37' });
    expect(stateOfGstCode('99')).toBeNull();
  });
});

describe('the taxes beside a price', () => {
  const flat = {
    day: '2026-11-25',
    gst: 5,
    vat: null,
    tcs: { effectiveFrom: '2026-04-01', rate: 2, threshold: null, rateAbove: null },
  };
  const threshold = { ...flat, tcs: { effectiveFrom: '2025-04-01', rate: 5, threshold: 100_000_000, rateAbove: 20 } };
  it('India: GST, and TCS at the day’s rule on overseas packages', () => {
    expect(taxHint('IN', { overseas: true, vatTreatment: 'zero' }, flat)).toBe('+ GST 5% + TCS 2%');
    expect(taxHint('IN', { overseas: false, vatTreatment: 'standard' }, flat)).toBe('+ GST 5%');
    expect(tcsText(threshold.tcs)).toBe('TCS 5% (20% above ₹10 lakh a year)');
  });
  it('UAE: the package’s VAT treatment', () => {
    expect(
      taxHint(
        'UAE',
        { overseas: false, vatTreatment: 'standard' },
        { day: '2026-11-25', gst: null, vat: 5, tcs: null },
      ),
    ).toBe('incl. VAT 5%');
    // Before the day's rules are read: the tax named, never a guessed rate.
    expect(taxHint('UAE', { overseas: false, vatTreatment: 'standard' }, null)).toBe('incl. VAT');
    expect(taxHint('IN', { overseas: false, vatTreatment: 'standard' }, undefined)).toBe('+ GST');
    expect(taxHint('UAE', { overseas: true, vatTreatment: 'zero' }, null)).toBe('zero-rated: no VAT');
  });
});
