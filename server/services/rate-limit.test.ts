import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';
import { addressBlock, claimAttempt, hashAddress, hitRateLimit, refundAttempt } from './rate-limit.ts';

describe('hitRateLimit', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ seed: false });
  });
  afterAll(() => database.close());

  it('allows up to the limit in a window, then refuses, then starts afresh', async () => {
    const opts = { limit: 2, windowMs: 60_000 };
    const t0 = new Date('2026-01-01T10:00:00Z');
    expect((await hitRateLimit(database.db, 'k', opts, t0)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, 'k', opts, new Date(t0.getTime() + 1000))).allowed).toBe(true);
    const third = await hitRateLimit(database.db, 'k', opts, new Date(t0.getTime() + 2000));
    expect(third).toMatchObject({ allowed: false, count: 3, retryAfter: 58 });
    // Another key has its own count.
    expect((await hitRateLimit(database.db, 'other', opts, t0)).allowed).toBe(true);
    const later = await hitRateLimit(database.db, 'k', opts, new Date(t0.getTime() + 60_000));
    expect(later).toMatchObject({ allowed: true, count: 1 });
  });

  it('hashes addresses so the same address gives the same key and raw addresses are not stored', () => {
    expect(hashAddress('10.0.0.1', 's')).toBe(hashAddress('10.0.0.1', 's'));
    expect(hashAddress('10.0.0.1', 's')).not.toBe(hashAddress('10.0.0.2', 's'));
    expect(hashAddress('10.0.0.1', 's')).not.toContain('10.0.0.1');
  });

  it('counts an IPv6 address by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(addressBlock('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
    expect(addressBlock('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBlock('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressBlock('192.0.2.1')).toBe('192.0.2.1');
    expect(hashAddress('2001:db8:1:2::a', 's')).toBe(hashAddress('2001:db8:1:2:ffff::b', 's'));
    expect(hashAddress('2001:db8:1:2::a', 's')).not.toBe(hashAddress('2001:db8:1:3::a', 's'));
  });

  it('claimAttempt: free tries, then waits doubling to a cap; a refused try is not counted; quiet time forgets', async () => {
    const rule = { free: 2, baseDelayMs: 1000, maxDelayMs: 4000, quietMs: 60_000 };
    const t0 = new Date('2026-01-01T10:00:00Z').getTime();
    const at = (ms: number) => claimAttempt(database.db, 'throttle', rule, new Date(t0 + ms));
    expect(await at(0)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await at(0)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await at(0)).toEqual({ allowed: false, retryAfter: 1 });
    expect(await at(999)).toEqual({ allowed: false, retryAfter: 1 });
    expect((await at(1000)).allowed).toBe(true);
    expect(await at(1000)).toEqual({ allowed: false, retryAfter: 2 });
    expect((await at(3000)).allowed).toBe(true);
    expect(await at(3000)).toEqual({ allowed: false, retryAfter: 4 });
    expect((await at(7000)).allowed).toBe(true);
    // Capped at 4 s.
    expect(await at(7000)).toEqual({ allowed: false, retryAfter: 4 });
    // A minute of quiet and it starts afresh.
    expect((await at(7000 + 60_000)).allowed).toBe(true);
    expect((await at(7000 + 60_000)).allowed).toBe(true);
    expect((await at(7000 + 60_000)).allowed).toBe(false);
  });

  it('refundAttempt gives back an attempt that was no failure', async () => {
    const rule = { free: 2, baseDelayMs: 60_000, maxDelayMs: 60_000, quietMs: 60_000 };
    const now = new Date('2026-01-03T10:00:00Z');
    await claimAttempt(database.db, 'refund', rule, now);
    await claimAttempt(database.db, 'refund', rule, now);
    await refundAttempt(database.db, 'refund');
    expect((await claimAttempt(database.db, 'refund', rule, now)).allowed).toBe(true);
    expect((await claimAttempt(database.db, 'refund', rule, now)).allowed).toBe(false);
  });

  it('claimAttempt: many claims at once are each counted before any is judged', async () => {
    const rule = { free: 5, baseDelayMs: 60_000, maxDelayMs: 60_000, quietMs: 60_000 };
    const now = new Date('2026-01-02T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 100 }, () => claimAttempt(database.db, 'parallel', rule, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});
