import { describe, expect, it } from 'vitest';
import { slugOf } from './slug.ts';

describe('slugOf', () => {
  it('lower-cases, folds accents and joins words with single hyphens', () => {
    expect(slugOf('Malé Desk')).toBe('male-desk');
    expect(slugOf('Crème brûlée nights')).toBe('creme-brulee-nights');
    expect(slugOf('  Goa -- Beach!  ')).toBe('goa-beach');
  });

  it('keeps a coupon code as it was (letters, digits, hyphens)', () => {
    expect(slugOf('WELCOME-2026')).toBe('welcome-2026');
  });

  it('cuts to the length asked without a trailing hyphen, and is empty when nothing is left', () => {
    expect(slugOf(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
    expect(slugOf('abc def', 4)).toBe('abc');
    expect(slugOf('★ ✈')).toBe('');
  });
});
