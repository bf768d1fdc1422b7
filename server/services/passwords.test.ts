import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../lib/errors.ts';
import { HASH_LANES, hashPassword, verifyPassword } from './passwords.ts';

const gzipAsync = promisify(gzip);

describe('password hashing takes turns (decision 0092)', () => {
  it('still tells a right password from a wrong one', async () => {
    const stored = await hashPassword('a long enough password');
    expect(await verifyPassword('a long enough password', stored)).toBe(true);
    expect(await verifyPassword('another password', stored)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
  });

  it('leaves the thread pool to compression while a burst of sign-ins hashes', async () => {
    // Twelve sign-ins at once. Unlimited, they took all four of libuv's threads and queued the rest
    // ahead of the gzip below, which then finished only after eight of them. In turns, at most
    // HASH_LANES hash at once, and the gzip of a page finds a free thread straight away.
    let hashed = 0;
    const burst = Array.from({ length: 12 }, () =>
      verifyPassword('a password', 'not a stored hash').then(() => hashed++),
    );
    await gzipAsync(Buffer.alloc(64 * 1024, 'package page '));
    const hashedBeforeGzip = hashed;
    await Promise.all(burst);
    expect(hashed).toBe(12);
    expect(hashedBeforeGzip).toBeLessThan(4);
    expect(HASH_LANES).toBeGreaterThanOrEqual(1);
  });

  it('refuses a sign-in at once, with a time to come back, when the queue is too long', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: HASH_LANES + 70 }, () => verifyPassword('a password', 'not a stored hash')),
    );
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    const first = refused[0]!.reason as DomainError;
    expect(first).toBeInstanceOf(DomainError);
    expect(first.kind).toBe('unavailable');
    expect(first.retryAfter).toBeGreaterThan(0);
    expect(first.message).toMatch(/try again in a few seconds/);
    // Those that waited their turn were all answered.
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBe(HASH_LANES + 64);
  }, 30_000);
});
