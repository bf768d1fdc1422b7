import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('forgets an entry after its time, the least recently used beyond its size, and everything on clear', () => {
    let now = 0;
    const cache = new BoundedCache<string>({ maxBytes: 10, ttlMs: 1000, now: () => now });
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('c', 'C', 4); // 12 bytes: b goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    cache.set('d', 'D', 11); // bigger than the whole cache: not kept
    expect(cache.get('d')).toBeUndefined();
    cache.set('e', 'E', 1);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
