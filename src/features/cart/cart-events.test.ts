import { describe, expect, it, vi } from 'vitest';
import { CART_DELTA_EVENT } from './cart-delta-event.ts';
import {
  TAP_TTL_MS,
  announceCartDelta,
  countWithTaps,
  recentCartDeltas,
  unsettledTaps,
  type PendingTap,
} from './cart-events.ts';

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

describe('taps made before the badge’s code is in (decision 0079)', () => {
  it('are kept for TAP_TTL_MS with their time, in order, and wake the badge’s code on window', () => {
    vi.useFakeTimers({ now: 50_000 });
    const woken = vi.fn();
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    win.addEventListener(CART_DELTA_EVENT, woken);
    try {
      announceCartDelta({ owner: 'guest:g', site: 'UAE', lineId: 'a', delta: 1 });
      vi.setSystemTime(51_000);
      announceCartDelta({ owner: 'guest:g', site: 'UAE', lineId: 'a', delta: 0 });
      announceCartDelta({ owner: 'guest:g', site: 'UAE', lineId: 'b', delta: 1 });
      expect(woken).toHaveBeenCalledTimes(3);
      expect(recentCartDeltas().map((r) => [r.change.lineId, r.change.delta, r.at])).toEqual([
        ['a', 1, 50_000],
        ['a', 0, 51_000],
        ['b', 1, 51_000],
      ]);
      expect(recentCartDeltas(50_000 + TAP_TTL_MS + 1).map((r) => r.change.lineId)).toEqual(['a', 'b']);
      expect(recentCartDeltas(51_000 + TAP_TTL_MS + 1)).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
