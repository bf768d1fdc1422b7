import { describe, expect, it } from 'vitest';
import { TAP_TTL_MS, countWithTaps, unsettledTaps, type PendingTap } from './cart-events.ts';

const taps = (entries: [string, PendingTap][]) => new Map(entries);

describe('cart badge count', () => {
  it('shows a tap before the database does, and does not count it twice once it does', () => {
    const t = taps([['new', { delta: 1, at: 1000 }]]);
    expect(countWithTaps(new Set(['a', 'b']), t, 1001)).toBe(3);
    expect(countWithTaps(new Set(['a', 'b', 'new']), t, 1002)).toBe(3);
  });

  it('a stale database answer (from before the write) does not take the tap back', () => {
    // Tapped twice: the database still shows neither, then only the first.
    const t = taps([
      ['x', { delta: 1, at: 1000 }],
      ['y', { delta: 1, at: 1010 }],
    ]);
    expect(countWithTaps(new Set(['a']), t, 1020)).toBe(3);
    const left = unsettledTaps(new Set(['a', 'x']), t, 1030);
    expect([...left.keys()]).toEqual(['y']);
    expect(countWithTaps(new Set(['a', 'x']), left, 1030)).toBe(3);
  });

  it('a removal shows at once and settles when the line is gone', () => {
    const t = taps([['a', { delta: -1, at: 1000 }]]);
    expect(countWithTaps(new Set(['a', 'b']), t, 1001)).toBe(1);
    expect(unsettledTaps(new Set(['b']), t, 1002).size).toBe(0);
    expect(countWithTaps(new Set(['b']), t, 1002)).toBe(1);
  });

  it('before the database answers, the taps alone; never below zero; a tap the database never shows expires', () => {
    expect(countWithTaps(null, taps([['n', { delta: 1, at: 0 }]]), 1)).toBe(1);
    expect(countWithTaps(new Set(), taps([['gone', { delta: -1, at: 0 }]]), 1)).toBe(0);
    const t = taps([['lost', { delta: 1, at: 0 }]]);
    expect(countWithTaps(new Set(['a']), t, TAP_TTL_MS + 1)).toBe(1);
    expect(unsettledTaps(new Set(['a']), t, TAP_TTL_MS + 1).size).toBe(0);
  });
});
